import {
  expect,
  onPhone,
  registerClient,
  startDeskServer,
  test,
  waitForMailedLink,
  type DeskServer,
} from './fixtures';

// Issue 16, items 5 and 6 (decision 106): money moves only after a confirmation that says what,
// whose and how much, and the result is announced and stays on the screen. Staff confirm a
// $1,500 deposit in the back office's queue (on a phone, the buttons are in view); the client
// subscribes to Basic after seeing price, bonus and the balance left. The portal's menu is one
// row on a 1366 px laptop. On a server of its own with STAFF_2FA=optional, so staff sign in
// without enrolling TOTP (staff-back-office.spec.ts has the TOTP journey).
const STAFF_USERNAME = 'confirm-owner';

let server: DeskServer;
test.beforeAll(async () => {
  server = await startDeskServer(STAFF_USERNAME);
});
test.afterAll(async () => {
  await server?.stop();
});

test(
  'staff confirm a deposit after a dialog and see it said; the client subscribes after one',
  { tag: '@phone' },
  async ({ page, browser, playwright }) => {
    test.setTimeout(90_000);
    const base = server.baseUrl;

    // A verified client asks to deposit $1,500 (through the API, as the portal does).
    const api = await playwright.request.newContext({ baseURL: base });
    const client = await registerClient(api, { firstName: 'Annie', lastName: 'Easley' });
    const link = await waitForMailedLink({
      dataDir: server.dataDir,
      to: client.email,
      path: '/verifyEmail',
    });
    const verified = await api.post('/api/email/verify', {
      data: { token: link.slice(link.indexOf('#token=') + '#token='.length) },
    });
    expect(verified.status()).toBe(200);
    const login = await api.post('/api/userLogin/send', {
      data: { email: client.email, password: client.password },
    });
    const userToken = ((await login.json()) as { token: string }).token;
    const deposit = await api.post('/api/deposits', {
      headers: { 'user-token': userToken },
      data: { amountMinor: 150_000, method: 'bitcoin' },
    });
    expect(deposit.status()).toBe(201);
    await api.dispose();

    // Staff: the queue's Confirm is in view on a phone too, and asks before moving money.
    await page.goto(`${base}/adminLogin`);
    await page.getByLabel('Username').fill(STAFF_USERNAME);
    await page.getByLabel('Password', { exact: true }).fill(server.owner.password);
    await page.getByRole('button', { name: 'Login' }).click();
    await expect(page).toHaveURL(/\/adminDashboard$/);
    await page.goto(`${base}/adminDashboard/requests`);
    const confirm = page.getByRole('button', {
      name: /^Confirm deposit of \$1,500\.00 by Annie Easley/,
    });
    await expect(confirm).toBeVisible();
    const box = await confirm.boundingBox();
    const width = page.viewportSize()?.width ?? 0;
    expect(box, 'the Confirm button has a box').not.toBeNull();
    expect((box?.x ?? 0) + (box?.width ?? 0), 'Confirm is within the screen').toBeLessThanOrEqual(
      width,
    );
    const sideways = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(sideways, 'the page itself does not scroll sideways').toBeLessThanOrEqual(0);
    await confirm.click();

    const dialog = page.getByRole('dialog', {
      name: 'Confirm the deposit of $1,500.00 by Annie Easley?',
    });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByRole('button', { name: 'Cancel' })).toBeFocused();
    await dialog.getByRole('button', { name: 'Confirm deposit' }).click();

    const status = page.getByRole('status').filter({ hasText: 'confirmed' });
    await expect(status).toHaveText('Deposit of $1,500.00 by Annie Easley confirmed.');
    await expect(page.getByRole('link', { name: 'Annie Easley' })).toHaveCount(0);
    // It stays once the queue has been read again.
    await page.waitForLoadState('networkidle');
    await expect(status).toHaveText('Deposit of $1,500.00 by Annie Easley confirmed.');

    // The client: Subscribe asks first, with the figures, then the origin's modal.
    const clientContext = await browser.newContext({
      viewport: page.viewportSize() ?? undefined,
    });
    const portal = await clientContext.newPage();
    await portal.addInitScript((token) => localStorage.setItem('user-token', token), userToken);
    await portal.goto(`${base}/userDashboard/packages`);
    await expect(portal.getByText('$1,500.00').first()).toBeVisible();

    if (!onPhone()) {
      // A 1366 px laptop: every portal link on one row ("Support" used to wrap to a second).
      const links = portal.getByRole('navigation', { name: 'Client portal' }).getByRole('link');
      await expect(links).toHaveCount(10); // Trade included
      const tops = await links.evaluateAll((elements) =>
        elements.map((element) => Math.round(element.getBoundingClientRect().top)),
      );
      expect(new Set(tops).size, `link tops ${tops.join(', ')}`).toBe(1);
    }

    await portal.getByRole('button', { name: 'Subscribe to the Basic plan' }).click();
    const confirmation = portal.getByRole('dialog', { name: 'Subscribe to the Basic plan?' });
    await expect(confirmation).toContainText('$1,000.00');
    await expect(confirmation).toContainText('$100.00 (10%)');
    await expect(confirmation).toContainText('Left after subscribing$600.00');
    await confirmation.getByRole('button', { name: 'Subscribe', exact: true }).click();

    const processed = portal.getByRole('dialog', { name: 'Your Subscription is being processed!' });
    await expect(processed).toContainText('Basic');
    await expect(processed).toContainText('Status: Active');
    await processed.getByRole('button', { name: 'Close' }).click();
    await expect(portal.getByText('$600.00').first()).toBeVisible();
    await clientContext.close();
  },
);
