import {
  axeViolations,
  expect,
  onPhone,
  openMenu,
  registerClient,
  signInOwner,
  startDeskServer,
  test,
  uniqueEmail,
  type DeskServer,
} from './fixtures';

// Issue 17, finding 1 (decision 110): a referred client's deposit is confirmed by staff, and the
// referrer's page shows the commission as pending with the date it is paid, while Ref. Bonus and
// the balance stay at $0.00. The server runs on the real clock, so the release itself is proven
// by the API tests (referrals.commission.test.ts). On a server of its own with STAFF_2FA=optional,
// so staff act through the API.
const STAFF_USERNAME = 'referral-owner';

// One server for the file: its tests run in order on one worker.
test.describe.configure({ mode: 'default' });

let server: DeskServer;
test.beforeAll(async () => {
  server = await startDeskServer(STAFF_USERNAME);
});
test.afterAll(async () => {
  await server?.stop();
});

test('staff confirm a referred client’s deposit; the referrer sees it pending until its release date', async ({
  page,
  playwright,
}) => {
  const base = server.baseUrl;
  const api = await playwright.request.newContext({ baseURL: base });
  // Another e-mail domain than the referred client's: the same domain and address would hold
  // the commission for staff (a self-referral signal).
  const referrer = await registerClient(api, {
    firstName: 'Ada',
    lastName: 'Byron',
    email: uniqueEmail('referrer').replace(/@example\.com$/, '@example.org'),
  });
  const referrerLogin = await api.post('/api/userLogin/send', {
    data: { email: referrer.email, password: referrer.password },
  });
  const referrerHeaders = { 'user-token': (await referrerLogin.json()).token as string };
  const { code } = (await (
    await api.get('/api/referrals', { headers: referrerHeaders })
  ).json()) as {
    code: string;
  };
  const referredEmail = uniqueEmail('referred');
  const registered = await api.post('/api/userRegister/send', {
    data: {
      firstName: 'Grace',
      lastName: 'Hopper',
      email: referredEmail,
      phone: '4915112345678',
      password: 'referred-pass-1',
      confirmPassword: 'referred-pass-1',
      country: 'Germany',
      ref: code,
    },
  });
  expect(registered.status(), await registered.text()).toBe(201);

  // Staff record the referred client's $500 deposit as pending, then confirm it arrived.
  const headers = await signInOwner(api, server);
  const users = (await (await api.get('/api/allUsers/users', { headers })).json()) as {
    _id: string;
    email: string;
  }[];
  const userId = users.find((user) => user.email === referredEmail)?._id;
  expect(userId).toBeDefined();
  const recorded = await api.post('/api/transactions/transaction', {
    headers,
    data: { userId, type: 'Deposit', amount: '500', status: 'Pending' },
  });
  expect(recorded.status(), await recorded.text()).toBe(201);
  const depositId = ((await recorded.json()) as { transaction: { id: string } }).transaction.id;
  const before = Date.now();
  const confirmed = await api.post(`/api/staff/deposits/${depositId}/confirm`, { headers });
  expect(confirmed.status(), await confirmed.text()).toBe(200);
  const after = Date.now();
  const overview = (await (
    await api.get('/api/referrals', { headers: referrerHeaders })
  ).json()) as {
    commissions: { releaseAt: string }[];
  };
  await api.dispose();
  // Paid 30 days after staff confirmed the deposit.
  const releaseAt = Date.parse(overview.commissions[0]?.releaseAt ?? '');
  const thirtyDays = 30 * 24 * 60 * 60 * 1000;
  expect(releaseAt).toBeGreaterThanOrEqual(before + thirtyDays - 1_000);
  expect(releaseAt).toBeLessThanOrEqual(after + thirtyDays);

  await page.goto(`${base}/userLogin`);
  await page.getByLabel('Email Address').fill(referrer.email);
  await page.getByLabel('Password', { exact: true }).fill(referrer.password);
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page).toHaveURL(/\/userDashboard\/dashboard$/);
  // Pending: in neither Ref. Bonus nor the balance.
  await expect(page.getByRole('region', { name: 'Ref. Bonus', exact: true })).toContainText(
    '$0.00',
  );
  await expect(page.getByRole('region', { name: 'Balance', exact: true })).toContainText('$0.00');

  await openMenu(page);
  await page.getByRole('link', { name: 'Referral', exact: true }).click();
  await expect(page).toHaveURL(/\/userDashboard\/referral$/);
  await expect(page.getByText('Pending: $50.00 · Released: $0.00')).toBeVisible();
  const commission = page.getByRole('region', { name: 'Your commission' });
  const row = commission.getByRole('row', { name: /Grace Hopper/ });
  await expect(row.getByRole('cell').nth(0)).toHaveText('$50.00');
  await expect(row.getByRole('cell').nth(1)).toHaveText('Pending');
  // The page writes dates in the reader's time zone, en-GB: "28 December 2026".
  const releaseDate = new Intl.DateTimeFormat('en-GB', { dateStyle: 'long' }).format(releaseAt);
  await expect(row.getByRole('cell').nth(2)).toHaveText(`Releases on ${releaseDate}`);

  // The page with its commission table passes axe (WCAG 2 A/AA), as every portal page must.
  if (!onPhone()) {
    expect(await axeViolations(page)).toEqual([]);
  }
});

test('staff see a commission held for a self-referral, with why, and release it with a reason', async ({
  page,
  playwright,
}) => {
  const base = server.baseUrl;
  const api = await playwright.request.newContext({ baseURL: base });
  // Both from this machine's address and at example.com: an obvious self-referral.
  const referrer = await registerClient(api, { firstName: 'Hedy', lastName: 'Lamarr' });
  const referrerLogin = await api.post('/api/userLogin/send', {
    data: { email: referrer.email, password: referrer.password },
  });
  const referrerHeaders = { 'user-token': (await referrerLogin.json()).token as string };
  const { code } = (await (
    await api.get('/api/referrals', { headers: referrerHeaders })
  ).json()) as {
    code: string;
  };
  const referredEmail = uniqueEmail('twin');
  expect(
    (
      await api.post('/api/userRegister/send', {
        data: {
          firstName: 'Hedy',
          lastName: 'Markey',
          email: referredEmail,
          phone: '4915112345678',
          password: 'twin-pass-1',
          confirmPassword: 'twin-pass-1',
          country: 'Germany',
          ref: code,
        },
      })
    ).status(),
  ).toBe(201);
  const headers = await signInOwner(api, server);
  const users = (await (await api.get('/api/allUsers/users', { headers })).json()) as {
    _id: string;
    email: string;
  }[];
  const userId = users.find((user) => user.email === referredEmail)?._id;
  const deposit = await api.post('/api/transactions/transaction', {
    headers,
    data: { userId, type: 'Deposit', amount: '400' },
  });
  expect(deposit.status(), await deposit.text()).toBe(201);
  await api.dispose();

  await page.goto(`${base}/adminLogin`);
  await page.getByLabel('Username').fill(STAFF_USERNAME);
  await page.getByLabel('Password', { exact: true }).fill(server.owner.password);
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page).toHaveURL(/\/adminDashboard$/);
  await page.goto(`${base}/adminDashboard/requests`);
  const held = page.getByRole('region', { name: 'Held commissions, newest first' });
  const row = held.getByRole('row', { name: /Hedy Markey/ });
  await expect(row).toContainText('Held for review');
  await expect(row).toContainText(
    'Same e-mail domain and the same registration IP address as the referrer',
  );
  if (!onPhone()) {
    expect(await axeViolations(page)).toEqual([]);
  }

  await row
    .getByRole('button', { name: 'Release commission of $40.00 on Hedy Markey’s deposit' })
    .click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Reason').fill('Sisters sharing a flat; IDs checked');
  await dialog.getByRole('button', { name: 'Release commission' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'released' })).toHaveText(
    'Commission released. It is paid on its release date, or now if that has passed.',
  );
  await expect(held.getByRole('row', { name: /Hedy Markey/ })).toHaveCount(0);
});
