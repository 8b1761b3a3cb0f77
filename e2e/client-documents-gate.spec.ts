import {
  expect,
  expectJson,
  registerClient,
  signInOwner,
  startDeskServer,
  test,
  waitForMailedLink,
  type DeskServer,
} from './fixtures';

// Issue 16 item 4 (decision 104): "We verify every account before money moves", made true. A
// client with a verified e-mail and no documents reads, above the deposit and withdrawal forms
// and before typing anything, what is missing and how much may still be deposited; a deposit past
// the $2,000 limit and any withdrawal are refused in the server's words, with the way to the
// verification page. Once staff approve proof of ID and of residence, the notices go and the
// withdrawal is held. The public /verification page states the same rule.
const OWNER = 'gate-owner';
const PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj<</Type/Catalog>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
);
const LINK = 'Upload your documents on the verification page';

let server: DeskServer;
test.beforeAll(async () => {
  server = await startDeskServer(OWNER);
});
test.afterAll(async () => {
  await server?.stop();
});

test('withdrawals wait for approved documents; deposits before them stop at the limit', async ({
  page,
  playwright,
}) => {
  const base = server.baseUrl;
  const api = await playwright.request.newContext({ baseURL: base });
  const client = await registerClient(api, { firstName: 'Katherine', lastName: 'Johnson' });
  const link = await waitForMailedLink({
    dataDir: server.dataDir,
    to: client.email,
    path: '/verifyEmail',
  });
  await expectJson(
    await api.post('/api/email/verify', {
      data: { token: link.slice(link.indexOf('#token=') + '#token='.length) },
    }),
  );
  const login = await expectJson(
    await api.post('/api/userLogin/send', {
      data: { email: client.email, password: client.password },
    }),
  );
  const clientHeaders = { 'user-token': login.token as string };
  const staff = await signInOwner(api, server);

  // The public page says what the platform does.
  await page.goto(`${base}/verification`);
  await expect(
    page.getByText(
      'Withdrawals are paid only once your proof of identity and your proof of residence are both approved.',
    ),
  ).toBeVisible();

  await page.goto(`${base}/userLogin`);
  await page.getByLabel('Email Address').fill(client.email);
  await page.getByLabel('Password', { exact: true }).fill(client.password);
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page).toHaveURL(/\/userDashboard\/dashboard$/);
  await page.goto(`${base}/userDashboard/depositWithdrawal`);

  // Before anything is typed: what is missing, why, and how much may still be deposited.
  const deposit = page.getByRole('region', { name: 'Deposit' });
  const withdrawal = page.getByRole('region', { name: 'Withdrawal' });
  await expect(
    deposit.getByText(
      'Until your proof of ID and proof of residence are approved, deposits are limited to ' +
        '$2,000.00 in total: you can request up to $2,000.00 more. Still needed: proof of ID ' +
        '(not uploaded yet) and proof of residence (not uploaded yet).',
    ),
  ).toBeVisible();
  await expect(deposit.getByRole('link', { name: LINK })).toHaveAttribute(
    'href',
    '/userDashboard/verification',
  );
  const withdrawalText =
    'Withdrawals need your proof of ID and proof of residence approved first, so that money ' +
    'only ever goes back to you. Still needed: proof of ID (not uploaded yet) and proof of ' +
    'residence (not uploaded yet).';
  await expect(withdrawal.getByText(withdrawalText)).toBeVisible();

  // Past the limit: refused in the server's words.
  await deposit.getByLabel('Amount (USD)').fill('2500');
  await deposit.getByRole('button', { name: 'Deposit' }).click();
  await deposit.getByRole('button', { name: /Bitcoin/ }).click();
  await expect(deposit.getByRole('alert')).toHaveText(
    'Until your proof of ID and proof of residence are approved, deposits are limited to ' +
      '$2,000.00 in total: you can request up to $2,000.00 more. Still needed: proof of ID ' +
      '(not uploaded yet) and proof of residence (not uploaded yet).',
  );

  // Within it: created; staff confirm it, so there is money to withdraw.
  await deposit.getByLabel('Amount (USD)').fill('500');
  await deposit.getByRole('button', { name: 'Deposit' }).click();
  await deposit.getByRole('button', { name: /Bitcoin/ }).click();
  await expect(deposit.getByText('Deposit request created')).toBeVisible();
  await expect(deposit.getByText(/you can request up to \$1,500\.00 more/)).toBeVisible();
  const queue = await expectJson(await api.get('/api/staff/money-requests', { headers: staff }));
  for (const request of queue.items as { id: string }[]) {
    await expectJson(
      await api.post(`/api/staff/deposits/${request.id}/confirm`, { headers: staff }),
    );
  }

  // A withdrawal without documents: refused, nothing held.
  await page.reload();
  await expect(withdrawal.getByText('Available to withdraw: $500.00')).toBeVisible();
  await withdrawal.getByLabel('Amount (USD)').fill('100');
  await withdrawal.getByLabel('Method').selectOption('bitcoin');
  await withdrawal
    .getByLabel('Destination (wallet address, IBAN or e-wallet id)')
    .fill('bc1qdocumentsgateexample');
  await withdrawal.getByRole('button', { name: 'Withdraw' }).click();
  await expect(withdrawal.getByRole('alert')).toHaveText(withdrawalText);
  await expect(withdrawal.getByText('Available to withdraw: $500.00')).toBeVisible();

  // The client sends both documents; staff approve them.
  for (const kind of ['id', 'residence']) {
    await expectJson(
      await api.post(`/api/documents?kind=${kind}`, {
        headers: { ...clientHeaders, 'content-type': 'application/octet-stream' },
        data: PDF,
      }),
      201,
    );
  }
  const pending = await expectJson(await api.get('/api/staff/documents', { headers: staff }));
  for (const document of pending.items as { id: string }[]) {
    await expectJson(
      await api.post(`/api/staff/documents/${document.id}/approve`, { headers: staff }),
    );
  }

  // Now money may leave, and the notices are gone.
  await page.reload();
  await expect(withdrawal.getByText('Available to withdraw: $500.00')).toBeVisible();
  await expect(page.getByRole('link', { name: LINK })).toHaveCount(0);
  await withdrawal.getByLabel('Amount (USD)').fill('100');
  await withdrawal.getByLabel('Method').selectOption('bitcoin');
  await withdrawal
    .getByLabel('Destination (wallet address, IBAN or e-wallet id)')
    .fill('bc1qdocumentsgateexample');
  await withdrawal.getByRole('button', { name: 'Withdraw' }).click();
  await expect(withdrawal.getByRole('status')).toContainText('the funds are held');
  await expect(withdrawal.getByText('Available to withdraw: $400.00')).toBeVisible();
});
