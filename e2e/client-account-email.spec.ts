import type { Page } from '@playwright/test';
import {
  axeViolations,
  expect,
  onPhone,
  openMenu,
  startIsolatedServer,
  test,
  uniqueEmail,
  waitForMailedLink,
  type IsolatedServer,
} from './fixtures';

// Issue 6, "Done when": the e-mailed links. (a) A client registers, finds the verification mail
// in the dev outbox, opens its link: verified, the portal's banner is gone and a deposit request
// is accepted; the same link again is "already used". (b) A client signed in on one device resets
// the password from another: the new password works, the old one fails, and the first device is
// signed out. Plus axe on the token pages. On a server of its own, whose DATA_DIR we know, so the
// outbox holds only this file's mails.
const VERIFIED = 'Your e-mail address is verified.';
const LINK_USED = 'This link has already been used.';
const LINK_INVALID = 'This link is not valid. Check that you copied all of it.';
const VERIFY_FIRST =
  'Verify your e-mail address first: open the link we sent you, or ask for a new one.';
const RESET_REQUESTED =
  'If an account uses this e-mail address, we have sent it a link to set a new password. The link works once, for 30 minutes.';
const PASSWORD_CHANGED =
  'Your password has been changed and every device has been signed out. You can log in now.';

// One server for the file: its tests run in order on one worker.
test.describe.configure({ mode: 'default' });

let server: IsolatedServer;
test.beforeAll(async () => {
  server = await startIsolatedServer();
});
test.afterAll(async () => {
  await server?.stop();
});

async function expectNoAxeViolations(page: Page) {
  // The activity popup's fade-in would be scanned at part opacity (visitor-public-pages.spec.ts).
  await page.emulateMedia({ reducedMotion: 'reduce' });
  const violations = await axeViolations(page);
  expect(violations).toEqual([]);
}

async function registerInBrowser(page: Page, email: string, password: string) {
  await page.goto(`${server.baseUrl}/userRegister`);
  await page.getByLabel('First Name').fill('Katherine');
  await page.getByLabel('Last Name').fill('Johnson');
  await page.getByLabel('Email', { exact: true }).fill(email);
  await page.getByLabel('Phone Number').fill('15551234567');
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByLabel('Confirm Password').fill(password);
  await page.getByLabel('Country').selectOption('United States');
  await page.getByRole('button', { name: 'Register' }).click();
  await expect(page.getByText('Registration successful', { exact: true })).toBeVisible();
}

async function logIn(page: Page, email: string, password: string) {
  await page.goto(`${server.baseUrl}/userLogin`);
  await page.getByLabel('Email Address').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Login' }).click();
}

async function depositBitcoin(page: Page, amount: string) {
  await page.goto(`${server.baseUrl}/userDashboard/depositWithdrawal`);
  const deposit = page.getByRole('region', { name: 'Deposit' });
  await deposit.getByLabel('Amount (USD)').fill(amount);
  await deposit.getByRole('button', { name: 'Deposit' }).click();
  await deposit.getByRole('button', { name: /Bitcoin/ }).click();
  return deposit;
}

test('client verifies the e-mail address from the mailed link, then may deposit; the link works once', async ({
  page,
}) => {
  // Registration, two mails, two accessibility scans (each 4–8 s on a busy 2-core machine) and
  // the calendar: past the default 30 s when the other journeys run beside it.
  test.slow();
  const email = uniqueEmail('verify');
  const password = 'verify-journey-1';
  await registerInBrowser(page, email, password);
  await logIn(page, email, password);
  await expect(page).toHaveURL(/\/userDashboard\/dashboard$/);

  // Unverified: the banner, and money actions are refused with the way to a new link.
  const banner = page.getByRole('region', { name: 'E-mail verification' });
  await expect(banner).toContainText('Verify your e-mail address');
  await expect(banner).toContainText(email);
  // The banner is on every portal page until the address is verified (the portal's sweep in
  // no-horizontal-scroll.spec.ts scans verified clients' pages).
  await expectNoAxeViolations(page);
  const refused = await depositBitcoin(page, '500');
  await expect(refused.getByRole('alert')).toHaveText(VERIFY_FIRST);
  await expect(refused.getByRole('button', { name: 'Send a new link' })).toBeVisible();

  // The link from the registration mail (the token is in the fragment).
  const link = await waitForMailedLink({
    dataDir: server.dataDir,
    to: email,
    path: '/verifyEmail',
  });
  await page.goto(`${server.baseUrl}${link}`);
  await expect(
    page.getByRole('heading', { level: 1, name: 'Verify your e-mail address' }),
  ).toBeVisible();
  await expect(page.getByText(VERIFIED)).toBeVisible();
  // The token left the address bar (and the history entry).
  expect(page.url()).toBe(`${server.baseUrl}/verifyEmail`);
  await expectNoAxeViolations(page);

  await page.getByRole('link', { name: 'Go to your dashboard' }).click();
  await expect(page).toHaveURL(/\/userDashboard\/dashboard$/);
  await expect(page.getByRole('heading', { level: 1, name: /^Welcome/ })).toBeVisible();
  await expect(banner).toHaveCount(0);

  const deposit = await depositBitcoin(page, '500');
  await expect(deposit.getByText('Deposit request created')).toBeVisible();
  await expect(page.getByRole('region', { name: 'E-mail verification' })).toHaveCount(0);

  // The same link again: used, and (signed in) the way to a new one.
  await page.goto(`${server.baseUrl}${link}`);
  await expect(page.getByText(LINK_USED)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Send a new link' })).toBeVisible();
  await expectNoAxeViolations(page);

  // Signed in, the calendar's REMIND also asks for a reminder mail (today is selected).
  await page.goto(`${server.baseUrl}/calendar`);
  await expect(page.getByRole('grid')).toBeVisible();
  await page.getByRole('button', { name: 'REMIND' }).click();
  await expect(page.getByText(/^You will be reminded on /)).toBeVisible();
  await expect(page.getByText('We will e-mail you on that day.')).toBeVisible();
});

test(
  'client resets the password from a second device; the old password and the first device are out',
  { tag: '@phone' },
  async ({ browser }) => {
    const email = uniqueEmail('reset');
    const oldPassword = 'reset-journey-old-1';
    const newPassword = 'reset-journey-new-2';

    // Device A: registered and signed in.
    const contextA = await browser.newContext();
    const pageA = await contextA.newPage();
    await registerInBrowser(pageA, email, oldPassword);
    await logIn(pageA, email, oldPassword);
    await expect(pageA).toHaveURL(/\/userDashboard\/dashboard$/);
    await openMenu(pageA);
    await pageA.getByRole('link', { name: 'Account' }).click();
    const devices = pageA.getByRole('region', { name: 'Signed-in devices' });
    await expect(devices.getByRole('listitem')).toHaveCount(1);
    await expect(devices).toContainText('This device');
    // Playwright's desktop Chrome reports Windows, whatever the host runs; the phone, Android.
    await expect(devices).toContainText(
      onPhone() ? 'Chrome on Android' : /Chrome on (Windows|Linux|macOS)/,
    );

    // Device B: "Forgot your password?" → the mailed link → a new password.
    const contextB = await browser.newContext();
    const pageB = await contextB.newPage();
    await pageB.goto(`${server.baseUrl}/passwordReset`);
    await expect(pageB.getByRole('heading', { level: 1, name: 'Password Reset' })).toBeVisible();
    await pageB.getByLabel('Email').fill(email);
    await pageB.getByRole('button', { name: 'Send Reset Link' }).click();
    await expect(pageB.getByRole('status')).toHaveText(RESET_REQUESTED);

    const link = await waitForMailedLink({
      dataDir: server.dataDir,
      to: email,
      path: '/setNewPassword',
    });
    await pageB.goto(`${server.baseUrl}${link}`);
    await expect(
      pageB.getByRole('heading', { level: 1, name: 'Set a new password' }),
    ).toBeVisible();
    await expect(pageB.getByLabel('New password', { exact: true })).toBeVisible();
    expect(pageB.url()).toBe(`${server.baseUrl}/setNewPassword`);
    await pageB.getByLabel('New password', { exact: true }).fill(newPassword);
    await pageB.getByLabel('Confirm new password').fill(newPassword);
    await pageB.getByRole('button', { name: 'Set new password' }).click();
    await expect(pageB.getByText(PASSWORD_CHANGED)).toBeVisible();
    await expectNoAxeViolations(pageB);

    // The old password fails; the new one works.
    await pageB.getByRole('link', { name: 'Log in' }).click();
    await expect(pageB).toHaveURL(/\/userLogin$/);
    await logIn(pageB, email, oldPassword);
    await expect(pageB.getByRole('alert')).not.toBeEmpty();
    await expect(pageB).toHaveURL(/\/userLogin$/);
    await logIn(pageB, email, newPassword);
    await expect(pageB).toHaveURL(/\/userDashboard\/dashboard$/);

    // Device A's session was revoked: its next call ends on the login page.
    await pageA.reload();
    await expect(pageA).toHaveURL(/\/userLogin$/);
    expect(await pageA.evaluate(() => localStorage.getItem('user-token'))).toBeNull();

    // The reset link works once.
    await pageB.goto(`${server.baseUrl}${link}`);
    await pageB.getByLabel('New password', { exact: true }).fill('reset-journey-new-3');
    await pageB.getByLabel('Confirm new password').fill('reset-journey-new-3');
    await pageB.getByRole('button', { name: 'Set new password' }).click();
    await expect(pageB.getByText(LINK_USED)).toBeVisible();
    await expect(pageB.getByRole('link', { name: 'Ask for a new link' })).toHaveAttribute(
      'href',
      '/passwordReset',
    );

    await contextA.close();
    await contextB.close();
  },
);

test('the token pages have no accessibility violations and fit a phone', async ({ page }) => {
  const unknownToken = 'A'.repeat(43);
  const states = [
    // No token, and a well-formed token the server does not know: the invalid state.
    ['/verifyEmail', LINK_INVALID],
    [`/verifyEmail#token=${unknownToken}`, LINK_INVALID],
    ['/setNewPassword', LINK_INVALID],
    [`/setNewPassword#token=${unknownToken}`, null],
  ] as const;
  for (const [path, text] of states) {
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto(`${server.baseUrl}${path}`);
    if (text) await expect(page.getByText(text)).toBeVisible();
    else await expect(page.getByLabel('New password', { exact: true })).toBeVisible();
    await expectNoAxeViolations(page);

    await page.setViewportSize({ width: 375, height: 800 });
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow, `${path} is wider than a 375 px phone`).toBeLessThanOrEqual(0);
  }

  // The form's own errors (the shared rules), then the server's answer for an unknown token.
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto(`${server.baseUrl}/setNewPassword#token=${unknownToken}`);
  await page.getByLabel('New password', { exact: true }).fill('abc');
  await page.getByLabel('Confirm new password').fill('abd');
  await page.getByRole('button', { name: 'Set new password' }).click();
  await expect(page.getByText('Password must be at least 6 characters')).toBeVisible();
  await expectNoAxeViolations(page);
  await page.getByLabel('New password', { exact: true }).fill('long-enough-1');
  await page.getByLabel('Confirm new password').fill('long-enough-1');
  await page.getByRole('button', { name: 'Set new password' }).click();
  await expect(page.getByText(LINK_INVALID)).toBeVisible();
  await expect(page.getByRole('link', { name: 'Ask for a new link' })).toBeVisible();

  // Signed out, the calendar's REMIND keeps the seed's line and invites a login for a mail.
  await page.goto(`${server.baseUrl}/calendar`);
  await expect(page.getByRole('grid')).toBeVisible();
  await page.getByRole('button', { name: 'REMIND' }).click();
  await expect(page.getByText(/^You will be reminded on /)).toBeVisible();
  await expect(
    page.getByRole('link', { name: 'Log in to get the reminder by e-mail.' }),
  ).toHaveAttribute('href', '/userLogin');
});
