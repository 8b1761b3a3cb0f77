// Plans (docs/product.md §10): subscribing is atomic — price debited, deposit bonus credited, plan
// Active for its duration — or refused whole; the seed's staff form creates a plan by hand.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clientCaller, get, post, staffCaller } from '../../test/money-fixtures.js';
import type { Caller } from '../../test/money-fixtures.js';
import { createTestApp } from '../../test/test-app.js';
import type { TestApp } from '../../test/test-app.js';
import type { Clock } from '../../lib/clock.js';
import { checkLedger } from '../ledger/index.js';

let t: TestApp;
let owner: Caller;
let now = new Date('2026-03-03T14:05:09Z');
const clock: Clock = { now: () => now };
const DAY_MS = 24 * 60 * 60 * 1000;

beforeAll(async () => {
  t = await createTestApp({ env: { STAFF_2FA: 'optional' }, clock });
  owner = await staffCaller(t, 'owner');
});
afterAll(async () => {
  await t?.close();
});

type Client = Awaited<ReturnType<typeof clientCaller>>;

async function fundedClient(amountMinor: number): Promise<Client> {
  const client = await clientCaller(t);
  const response = await post(t, '/api/transactions/transaction', owner, {
    userId: client.id,
    type: 'Deposit',
    amount: amountMinor / 100,
  });
  expect(response.statusCode, response.body).toBe(201);
  return client;
}

async function finances(client: Client) {
  return (await get(t, '/api/userDashboard/send/', client)).json().userInfo;
}

describe('POST /api/subscriptions', () => {
  it('debits the price, credits the deposit bonus and lists the plan Active for 7 days', async () => {
    const client = await fundedClient(150_000);
    const response = await post(t, '/api/subscriptions', client, { planId: 'basic' });
    expect(response.statusCode).toBe(201);
    expect(response.json()).toEqual({
      message: 'Your Subscription is being processed!',
      subscription: {
        id: expect.any(String),
        planId: 'basic',
        planName: 'Basic',
        amountMinor: 100_000,
        bonusMinor: 10_000,
        profitPercent: 0,
        durationDays: 7,
        status: 'Active',
        startDate: '2026-03-03T14:05:09.000Z',
        endDate: '2026-03-10T14:05:09.000Z',
      },
    });
    const info = await finances(client);
    expect(info.finances[0]).toEqual({
      deposited: 1500,
      profit: 0,
      bonus: 100,
      refBonus: 0,
      balance: 1500 - 1000 + 100,
    });
    expect(info.subscriptions).toEqual([
      {
        _id: expect.any(String),
        planName: 'Basic',
        amount: 1000,
        profitPercent: 0,
        duration: 7,
        status: 'Active',
        startDate: '2026-03-03T14:05:09.000Z',
        endDate: '2026-03-10T14:05:09.000Z',
      },
    ]);
    expect(info.transactions.map((row: { type: string }) => row.type).sort()).toEqual([
      'Deposit',
      'Plan bonus',
      'Subscription',
    ]);
    expect(await checkLedger(t.database.db)).toEqual([]);
  });

  it('answers Insufficient funds (409) and changes nothing when the balance is short', async () => {
    const client = await fundedClient(99_999);
    const response = await post(t, '/api/subscriptions', client, { planId: 'basic' });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({
      code: 'INSUFFICIENT_FUNDS',
      message: 'Insufficient funds',
    });
    const info = await finances(client);
    expect(info.finances[0]).toMatchObject({ bonus: 0, balance: 999.99 });
    expect(info.subscriptions).toEqual([]);
  });

  it('answers 404 for an unknown plan and 400 without one', async () => {
    const client = await fundedClient(100_000);
    expect((await post(t, '/api/subscriptions', client, { planId: 'gold-plus' })).statusCode).toBe(
      404,
    );
    const missing = await post(t, '/api/subscriptions', client, {});
    expect(missing.statusCode).toBe(400);
    expect(missing.json().fields.planId).toEqual(['Choose a plan']);
  });

  it('subscribes once for a repeated Idempotency-Key', async () => {
    const client = await fundedClient(300_000);
    const key = randomUUID();
    const first = await post(t, '/api/subscriptions', client, { planId: 'deluxe' }, key);
    const again = await post(t, '/api/subscriptions', client, { planId: 'deluxe' }, key);
    expect(again.json().subscription.id).toBe(first.json().subscription.id);
    expect((await finances(client)).finances[0].balance).toBe(3000 - 2000 + 300);
    const other = await post(t, '/api/subscriptions', client, { planId: 'basic' }, key);
    expect(other.statusCode).toBe(409);
  });

  it('lists newest first and shows Completed after the end date', async () => {
    const client = await fundedClient(1_000_000);
    const start = now;
    try {
      await post(t, '/api/subscriptions', client, { planId: 'basic' });
      now = new Date(start.getTime() + DAY_MS);
      // A day later the first session has ended (idle for more than an hour): sign in again.
      const dayTwo = { headers: { 'user-token': await t.login(client.email, client.password) } };
      const second = await post(t, '/api/subscriptions', dayTwo, { planId: 'executive' });
      expect(second.statusCode).toBe(201);
      now = new Date(start.getTime() + 7 * DAY_MS + 1);
      // A week later: sign in again.
      const token = await t.login(client.email, client.password);
      const list = (await get(t, '/api/subscriptions', { headers: { 'user-token': token } })).json()
        .items as { planName: string; status: string }[];
      expect(list.map((plan) => [plan.planName, plan.status])).toEqual([
        ['Executive', 'Active'],
        ['Basic', 'Completed'],
      ]);
    } finally {
      now = start;
    }
  });
});

describe("POST /api/subscribe/create (the seed's staff form)", () => {
  it('creates a plan by hand, debiting the amount, with the staff status and dates', async () => {
    const client = await fundedClient(50_000);
    const response = await post(t, '/api/subscribe/create', owner, {
      userId: client.id,
      planName: 'Custom desk plan',
      amount: '200.00',
      profitPercent: '12.5',
      duration: '30',
      status: 'Paused',
      startDate: '2026-04-01',
      endDate: '',
    });
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json()).toMatchObject({
      message: 'Subscription successful',
      subscription: {
        planName: 'Custom desk plan',
        amountMinor: 20_000,
        profitPercent: 12.5,
        durationDays: 30,
        status: 'Paused',
        startDate: '2026-04-01T00:00:00.000Z',
        endDate: '2026-05-01T00:00:00.000Z',
      },
    });
    expect((await finances(client)).finances[0].balance).toBe(300);
  });

  it('allows a courtesy plan at 0 and refuses more than the available balance (409)', async () => {
    const client = await fundedClient(30_000);
    const base = { userId: client.id, planName: 'Gift', profitPercent: 0, duration: 7 };
    expect((await post(t, '/api/subscribe/create', owner, { ...base, amount: 0 })).statusCode).toBe(
      201,
    );
    const tooMuch = await post(t, '/api/subscribe/create', owner, { ...base, amount: 300.01 });
    expect(tooMuch.statusCode).toBe(409);
    expect((await finances(client)).subscriptions).toHaveLength(1);
  });

  it.each([
    [{ amount: -1 }, 'amount'],
    [{ amount: '1.234' }, 'amount'],
    [{ duration: 0 }, 'duration'],
    [{ duration: '7.5' }, 'duration'],
    [{ planName: '' }, 'planName'],
    [{ profitPercent: 'lots' }, 'profitPercent'],
    [{ userId: 'nobody' }, 'userId'],
    // Each of these was a 500 before (found by the hostile-input test).
    [{ planName: 'Gold\u0000' }, 'planName'],
    [{ status: 'Active\u0000' }, 'status'],
    [{ startDate: '-271821-04-20T00:00:00Z' }, 'startDate'],
    [{ endDate: '+275760-09-13T00:00:00Z' }, 'endDate'],
  ])('refuses %j with a field message', async (change, field) => {
    const client = await fundedClient(30_000);
    const body = {
      userId: client.id,
      planName: 'Plan',
      amount: 10,
      profitPercent: 0,
      duration: 7,
      ...change,
    };
    const response = await post(t, '/api/subscribe/create', owner, body);
    expect(response.statusCode).toBe(400);
    expect(Object.keys(response.json().fields)).toEqual([field]);
  });

  it('answers 404 for an unknown client and 403 for a client token', async () => {
    const client = await fundedClient(30_000);
    const body = { userId: randomUUID(), planName: 'P', amount: 1, duration: 7 };
    expect((await post(t, '/api/subscribe/create', owner, body)).statusCode).toBe(404);
    expect((await post(t, '/api/subscribe/create', client, body)).statusCode).toBe(403);
  });
});
