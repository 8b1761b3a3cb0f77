import { expect, openMenu, STAFF, test } from './fixtures';

// Issue 16, item 8: /adminDashboard/security reloaded itself on about one load in three ("Error
// loading route module … TypeError: Pt is not a function"), because the `app` chunk and the
// security page's chunk imported each other. The build now refuses chunk cycles (decision 106);
// this loads the page ten times as a signed-in staff member and expects it to render each time,
// without a reload and without that error.
const LOADS = 10;

test('the two-factor page loads ten times in a row without reloading itself', async ({ page }) => {
  test.setTimeout(90_000);
  const routeErrors: string[] = [];
  page.on('console', (message) => {
    if (/Error loading route module|is not a function/i.test(message.text())) {
      routeErrors.push(message.text());
    }
  });
  let loads = 0;
  page.on('load', () => {
    loads += 1;
  });

  // STAFF_2FA=required and no TOTP yet: signing in opens this very page.
  await page.goto('/adminLogin');
  await page.getByLabel('Username').fill(STAFF.username);
  await page.getByLabel('Password', { exact: true }).fill(STAFF.password);
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page).toHaveURL(/\/adminDashboard\/security$/);

  for (let attempt = 1; attempt <= LOADS; attempt += 1) {
    loads = 0;
    await page.goto('/adminDashboard/security');
    await expect(
      page.getByRole('heading', { level: 1, name: 'Two-factor authentication' }),
    ).toBeVisible();
    await expect(
      page.getByRole('button', { name: 'Set up two-factor authentication' }),
    ).toBeVisible();
    await openMenu(page);
    await expect(
      page.getByRole('navigation', { name: 'Back office' }).getByRole('link'),
    ).toHaveText(['Two-factor authentication']);
    // A page that reloads itself fires a second load event.
    await page.waitForLoadState('networkidle');
    expect(loads, `load ${attempt}: the page reloaded itself`).toBe(1);
  }
  expect(routeErrors).toEqual([]);
});
