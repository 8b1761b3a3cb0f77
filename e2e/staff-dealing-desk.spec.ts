import { randomUUID } from 'node:crypto';
import type { APIRequestContext } from '@playwright/test';
import {
  approveIdentityDocuments,
  completeLiveOnboarding,
  axeViolations,
  expect,
  expectJson,
  keepScreenshot,
  signInOwner,
  registerClient,
  showTerminalSection,
  startDeskServer,
  test,
  waitForMailedLink,
  type DeskServer,
} from './fixtures';

// Issue 19's staff journey: the dealing desk shows no exposure; a client's live account buys
// 0.10 EUR/USD and the desk's exposure and open positions show it within a refresh; the owner
// closes it with a reason (the API tests cover operations and the roles that may not); the exposure is gone, and the client's history says
// the dealing desk closed it and why, as does the client's back-office page. The owner then corrects the close's price there
// (decision 136), and the client's history shows the corrected deal with what it was and why. Prices: the isolated server's quiet replay (one quote per
// major that stays fresh), so the P/L is the spread.
const OWNER = 'desk-owner';
const REASON = 'Closed on your telephone instruction, call ref. 4471';
const CORRECTION = 'Closed on a stale quote; corrected to the market at the time';

test.describe.configure({ timeout: 150_000 });

let server: DeskServer;
test.beforeAll(async ({ playwright: _playwright }, testInfo) => {
  testInfo.setTimeout(150_000);
  server = await startDeskServer(OWNER);
});
test.afterAll(async () => {
  await server?.stop();
});

/** A verified client with approved documents, $1,000 in the wallet and $500 on a live account. */
async function liveClient(api: APIRequestContext, staffHeaders: Record<string, string>) {
  const client = await registerClient(api, { firstName: 'Lise', lastName: 'Meitner' });
  const link = await waitForMailedLink({
    dataDir: server.dataDir,
    to: client.email,
    path: '/verifyEmail',
  });
  await expectJson(
    await api.post('/api/email/verify', { data: { token: link.split('#token=')[1] } }),
    200,
  );
  const login = await expectJson(
    await api.post('/api/userLogin/send', {
      data: { email: client.email, password: client.password },
    }),
    200,
  );
  const headers = { 'user-token': String(login.token) };
  await approveIdentityDocuments(api, headers, staffHeaders);
  await completeLiveOnboarding(api, headers);
  const users = (await (
    await api.get('/api/allUsers/users', { headers: staffHeaders })
  ).json()) as { _id: string; email: string }[];
  const userId = users.find((user) => user.email === client.email)?._id;
  await expectJson(
    await api.post('/api/transactions/transaction', {
      headers: staffHeaders,
      data: { userId, type: 'Deposit', amount: '1000' },
    }),
    201,
  );
  const account = await expectJson(
    await api.post('/api/trading/accounts', { headers, data: { kind: 'live' } }),
    201,
  );
  await expectJson(
    await api.post(`/api/trading/accounts/${String(account.id)}/transfers`, {
      headers: { ...headers, 'idempotency-key': randomUUID() },
      data: { direction: 'in', amountMinor: 50_000 },
    }),
    201,
  );
  return { headers, accountId: String(account.id), clientId: String(userId) };
}

test(
  'the desk closes a client’s position with a reason; the client sees who and why',
  { tag: '@phone' },
  async ({ page, browser, playwright }, testInfo) => {
    const api = await playwright.request.newContext({ baseURL: server.baseUrl });
    const ownerHeaders = await signInOwner(api, server);
    await page.addInitScript(
      (token) => localStorage.setItem('admin-token', token),
      ownerHeaders['x-auth-token'],
    );
    await page.goto(`${server.baseUrl}/adminDashboard/trading`);
    await expect(page.getByRole('heading', { level: 1, name: 'Dealing desk' })).toBeVisible();
    const exposure = page.getByRole('table', { name: /^The book per instrument/ });
    await expect(exposure).toContainText('No live account holds an open position.');

    const { headers, accountId, clientId } = await liveClient(api, ownerHeaders);
    await expectJson(
      await api.post(`/api/trading/accounts/${accountId}/orders`, {
        headers: { ...headers, 'idempotency-key': randomUUID() },
        data: { symbol: 'EURUSD', side: 'buy', type: 'market', volume: '0.10' },
      }),
      201,
    );

    // Within a refresh the book shows the client's lots, and the position with its P/L.
    const eurusd = exposure.getByRole('row').filter({ hasText: 'EURUSD' });
    await expect(eurusd).toContainText('0.10', { timeout: 15_000 });
    // 10,000 EUR at the bid 1.10000, and the client's side of the spread.
    await expect(eurusd).toContainText('$11,000.00');
    await expect(
      page.getByText(/^Clients’ floating P\/L on live accounts: \u2212\$3\.00\./),
    ).toBeVisible();
    const positions = page.getByRole('table', { name: /^Open positions across clients/ });
    await expect(page.getByText('Simulated prices', { exact: true })).toBeVisible();
    const row = positions.getByRole('row').filter({ hasText: 'Lise Meitner' });
    await expect(row).toContainText('Buy 0.10 EURUSD');
    await expect(row).toContainText('\u2212$3.00');
    // Close is in reach without scrolling the positions sideways; on a phone they are cards that
    // do not scroll sideways at all.
    const frame = page.getByRole('region', { name: /^Open positions across clients/ });
    const close = row.getByRole('button', { name: 'Close Buy 0.10 EURUSD of Lise Meitner' });
    if (testInfo.project.name === 'phone') {
      expect(await frame.evaluate((element) => element.scrollWidth - element.clientWidth)).toBe(0);
    }
    const closeBox = await close.boundingBox();
    const frameBox = await frame.boundingBox();
    if (!closeBox || !frameBox)
      throw new Error('the Close button or the positions are not laid out');
    expect(closeBox.x + closeBox.width).toBeLessThanOrEqual(frameBox.x + frameBox.width);
    expect(await axeViolations(page)).toEqual([]);
    await keepScreenshot(page, testInfo, 'dealing-desk');

    await close.click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Reason').fill(REASON);
    await dialog.getByRole('button', { name: 'Close position' }).click();
    await expect(
      page.getByRole('status').filter({ hasText: /^Closed Buy 0\.10 EURUSD of Lise Meitner at / }),
    ).toBeVisible();
    await expect(exposure).toContainText('No live account holds an open position.', {
      timeout: 15_000,
    });
    await expect(positions).not.toContainText('Lise Meitner');

    // The client's back-office page: the live account's latest deals say the same.
    await page.goto(`${server.baseUrl}/adminDashboard/clients/${clientId}`);
    const deals = page.getByRole('table', { name: 'Live account: latest deals, newest first' });
    await expect(deals.getByRole('row').nth(1)).toContainText(
      `Closed by the dealing desk (“${REASON}”)`,
    );
    await keepScreenshot(page, testInfo, 'client-page-trading');

    // The close filled at a price the desk corrects (decision 136): the P/L is reversed and
    // posted again at 1.10045, and the deal says what it was and why.
    await deals
      .getByRole('row')
      .nth(1)
      .getByRole('button', { name: /^Correct price of Buy 0\.10 EURUSD at / })
      .click();
    const correction = page.getByRole('dialog');
    await correction.getByLabel('Correct price').fill('1.10045');
    await correction.getByLabel('Reason').fill(CORRECTION);
    await keepScreenshot(page, testInfo, 'deal-correction-dialog');
    await correction.getByRole('button', { name: 'Correct deal' }).click();
    await expect(
      page
        .getByRole('status')
        .filter({ hasText: /^Corrected Buy 0\.10 EURUSD at .+ to 1\.10045\./ }),
    ).toBeVisible();
    await expect(deals.getByRole('row').nth(1)).toContainText(
      `Corrected by the dealing desk (“${CORRECTION}”): was `,
    );
    await expect(deals.getByRole('row').nth(1)).toContainText('at 1.10045');

    // The client's terminal: the close, who made it and why.
    const clientContext = await browser.newContext({ viewport: page.viewportSize() });
    const clientPage = await clientContext.newPage();
    await clientPage.addInitScript(
      (token) => localStorage.setItem('user-token', token),
      headers['user-token'],
    );
    await clientPage.goto(`${server.baseUrl}/userDashboard/trade`);
    await clientPage
      .getByRole('group', { name: 'Account' })
      .getByRole('button', { name: 'Live' })
      .click();
    await showTerminalSection(clientPage, 'Positions');
    const history = clientPage.getByRole('region', { name: 'History' });
    const closed = history
      .getByRole('listitem')
      .filter({ hasText: `Closed by the dealing desk (“${REASON}”)` });
    await expect(closed).toHaveCount(1, { timeout: 15_000 });
    await expect(closed).toContainText('0.10');
    await expect(closed).toContainText('at 1.10045');
    await expect(closed).toContainText('Corrected by the dealing desk on');
    await expect(closed).toContainText(`“${CORRECTION}”`);
    await keepScreenshot(clientPage, testInfo, 'client-history-after-desk-close');
    await clientContext.close();
    await api.dispose();
  },
);
