import {
  expect,
  onPhone,
  registerClient,
  signInOwner,
  startDeskServer,
  test,
  type DeskServer,
} from './fixtures';

// Issue 16, items 1 and 7 and the history table on a phone: figures staff enter say "Credited by
// staff" (with the reason where one was given), the Profit card shows its parts, the dashboard
// shows the plan held and its cost, and the balance chart's highest is the same-day $1,125 peak.
// Staff act through the API on a server of its own (STAFF_2FA=optional).
const STAFF_USERNAME = 'provenance-owner';

let server: DeskServer;
test.beforeAll(async () => {
  server = await startDeskServer(STAFF_USERNAME);
});
test.afterAll(async () => {
  await server?.stop();
});

test(
  'staff-entered profit says so, the plan and the same-day peak show on the dashboard',
  { tag: '@phone' },
  async ({ page, playwright }) => {
    const base = server.baseUrl;
    const api = await playwright.request.newContext({ baseURL: base });
    const client = await registerClient(api, { firstName: 'Grace', lastName: 'Hopper' });
    const headers = await signInOwner(api, server);
    const users = (await (await api.get('/api/allUsers/users', { headers })).json()) as {
      _id: string;
      email: string;
    }[];
    const userId = users.find((user) => user.email === client.email)?._id;
    expect(userId).toBeDefined();

    // $1,125 in and $960 out the same day, then $40 profit through the origin's form, $25 through
    // the back office's posting (with its reason), and a $100 plan at 5% set by staff.
    for (const data of [
      { userId, type: 'Deposit', amount: '1125' },
      { userId, type: 'Withdrawal', amount: '960' },
      { userId, type: 'Profit', amount: '40' },
    ]) {
      const response = await api.post('/api/transactions/transaction', { headers, data });
      expect(response.status(), await response.text()).toBe(201);
    }
    const posting = await api.post(`/api/staff/clients/${userId}/postings`, {
      headers,
      data: { type: 'profit', amountMinor: 2_500, reason: 'Q3 goodwill' },
    });
    expect(posting.status(), await posting.text()).toBe(201);
    const plan = await api.post('/api/subscribe/create', {
      headers,
      data: { userId, planName: 'Gold', amount: '100', profitPercent: '5', duration: '30' },
    });
    expect(plan.status(), await plan.text()).toBe(201);
    await api.dispose();

    await page.goto(`${base}/userLogin`);
    await page.getByLabel('Email Address').fill(client.email);
    await page.getByLabel('Password', { exact: true }).fill(client.password);
    await page.getByRole('button', { name: 'Login' }).click();
    await expect(page).toHaveURL(/\/userDashboard\/dashboard$/);

    const profit = page.getByRole('region', { name: 'Profit', exact: true });
    await expect(profit).toContainText('$65.00');
    await expect(profit.getByRole('list', { name: 'Where your profit came from' })).toHaveText(
      'Credited by staff: $65.00',
    );
    await expect(profit).not.toContainText(/trad/i);

    const plans = page.getByRole('region', { name: 'Your plans' });
    await expect(plans.getByRole('listitem')).toContainText('Gold: $100.00 paid, active until');
    await expect(plans).toContainText('Paid for this plan: $100.00.');

    const chart = page.getByRole('region', { name: 'Balance over time' });
    await expect(chart).toContainText('highest $1,125.00');
    await expect(chart).toContainText('lowest $0.00');

    await page.goto(`${base}/userDashboard/transactionHistory`);
    const region = page.getByRole('region', { name: /Your transactions/ });
    await expect(region.getByText('Credited by staff: Q3 goodwill')).toBeVisible();
    await expect(region.getByText('Credited by staff', { exact: true }).first()).toBeVisible();
    await expect(region.getByText('Debited by staff', { exact: true }).first()).toBeVisible();

    // On a phone the table scrolls inside its frame, says so, and takes the keyboard's focus.
    const hint = page.getByText('Scroll sideways to see every column');
    if (onPhone()) {
      await expect(hint).toBeVisible();
      await region.focus();
      await expect(region).toBeFocused();
      await page.keyboard.press('ArrowRight');
      await expect.poll(() => region.evaluate((box) => box.scrollLeft)).toBeGreaterThan(0);
    } else {
      await expect(hint).toBeHidden();
    }
    expect(
      await page.evaluate(
        () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
      ),
    ).toBe(0);

    await page.goto(`${base}/userDashboard/subscriptionTrade`);
    await expect(page.getByRole('region', { name: 'Latest subscription' })).toContainText(
      '5% (set by staff)',
    );
  },
);
