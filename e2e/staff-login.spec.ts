import { expect, openMenu, registerClient, STAFF, test } from './fixtures';

test(
  'staff log in, see who they are, and log out',
  { tag: '@phone' },
  async ({ page, request }) => {
    await page.goto('/adminDashboard');
    await expect(page).toHaveURL(/\/adminLogin$/);

    // The code field is always there (decision 111); the first owner, not enrolled yet, leaves it
    // empty.
    await expect(page.getByLabel('Authentication code')).toBeVisible();
    await expect(page.getByLabel('Authentication code')).toHaveValue('');
    await page.getByLabel('Username').fill(STAFF.username);
    await page.getByLabel('Password', { exact: true }).fill('wrong-password');
    await page.getByRole('button', { name: 'Login' }).click();
    await expect(page.getByRole('alert')).toHaveText('Invalid credentials. Please try again.');

    await page.getByLabel('Password', { exact: true }).fill(STAFF.password);
    await page.getByRole('button', { name: 'Login' }).click();
    // STAFF_2FA=required and no TOTP yet: the session may only set it up, so that page opens.
    await expect(page).toHaveURL(/\/adminDashboard\/security$/);
    await expect(page.getByText(STAFF.username).first()).toBeVisible();
    // On a phone the side menu starts collapsed behind its Menu toggle.
    await openMenu(page);
    const menu = page.getByRole('navigation', { name: 'Back office' });
    await expect(menu.getByRole('link')).toHaveText(['Two-factor authentication']);

    const token = await page.evaluate(() => localStorage.getItem('admin-token'));
    expect(token).toBeTruthy();

    await page.getByRole('button', { name: 'Logout' }).click();
    await expect(page).toHaveURL(/\/adminLogin$/);
    expect(await page.evaluate(() => localStorage.getItem('admin-token'))).toBeNull();

    const afterLogout = await request.get('/api/adminDashboard/adminDashboard', {
      headers: { 'x-auth-token': token ?? '' },
    });
    expect(afterLogout.status()).toBe(401);
  },
);

test('a client token does not open the staff area', async ({ request }) => {
  const client = await registerClient(request);
  const login = await request.post('/api/userLogin/send', {
    data: { email: client.email, password: client.password },
  });
  const { token } = (await login.json()) as { token: string };
  const response = await request.get('/api/adminDashboard/adminDashboard', {
    headers: { 'x-auth-token': token },
  });
  // docs/product.md §7: a valid token of the wrong kind is 403, not 401.
  expect(response.status()).toBe(403);
  const asClientHeader = await request.get('/api/allUsers/users', {
    headers: { 'user-token': token },
  });
  expect([401, 403]).toContain(asClientHeader.status());
});
