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

// Issue 19's instrument settings (decision 130): the owner suspends new orders on EUR/USD and
// sets its long swap from the dealing desk, with a reason; the desk lists the change; a client's
// terminal marks EUR/USD suspended and its ticket refuses to send, while the client can still
// close what they hold; /swaps shows the desk's rate; switched back on, the client buys again.
// Prices: the isolated server's quiet replay (one fresh quote per major).
const OWNER = 'settings-owner';
const REASON = 'Liquidity provider outage on EUR/USD';

test.describe.configure({ timeout: 150_000 });

let server: DeskServer;
test.beforeAll(async ({ playwright: _playwright }, testInfo) => {
  testInfo.setTimeout(150_000);
  server = await startDeskServer(OWNER);
});
test.afterAll(async () => {
  await server?.stop();
});

test('the desk suspends an instrument and sets its swap; the client sees both and can still close', async ({
  page,
  browser,
  playwright,
}, testInfo) => {
  const api = await playwright.request.newContext({ baseURL: server.baseUrl });
  const ownerHeaders = await signInOwner(api, server);

  // A client with a demo position on EUR/USD, opened before the suspension.
  const client = await registerClient(api, { firstName: 'Chien-Shiung', lastName: 'Wu' });
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

  // The owner suspends EUR/USD and sets its long swap, from the desk.
  await page.addInitScript(
    (token) => localStorage.setItem('admin-token', token),
    ownerHeaders['x-auth-token'],
  );
  await page.goto(`${server.baseUrl}/adminDashboard/trading`);
  const settings = page.getByRole('region', { name: 'Instrument settings' });
  const changed = page.getByRole('table', { name: 'Instruments changed by the dealing desk' });
  await expect(changed).toContainText('No instrument has been changed');
  await page.getByLabel('Change another instrument').selectOption('EURUSD');
  await page.getByRole('button', { name: 'Edit settings' }).click();
  const dialog = page.getByRole('dialog', { name: 'Settings of EUR/USD' });
  await dialog.getByLabel(/^New orders allowed/).uncheck();
  await dialog.getByLabel(/^Swap long/).fill('-7.25');
  await dialog.getByRole('button', { name: 'Save settings' }).click();
  await expect(dialog.getByText('Please give a reason the client will see')).toBeVisible();
  await dialog.getByLabel('Reason').fill(REASON);
  await dialog.getByRole('button', { name: 'Save settings' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(
    page.getByRole('status').filter({ hasText: /^Saved EUR\/USD: trading off/ }),
  ).toBeVisible();
  const row = changed.getByRole('row').filter({ hasText: 'EUR/USD' });
  await expect(row).toContainText('Off');
  await expect(row).toContainText('-7.25 / -5.00');
  await expect(row).toContainText(`by ${OWNER}: “${REASON}”`);
  expect(await axeViolations(page)).toEqual([]);
  await settings.scrollIntoViewIfNeeded();
  await keepScreenshot(page, testInfo, 'desk-instrument-settings');

  // The API refuses a new order; the client's terminal says why and does not send one.
  const refused = await expectJson(await buy(), 403);
  expect(refused.code).toBe('TRADING_DISABLED');
  const clientContext = await browser.newContext({ viewport: page.viewportSize() });
  const clientPage = await clientContext.newPage();
  await clientPage.addInitScript(
    (token) => localStorage.setItem('user-token', token),
    headers['user-token'],
  );
  await clientPage.goto(`${server.baseUrl}/userDashboard/trade`);
  await showTerminalSection(clientPage, 'Prices');
  await expect(clientPage.getByRole('row').filter({ hasText: 'EUR/USD' })).toContainText(
    'Suspended',
  );
  await showTerminalSection(clientPage, 'Order');
  const ticket = clientPage.getByRole('region', { name: /^New order: EUR\/USD/ });
  await expect(
    ticket.getByText(
      'EUR/USD: The dealing desk has suspended new orders on this instrument. You can still close positions and cancel orders.',
    ),
  ).toBeVisible();
  await expect(ticket.getByRole('button', { name: /^Buy/ })).toBeDisabled();
  await keepScreenshot(clientPage, testInfo, 'terminal-instrument-suspended');

  // Closing still works.
  await showTerminalSection(clientPage, 'Positions');
  const position = clientPage.getByRole('listitem').filter({ hasText: /Buy 0\.10 EUR\/USD/ });
  await position.getByRole('button', { name: /^Close Buy/ }).click();
  const close = clientPage.getByRole('dialog');
  await close.getByRole('button', { name: 'Close position' }).click();
  await expect(close).toHaveCount(0);
  await expect(
    clientPage.getByRole('region', { name: 'History' }).getByRole('listitem').first(),
  ).toContainText('0.10');

  // /swaps shows the desk's rate in force.
  await clientPage.goto(`${server.baseUrl}/swaps`);
  await clientPage.getByRole('button', { name: 'Show swap rates' }).click();
  const swaps = clientPage.getByRole('table', {
    name: 'Swap rates in force, points per lot per night',
  });
  await expect(swaps.getByRole('row').filter({ hasText: 'EUR/USD' })).toContainText(
    '-7.25-5.00Dealing desk',
  );

  // Switched back on from the row's Edit: the client trades again.
  await row.getByRole('button', { name: 'Edit settings of EUR/USD' }).click();
  await dialog.getByLabel(/^New orders allowed/).check();
  await dialog.getByLabel('Reason').fill('Provider back');
  await dialog.getByRole('button', { name: 'Save settings' }).click();
  await expect(row).toContainText('On');
  await expectJson(await buy(), 201);
  await clientContext.close();
  await api.dispose();
});
