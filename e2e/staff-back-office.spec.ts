import { TOTP } from 'otpauth';
import {
  approveIdentityDocuments,
  expect,
  openMenu,
  startIsolatedServer,
  test,
  uniqueEmail,
  waitForMailedLink,
  type IsolatedServer,
} from './fixtures';

// The back office's journey (issue: back office, "Done when"): the owner sets up TOTP and signs
// in with it, creates a client, confirms that client's deposit, rejects a withdrawal with a
// reason and answers a ticket; the client sees all three in the portal; the audit log shows each
// with the owner's name. On a server of its own: enrolling TOTP changes the owner for good.
const OWNER = 'bo-owner';
const OWNER_PASSWORD = 'back-office-owner-password';

let server: IsolatedServer;
test.beforeAll(async () => {
  server = await startIsolatedServer({
    STAFF_2FA: 'required',
    ADMIN_USERNAME: OWNER,
    ADMIN_PASSWORD: OWNER_PASSWORD,
  });
});
test.afterAll(async () => {
  await server?.stop();
});

function codeFor(secret: string, offsetSteps = 0): string {
  const totp = new TOTP({ secret, digits: 6, period: 30, algorithm: 'SHA1' });
  return totp.generate({ timestamp: Date.now() + offsetSteps * 30_000 });
}

test('owner with TOTP creates a client, decides their requests, answers them; the client sees it all', async ({
  page,
  browser,
  playwright,
}) => {
  test.setTimeout(120_000);
  const base = server.baseUrl;

  // First sign-in: the session may only set up two-factor authentication.
  await page.goto(`${base}/adminLogin`);
  await page.getByLabel('Username').fill(OWNER);
  await page.getByLabel('Password', { exact: true }).fill(OWNER_PASSWORD);
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page).toHaveURL(/\/adminDashboard\/security$/);
  await page.getByRole('button', { name: 'Set up two-factor authentication' }).click();
  await expect(page.getByRole('img', { name: 'QR code for your authenticator app' })).toBeVisible();
  const secret = (await page.locator('.totp-secret-value').textContent())?.trim() ?? '';
  expect(secret).toMatch(/^[A-Z2-7]+=*$/);
  await page.getByLabel('6-digit code').fill(codeFor(secret));
  await page.getByRole('button', { name: 'Turn on two-factor authentication' }).click();
  await expect(page.getByRole('heading', { name: 'Your recovery codes' })).toBeVisible();

  // Sign out and in again, now with a code (the next step's: the last one was just used). The
  // code field is there from the start (decision 111): without a code the answer is a wrong
  // password's.
  await openMenu(page);
  await page.getByRole('button', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/adminLogin$/);
  await page.getByLabel('Username').fill(OWNER);
  await page.getByLabel('Password', { exact: true }).fill(OWNER_PASSWORD);
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page.getByRole('alert')).toHaveText('Invalid credentials. Please try again.');
  await page.getByLabel('Authentication code').fill(codeFor(secret, 1));
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page).toHaveURL(/\/adminDashboard$/);

  // Manage Registration: the owner creates the client.
  const email = uniqueEmail('bo-client');
  const password = 'bo-client-pass-1';
  // On a phone the side menu is collapsed: each menu link is reached through the Menu toggle.
  await openMenu(page);
  await page.getByRole('link', { name: 'Manage Registration' }).click();
  await page.getByLabel('First Name').fill('Dorothy');
  await page.getByLabel('Last Name').fill('Vaughan');
  await page.getByLabel('Email', { exact: true }).fill(email);
  await page.getByLabel('Phone Number').fill('15557654321');
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByLabel('Confirm Password').fill(password);
  await page.getByLabel('Country').selectOption('United States');
  await page.getByRole('button', { name: 'Register' }).click();
  await expect(page.getByText('✅ Registration successful')).toBeVisible();

  // The client opens the verification link that registration mailed (money needs it), then asks
  // for a $500 deposit and writes to support (through the API, as the portal does).
  const api = await playwright.request.newContext({ baseURL: base });
  const link = await waitForMailedLink({
    dataDir: server.dataDir,
    to: email,
    path: '/verifyEmail',
  });
  const verified = await api.post('/api/email/verify', {
    data: { token: link.slice(link.indexOf('#token=') + '#token='.length) },
  });
  expect(verified.status()).toBe(200);
  const login = await api.post('/api/userLogin/send', { data: { email, password } });
  const clientHeaders = { 'user-token': ((await login.json()) as { token: string }).token };
  expect(
    (
      await api.post('/api/deposits', {
        headers: clientHeaders,
        data: { amountMinor: 50_000, method: 'bitcoin' },
      })
    ).status(),
  ).toBe(201);
  expect(
    (
      await api.post('/api/support/send', {
        headers: clientHeaders,
        data: { subject: 'Withdrawal timing', message: 'How long does a withdrawal take?' },
      })
    ).status(),
  ).toBe(201);

  // Requests: confirm the deposit.
  await openMenu(page);
  await page.getByRole('link', { name: 'Requests' }).click();
  await page.getByRole('button', { name: /^Confirm deposit of \$500\.00/ }).click();
  // Confirming asks first (decision 106), then says what happened.
  await page
    .getByRole('dialog', { name: /^Confirm the deposit of \$500\.00/ })
    .getByRole('button', { name: 'Confirm deposit' })
    .click();
  await expect(page.getByRole('button', { name: /^Confirm deposit of \$500\.00/ })).toHaveCount(0);

  // The client asks to withdraw $200 (after staff approve the client's documents, decision 104);
  // the owner rejects it with a reason.
  const staffHeaders = {
    'x-auth-token': await page.evaluate(() => localStorage.getItem('admin-token') ?? ''),
  };
  await approveIdentityDocuments(api, clientHeaders, staffHeaders);
  expect(
    (
      await api.post('/api/withdrawals', {
        headers: clientHeaders,
        data: { amountMinor: 20_000, method: 'bitcoin', destination: 'bc1qbackofficejourney' },
      })
    ).status(),
  ).toBe(201);
  await page.reload();
  await page.getByRole('button', { name: /^Reject withdrawal of \$200\.00/ }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Reason').fill('The destination wallet is not in your name');
  await dialog.getByRole('button', { name: /^Reject withdrawal/ }).click();
  await expect(page.getByRole('button', { name: /^Reject withdrawal of \$200\.00/ })).toHaveCount(
    0,
  );

  // Support inbox: answer the ticket.
  await openMenu(page);
  await page.getByRole('link', { name: 'Support inbox' }).click();
  await page
    .getByRole('link', { name: /Withdrawal timing/ })
    .first()
    .click();
  await page.getByLabel('Reply').fill('Bitcoin withdrawals are sent within one business day.');
  await page.getByRole('button', { name: 'Send reply' }).click();
  await expect(
    page.getByText('Bitcoin withdrawals are sent within one business day.'),
  ).toBeVisible();

  // The client sees the three outcomes in the portal.
  const clientContext = await browser.newContext();
  const portal = await clientContext.newPage();
  await portal.addInitScript(
    (token) => localStorage.setItem('user-token', token),
    clientHeaders['user-token'],
  );
  await portal.goto(`${base}/userDashboard/depositWithdrawal`);
  const requests = portal.getByRole('region', { name: 'Your requests' });
  await expect(
    requests.getByRole('listitem').filter({ hasText: 'Deposit of $500.00' }),
  ).toContainText('Completed');
  const rejected = requests.getByRole('listitem').filter({ hasText: 'Withdrawal of $200.00' });
  await expect(rejected).toContainText('Rejected');
  await expect(rejected).toContainText('The destination wallet is not in your name');
  await portal.goto(`${base}/userDashboard/support`);
  await expect(
    portal.getByText('Bitcoin withdrawals are sent within one business day.'),
  ).toBeVisible();
  await clientContext.close();
  await api.dispose();

  // The audit log names the owner on each action.
  await openMenu(page);
  await page.getByRole('link', { name: 'Audit log' }).click();
  const log = page.getByRole('table');
  for (const action of ['client.create', 'deposit.confirm', 'withdrawal.reject', 'ticket.reply']) {
    await expect(log.getByRole('row').filter({ hasText: action }).first()).toContainText(OWNER);
  }
});
