// Issue 17: a client's withdrawal request has a minimum (MIN_WITHDRAWAL_USD, default $10) and its
// fee is rounded up to the cent, so no withdrawal leaves free of its 2.9% fee (17 cents and less
// used to round to 0). The seed's staff call is not limited by the minimum.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { approveIdentityDocuments } from '../../test/documents-fixtures.js';
import { clientCaller, get, post, staffCaller } from '../../test/money-fixtures.js';
import type { Caller } from '../../test/money-fixtures.js';
import { createTestApp } from '../../test/test-app.js';
import type { TestApp } from '../../test/test-app.js';
import { checkLedger } from '../ledger/index.js';

type Client = Awaited<ReturnType<typeof clientCaller>>;

async function fundedClient(t: TestApp, staff: Caller, amountMinor: number): Promise<Client> {
  const client = await clientCaller(t);
  await approveIdentityDocuments(t, client);
  const deposit = await post(t, '/api/deposits', client, { amountMinor, method: 'bitcoin' });
  expect(deposit.statusCode, deposit.body).toBe(201);
  const id = deposit.json<{ request: { id: string } }>().request.id;
  expect((await post(t, `/api/staff/deposits/${id}/confirm`, staff)).statusCode).toBe(200);
  return client;
}

const withdraw = (t: TestApp, client: Client, amountMinor: number, method = 'bitcoin') =>
  post(t, '/api/withdrawals', client, { amountMinor, method, destination: 'wallet-123' });

describe('with the default minimum ($10)', () => {
  let t: TestApp;
  let owner: Caller;
  beforeAll(async () => {
    t = await createTestApp({ env: { STAFF_2FA: 'optional' } });
    owner = await staffCaller(t, 'owner');
  });
  afterAll(async () => {
    await t?.close();
  });

  it('refuses a request below $10 on the amount, holds nothing, and tells the form the minimum', async () => {
    const client = await fundedClient(t, owner, 50_000);
    expect((await get(t, '/api/money/summary', client)).json()).toMatchObject({
      minimumWithdrawalMinor: 1_000,
    });
    const below = await withdraw(t, client, 999);
    expect(below.statusCode).toBe(400);
    expect(below.json()).toMatchObject({
      code: 'VALIDATION_FAILED',
      message: 'A withdrawal must be at least $10.00',
      fields: { amountMinor: ['A withdrawal must be at least $10.00'] },
    });
    expect((await get(t, '/api/money/summary', client)).json()).toMatchObject({ heldMinor: 0 });
    expect((await withdraw(t, client, 1_000)).statusCode).toBe(201);
  });

  it('rounds the 2.9% fee up to the cent', async () => {
    const client = await fundedClient(t, owner, 50_000);
    // 2.9% of $10.17 is 29.49 cents: 30 charged (half-up rounding charged 29).
    const response = await withdraw(t, client, 1_017, 'skrill');
    expect(response.statusCode).toBe(201);
    expect(response.json().request).toMatchObject({ amountMinor: 1_017, feeMinor: 30 });
    expect((await get(t, '/api/money/summary', client)).json()).toMatchObject({
      heldMinor: 1_047,
    });
    expect(await checkLedger(t.database.db)).toEqual([]);
  });

  it("does not limit the seed's staff call", async () => {
    const client = await fundedClient(t, owner, 50_000);
    const response = await post(t, '/api/transactions/transaction', owner, {
      userId: client.id,
      type: 'Withdrawal',
      amount: 5,
    });
    expect(response.statusCode, response.body).toBe(201);
    expect((await get(t, '/api/money/summary', client)).json()).toMatchObject({
      balanceMinor: 49_500,
    });
  });
});

describe('with MIN_WITHDRAWAL_USD=0', () => {
  let t: TestApp;
  let owner: Caller;
  beforeAll(async () => {
    t = await createTestApp({ env: { STAFF_2FA: 'optional', MIN_WITHDRAWAL_USD: '0' } });
    owner = await staffCaller(t, 'owner');
  });
  afterAll(async () => {
    await t?.close();
  });

  it('charges a 17-cent Neteller withdrawal 1 cent of fee, not 0', async () => {
    const client = await fundedClient(t, owner, 50_000);
    expect((await get(t, '/api/money/summary', client)).json()).toMatchObject({
      minimumWithdrawalMinor: 0,
    });
    const response = await withdraw(t, client, 17, 'neteller');
    expect(response.statusCode).toBe(201);
    expect(response.json().request).toMatchObject({ amountMinor: 17, feeMinor: 1 });
    expect(await checkLedger(t.database.db)).toEqual([]);
  });
});
