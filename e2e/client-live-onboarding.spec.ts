import type { APIRequestContext, Page } from '@playwright/test';
import { expectPageFits } from './page-fit';
import {
  approveIdentityDocuments,
  expect,
  keepScreenshot,
  registerClient,
  signInOwner,
  startDeskServer,
  test,
  waitForMailedLink,
  type DeskServer,
} from './fixtures';

// Issue 19's live onboarding (decision 132): a verified client with approved documents chooses
// Live in the terminal and is guided through the risk disclosure and the appropriateness test.
// One who fails sees which answers were wrong and why, cannot open a live account yet and still
// trades on Demo (on a laptop and on a phone); one who passes opens the live account.

const OWNER = 'onboarding-owner';

/** The right option of each question, by its label (the server holds the key). */
const RIGHT = [
  'A contract settled in cash on the difference in price',
  '$500',
  'You lose about all of it',
  'A warning that your equity has fallen towards the margin your positions use',
  'Your positions are closed automatically at the market price (stop-out)',
  'No: when the market gaps it closes at the next available price',
];

// One server for the file: its tests run in order on one worker.
test.describe.configure({ mode: 'default', timeout: 120_000 });

let server: DeskServer;
test.beforeAll(async ({ playwright: _playwright }, testInfo) => {
  testInfo.setTimeout(150_000);
  server = await startDeskServer(OWNER);
});
test.afterAll(async () => {
  await server?.stop();
});

/** A client with a verified e-mail and approved documents, signed in on `page`. */
async function verifiedClient(api: APIRequestContext, page: Page, firstName: string) {
  const client = await registerClient(api, { firstName, lastName: 'Onboard' });
  const link = await waitForMailedLink({
    dataDir: server.dataDir,
    to: client.email,
    path: '/verifyEmail',
  });
  const verified = await api.post('/api/email/verify', {
    data: { token: link.split('#token=')[1] },
  });
  expect(verified.status()).toBe(200);
  const login = await api.post('/api/userLogin/send', {
    data: { email: client.email, password: client.password },
  });
  const { token } = (await login.json()) as { token: string };
  const staffHeaders = await signInOwner(api, server);
  await approveIdentityDocuments(api, { 'user-token': token }, staffHeaders);
  await page.addInitScript((value) => localStorage.setItem('user-token', value), token);
}

/** Opens the terminal on Live, acknowledges the disclosure and returns the test's groups. */
async function startOnboarding(page: Page) {
  await page.goto(`${server.baseUrl}/userDashboard/trade`);
  await page.getByRole('group', { name: 'Account' }).getByRole('button', { name: 'Live' }).click();
  await expect(page.getByRole('heading', { name: 'Open a live account' })).toBeVisible();
  await expect(
    page.getByRole('heading', { name: /^Verify your e-mail address Done$/ }),
  ).toBeVisible();
  await expect(
    page.getByRole('heading', { name: /^Proof of identity and of residence approved Done$/ }),
  ).toBeVisible();
  const open = page.getByRole('button', { name: 'Open a live account' });
  await expect(open).toBeDisabled();

  const onboarding = page.getByRole('region', { name: 'Open a live account' });
  await page.getByRole('button', { name: 'Acknowledge' }).click();
  await expect(onboarding.getByRole('alert')).toHaveText(
    'Please tick the box to confirm you have read the risk disclosure',
  );
  await page
    .getByRole('checkbox', { name: /I have read and understood the risk disclosure/ })
    .check();
  await page.getByRole('button', { name: 'Acknowledge' }).click();
  await expect(
    page.getByRole('heading', { name: /^Read and acknowledge the risk disclosure Done$/ }),
  ).toBeVisible();
  const groups = onboarding.getByRole('group').filter({ has: page.getByRole('radio') });
  await expect(groups).toHaveCount(6);
  return groups;
}

test(
  'a client who fails the appropriateness test sees why and still trades on Demo',
  { tag: '@phone' },
  async ({ page, playwright }, testInfo) => {
    const api = await playwright.request.newContext({ baseURL: server.baseUrl });
    await verifiedClient(api, page, 'Fay');
    await api.dispose();
    const groups = await startOnboarding(page);
    await expectPageFits(page, '/userDashboard/trade (onboarding)', testInfo);
    await keepScreenshot(page, testInfo, 'live-onboarding-test');

    // Every first option: one of six right.
    for (let i = 0; i < 6; i += 1) await groups.nth(i).getByRole('radio').first().check();
    await page.getByRole('button', { name: 'Send my answers' }).click();
    const result = page
      .getByRole('region', { name: 'Open a live account' })
      .getByRole('alert')
      .filter({ hasText: 'Not passed.' });
    await expect(result).toContainText('You answered 1 of 6 correctly; 5 are needed.');
    await expect(result).toContainText('take the test again from');
    await expect(result).toContainText('At 1:20 the margin is 1/20 of the position’s value');
    await expect(page.getByRole('button', { name: 'Open a live account' })).toBeDisabled();
    await expectPageFits(page, '/userDashboard/trade (test failed)', testInfo);
    await keepScreenshot(page, testInfo, 'live-onboarding-failed');

    await page
      .getByRole('group', { name: 'Account' })
      .getByRole('button', { name: 'Demo' })
      .click();
    await page.getByRole('button', { name: 'Open a demo account' }).click();
    await expect(page.getByText('Balance').locator('..')).toContainText('$10,000.00');
  },
);

test('a client acknowledges the risk disclosure, passes the test and opens a live account', async ({
  page,
  playwright,
}, testInfo) => {
  const api = await playwright.request.newContext({ baseURL: server.baseUrl });
  await verifiedClient(api, page, 'Pat');
  await api.dispose();
  const groups = await startOnboarding(page);
  for (const [i, label] of RIGHT.entries()) {
    await groups.nth(i).getByRole('radio', { name: label, exact: true }).check();
  }
  await page.getByRole('button', { name: 'Send my answers' }).click();
  await expect(
    page.getByRole('heading', { name: /^Pass the appropriateness test Done$/ }),
  ).toBeVisible();
  await keepScreenshot(page, testInfo, 'live-onboarding-ready');
  await page.getByRole('button', { name: 'Open a live account' }).click();
  await expect(
    page.getByRole('status').filter({ hasText: 'Your live account is open.' }),
  ).toBeVisible();
  await expect(page.getByRole('button', { name: 'Transfer' })).toBeVisible();
});
