import { TOTP } from 'otpauth';
import {
  expect,
  openMenu,
  startDeskServer,
  test,
  waitForMailedLink,
  type DeskServer,
} from './fixtures';

// Issue 17 (decision 111): staff are invited. The owner invites a member; the member opens the
// link from the dev outbox, chooses a password and enrols their own authenticator, signs in with
// the always-visible code field, changes their password; the owner resets their 2FA, which ends
// the member's session and mails a new invitation. On a server of its own, so its outbox and
// staff list hold only what this journey made.
const OWNER = 'inv-owner';

let server: DeskServer;
test.beforeAll(async () => {
  // The owner's own 2FA is not what this journey is about: optional keeps it to a password.
  server = await startDeskServer(OWNER);
});
test.afterAll(async () => {
  await server?.stop();
});

function codeFor(secret: string, offsetSteps = 0): string {
  const totp = new TOTP({ secret, digits: 6, period: 30, algorithm: 'SHA1' });
  return totp.generate({ timestamp: Date.now() + offsetSteps * 30_000 });
}

test('owner invites a member, who sets up their own sign-in; a 2FA reset ends their session and re-invites them', async ({
  page,
  browser,
}) => {
  test.setTimeout(90_000);
  const base = server.baseUrl;
  const member = `kate-${Math.random().toString(36).slice(2, 8)}`;
  const email = `${member}@staff.example`;
  const password = 'kates-own-long-password';

  // The owner signs in (no 2FA here, so the code field stays empty) and invites Kate.
  await page.goto(`${base}/adminLogin`);
  await page.getByLabel('Username').fill(OWNER);
  await page.getByLabel('Password', { exact: true }).fill(server.owner.password);
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page).toHaveURL(/\/adminDashboard$/);
  await openMenu(page);
  await page.getByRole('link', { name: 'Staff' }).click();
  await page.getByLabel('Username').fill(member);
  await page.getByLabel('E-mail').fill(email);
  await page.getByLabel('Role').selectOption('support');
  await page.getByRole('button', { name: 'Send invitation' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Invitation sent' })).toHaveText(
    new RegExp(`^✅ Invitation sent to ${email}\\.`),
  );
  const row = page.getByRole('row').filter({ hasText: email });
  await expect(row).toContainText('Invited, link valid until');

  // Kate, in her own browser, opens the mailed link.
  const invitation = await waitForMailedLink({
    dataDir: server.dataDir,
    to: email,
    path: '/staffInvitation',
  });
  const kateContext = await browser.newContext();
  const kate = await kateContext.newPage();
  await kate.goto(`${base}${invitation}`);
  await expect(kate.getByText(`You are invited as ${member} (Support).`)).toBeVisible();
  await expect(kate).toHaveURL(new RegExp('/staffInvitation$')); // the token left the address
  await kate.getByLabel('Password', { exact: true }).fill(password);
  await kate.getByLabel('Confirm password').fill(password);
  await expect(kate.getByRole('img', { name: 'QR code for your authenticator app' })).toBeVisible();
  const secret = (await kate.locator('.totp-secret-value').textContent())?.trim() ?? '';
  expect(secret).toMatch(/^[A-Z2-7]+=*$/);
  await kate.getByLabel('6-digit code').fill(codeFor(secret));
  await kate.getByRole('button', { name: 'Finish set-up' }).click();
  await expect(kate.getByRole('heading', { name: 'Your recovery codes' })).toBeVisible();
  const recoveryCode = (await kate.locator('.recovery-codes code').first().textContent()) ?? '';
  await kate.getByRole('button', { name: 'I have stored them' }).click();
  await kate.getByRole('link', { name: 'Go to the staff sign-in' }).click();

  // She signs in with her password and the next code.
  await expect(kate).toHaveURL(/\/adminLogin$/);
  await kate.getByLabel('Username').fill(member);
  await kate.getByLabel('Password', { exact: true }).fill(password);
  await kate.getByLabel('Authentication code').fill(codeFor(secret, 1));
  await kate.getByRole('button', { name: 'Login' }).click();
  await expect(kate).toHaveURL(/\/adminDashboard$/);

  // She changes her password on the security page (this step's code is used up: a recovery code).
  await openMenu(kate);
  await kate.getByRole('link', { name: 'Two-factor authentication' }).click();
  const form = kate.getByRole('region', { name: 'Change my password' });
  await form.getByLabel('Current password', { exact: true }).fill(password);
  await form.getByLabel('New password', { exact: true }).fill('kates-second-long-password');
  await form.getByLabel('Confirm new password').fill('kates-second-long-password');
  await form.getByLabel('Authentication code').fill(recoveryCode);
  await form.getByRole('button', { name: 'Change password' }).click();
  await expect(form.getByRole('status')).toHaveText(
    'Password changed. Your other sessions have been signed out.',
  );

  // The owner resets her 2FA (a lost phone): asked first, then announced.
  await page.reload();
  await expect(row).toContainText('Active');
  await row.getByRole('button', { name: `Reset two-factor authentication of ${member}` }).click();
  const dialog = page.getByRole('dialog', {
    name: `Reset ${member}’s two-factor authentication?`,
  });
  await expect(dialog).toContainText(`A new invitation goes to ${email}`);
  await dialog.getByRole('button', { name: `Yes, reset ${member}’s 2FA` }).click();
  await expect(page.getByRole('status').filter({ hasText: 'was reset' })).toHaveText(
    `✅ ${member}’s two-factor authentication was reset and a new invitation was sent to ${email}.`,
  );

  // Kate's session has ended: her next page sends her to the sign-in.
  await kate.goto(`${base}/adminDashboard/security`);
  await expect(kate).toHaveURL(/\/adminLogin$/);
  // And a new invitation, with another link, has arrived.
  await expect
    .poll(() => waitForMailedLink({ dataDir: server.dataDir, to: email, path: '/staffInvitation' }))
    .not.toBe(invitation);
  await kateContext.close();
});
