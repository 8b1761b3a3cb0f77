import { randomUUID } from 'node:crypto';
import {
  axeViolations,
  expect,
  expectJson,
  keepScreenshot,
  signInOwner,
  registerClient,
  showTerminalSection,
  startDeskServer,
  test,
  type DeskServer,
} from './fixtures';

// Issue 19's incident controls (decision 133): the owner puts the whole platform in close only
// from the dealing desk, with a reason; a client's terminal says so, the API refuses a new order
// and the client can still close. Back to normal, the owner halts that one client from their
// back-office page: the client's own close is refused with the words that say why, and the desk
// lists the client; normal again, the client trades.
const OWNER = 'controls-owner';
const CLOSE_ONLY =
  'The dealing desk has limited trading to closing positions and cancelling orders. New orders and changes are refused for now.';
const HALTED =
  'The dealing desk has halted trading. Your positions stay open and you can still cancel pending orders; stop loss, take profit and stop-out still act.';

test.describe.configure({ timeout: 150_000 });

let server: DeskServer;
test.beforeAll(async ({ playwright: _playwright }, testInfo) => {
  testInfo.setTimeout(150_000);
  server = await startDeskServer(OWNER);
});
test.afterAll(async () => {
  await server?.stop();
});

test('the desk limits the platform to closing, then halts one client; the client is told why', async ({
  page,
  browser,
  playwright,
}, testInfo) => {
  const api = await playwright.request.newContext({ baseURL: server.baseUrl });
  const owner = await signInOwner(api, server);
  const client = await registerClient(api, { firstName: 'Lise', lastName: 'Meitner' });
  const login = await expectJson(
    await api.post('/api/userLogin/send', {
      data: { email: client.email, password: client.password },
    }),
    200,
  );
  const headers = { 'user-token': String(login.token) };
  const account = await expectJson(
    await api.post('/api/trading/accounts', { headers, data: { kind: 'demo' } }),
    201,
  );
  const orders = `/api/trading/accounts/${String(account.id)}/orders`;
  const buy = () =>
    api.post(orders, {
      headers: { ...headers, 'idempotency-key': randomUUID() },
      data: { symbol: 'EURUSD', side: 'buy', type: 'market', volume: '0.10' },
    });
  await expectJson(await buy(), 201);
  await expectJson(await buy(), 201);

  // The owner limits the whole platform to closing, from the desk.
  await page.addInitScript(
    (token) => localStorage.setItem('admin-token', token),
    owner['x-auth-token'],
  );
  await page.goto(`${server.baseUrl}/adminDashboard/trading`);
  const controls = page.getByRole('region', { name: 'Trading controls' });
  await expect(controls.getByText(/^The whole platform:/)).toContainText('Normal');
  await controls.getByRole('radio', { name: /^Close only/ }).check();
  await controls.getByRole('button', { name: 'Apply mode' }).click();
  await expect(controls.getByText('Please give a reason the client will see')).toBeVisible();
  await controls.getByLabel(/^Reason/).fill('Price feed under review');
  await controls.getByRole('button', { name: 'Apply mode' }).click();
  await expect(
    page.getByRole('status').filter({ hasText: 'Close only for the whole platform.' }),
  ).toBeVisible();
  await expect(controls.getByText(/^The whole platform:/)).toContainText(`Close only since`);
  await expect(controls.getByText(/^The whole platform:/)).toContainText(
    `by ${OWNER}: “Price feed under review”`,
  );
  expect(await axeViolations(page)).toEqual([]);
  await keepScreenshot(page, testInfo, 'desk-trading-controls');

  // The client is told, the API refuses a new order, and closing still works.
  const refused = await expectJson(await buy(), 403);
  expect(refused).toMatchObject({ code: 'TRADING_DISABLED', message: CLOSE_ONLY });
  const clientContext = await browser.newContext({ viewport: page.viewportSize() });
  const clientPage = await clientContext.newPage();
  await clientPage.addInitScript(
    (token) => localStorage.setItem('user-token', token),
    headers['user-token'],
  );
  await clientPage.goto(`${server.baseUrl}/userDashboard/trade`);
  await expect(clientPage.getByRole('alert').filter({ hasText: CLOSE_ONLY })).toBeVisible();
  await keepScreenshot(clientPage, testInfo, 'terminal-close-only');
  await showTerminalSection(clientPage, 'Positions');
  const positions = clientPage
    .getByRole('region', { name: 'Open positions' })
    .getByRole('listitem')
    .filter({ hasText: /Buy 0\.10 EUR\/USD/ });
  await expect(positions).toHaveCount(2);
  await positions
    .first()
    .getByRole('button', { name: /^Close Buy/ })
    .click();
  const close = clientPage.getByRole('dialog');
  await close.getByRole('button', { name: 'Close position' }).click();
  await expect(close).toHaveCount(0);
  await expect(positions).toHaveCount(1);

  // Normal again; then the owner halts this client from their back-office page.
  await controls.getByRole('radio', { name: /^Normal/ }).check();
  await controls.getByLabel(/^Reason/).fill('Feed checked');
  await controls.getByRole('button', { name: 'Apply mode' }).click();
  await expect(controls.getByText(/^The whole platform:/)).toContainText('Normal since');
  await page
    .getByRole('table', { name: 'Open positions across clients, newest first' })
    .getByRole('link', { name: 'Lise Meitner' })
    .first()
    .click();
  // Exactly "Trading": the desk's "Trading controls" must not match while the page changes.
  const clientHeading = page.getByRole('heading', { level: 1, name: 'Lise Meitner' });
  await expect(clientHeading).toBeVisible();
  const trading = page.getByRole('region', { name: 'Trading', exact: true });
  await expect(trading.getByText(/^This client:/)).toContainText('Normal');
  await trading.getByRole('radio', { name: /^Halted/ }).check();
  await trading.getByLabel('Reason (the audit log keeps it)').fill('Account under fraud review');
  await trading.getByRole('button', { name: 'Apply mode' }).click();
  await expect(
    page.getByRole('status').filter({ hasText: 'Halted for this client.' }),
  ).toBeVisible();
  await expect(trading.getByText(/^This client:/)).toContainText(`Halted since`);
  expect(await axeViolations(page)).toEqual([]);
  await keepScreenshot(page, testInfo, 'client-page-halted');

  // The client's own close is refused with the reason it is refused.
  await clientPage.reload();
  await expect(clientPage.getByRole('alert').filter({ hasText: HALTED })).toBeVisible();
  await showTerminalSection(clientPage, 'Positions');
  await positions
    .first()
    .getByRole('button', { name: /^Close Buy/ })
    .click();
  await close.getByRole('button', { name: 'Close position' }).click();
  await expect(close.getByText(HALTED)).toBeVisible();
  await close.getByRole('button', { name: 'Cancel' }).click();
  await expect(positions).toHaveCount(1);
  await keepScreenshot(clientPage, testInfo, 'terminal-halted');

  // The desk lists the client; back to normal, they trade again.
  await page.goto(`${server.baseUrl}/adminDashboard/trading`);
  const listed = page
    .getByRole('table', { name: 'Clients not trading normally' })
    .getByRole('row')
    .filter({ hasText: 'Lise Meitner' });
  await expect(listed).toContainText('Halted');
  await expect(listed).toContainText('Account under fraud review');
  await listed.getByRole('link', { name: 'Lise Meitner' }).click();
  await expect(clientHeading).toBeVisible();
  await trading.getByRole('radio', { name: /^Normal/ }).check();
  await trading.getByLabel('Reason (the audit log keeps it)').fill('Review done');
  await trading.getByRole('button', { name: 'Apply mode' }).click();
  await expect(trading.getByText(/^This client:/)).toContainText('Normal since');
  await expectJson(await buy(), 201);
  await clientContext.close();
  await api.dispose();
});
