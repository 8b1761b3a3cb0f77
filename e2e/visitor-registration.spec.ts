import { expect, test, uniqueEmail } from './fixtures';

const REQUIRED_MESSAGES = [
  'First name is required',
  'Last name is required',
  'Email is required',
  'Phone number is required',
  'Password is required',
  'Please confirm your password',
  'Please select a country',
];

test(
  'visitor sees each registration message, registers, logs in, sees the five cards and logs out',
  { tag: '@phone' },
  async ({ page, request }) => {
    await page.goto('/userRegister');
    await expect(page.getByRole('heading', { name: 'Create an Account' })).toBeVisible();

    await page.getByRole('button', { name: 'Register' }).click();
    for (const message of REQUIRED_MESSAGES) await expect(page.getByText(message)).toBeVisible();

    // Editing a field clears that field's error only.
    await page.getByLabel('First Name').fill('Grace');
    await expect(page.getByText('First name is required')).toBeHidden();
    await expect(page.getByText('Last name is required')).toBeVisible();

    await page.getByLabel('Last Name').fill('Hopper');
    await page.getByLabel('Email', { exact: true }).fill('grace at example');
    await page.getByLabel('Phone Number').fill('4915112345678');
    await page.getByLabel('Password', { exact: true }).fill('12345');
    await page.getByLabel('Confirm Password').fill('54321');
    await page.getByLabel('Country').selectOption('Germany');
    await page.getByRole('button', { name: 'Register' }).click();
    await expect(page.getByText('Please enter a valid email')).toBeVisible();
    await expect(page.getByText('Password must be at least 6 characters')).toBeVisible();
    await expect(page.getByText('Passwords do not match')).toBeVisible();

    // One toggle shows and hides both passwords.
    await page.getByRole('button', { name: 'Show passwords' }).click();
    await expect(page.getByLabel('Password', { exact: true })).toHaveAttribute('type', 'text');
    await expect(page.getByLabel('Confirm Password')).toHaveAttribute('type', 'text');
    await page.getByRole('button', { name: 'Hide passwords' }).click();
    await expect(page.getByLabel('Confirm Password')).toHaveAttribute('type', 'password');

    const email = uniqueEmail('grace');
    await page.getByLabel('Email', { exact: true }).fill(email);
    await page.getByLabel('Password', { exact: true }).fill('hopper-1906');
    await page.getByLabel('Confirm Password').fill('hopper-1906');
    await page.getByRole('button', { name: 'Register' }).click();
    await expect(page.getByText('Registration successful', { exact: true })).toBeVisible();
    await expect(page.getByLabel('First Name')).toHaveValue('');
    await expect(page.getByLabel('Email', { exact: true })).toHaveValue('');

    // The same e-mail cannot register twice.
    await page.getByLabel('First Name').fill('Grace');
    await page.getByLabel('Last Name').fill('Hopper');
    await page.getByLabel('Email', { exact: true }).fill(email.toUpperCase());
    await page.getByLabel('Phone Number').fill('4915112345678');
    await page.getByLabel('Password', { exact: true }).fill('hopper-1906');
    await page.getByLabel('Confirm Password').fill('hopper-1906');
    await page.getByLabel('Country').selectOption('Germany');
    await page.getByRole('button', { name: 'Register' }).click();
    await expect(page.getByText('Email already registered', { exact: true })).toBeVisible();

    await page.goto('/userLogin');
    await expect(page.getByRole('heading', { name: 'Welcome Back' })).toBeVisible();
    await page.getByLabel('Email Address').fill(email);
    await page.getByLabel('Password', { exact: true }).fill('hopper-1906');
    await page.getByRole('button', { name: 'Login' }).click();

    await expect(page).toHaveURL(/\/userDashboard\/dashboard$/);
    await expect(page.getByText(/Grace/).first()).toBeVisible();
    for (const card of ['Deposit', 'Profit', 'Bonus', 'Ref. Bonus', 'Balance']) {
      await expect(page.getByRole('region', { name: card, exact: true })).toContainText('$0.00');
    }

    const token = await page.evaluate(() => localStorage.getItem('user-token'));
    expect(token).toBeTruthy();

    await page.getByRole('button', { name: 'Logout' }).click();
    await expect(page).toHaveURL(/\/$/);
    expect(await page.evaluate(() => localStorage.getItem('user-token'))).toBeNull();

    // Logging out revoked the session on the server, not just in the browser.
    const afterLogout = await request.get('/api/userDashboard/send/', {
      headers: { 'user-token': token ?? '' },
    });
    expect(afterLogout.status()).toBe(401);

    await page.goto('/userDashboard');
    await expect(page).toHaveURL(/\/userLogin$/);
  },
);

test('a wrong password shows the server message under the Login button', async ({ page }) => {
  await page.goto('/userLogin');
  await page.getByLabel('Email Address').fill(uniqueEmail('nobody'));
  await page.getByLabel('Password', { exact: true }).fill('not-the-password');
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page.getByRole('alert')).toHaveText('Invalid email or password');
  await expect(page).toHaveURL(/\/userLogin$/);
});

test('a visitor without a token is sent from the dashboard to the login page', async ({ page }) => {
  await page.goto('/userDashboard/dashboard');
  await expect(page).toHaveURL(/\/userLogin$/);
  await expect(page.getByRole('heading', { name: 'Welcome Back' })).toBeVisible();
});
