// The money rules through the HTTP API (issue: money core; docs/money-api.md): requests and
// their timelines, staff actions and their audit records, the seed's staff call, reversals,
// referral commission, the statement and CSV. Runs on PGlite, and on PostgreSQL when configured.
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '../../db/schema.js';
import { approveIdentityDocuments } from '../../test/documents-fixtures.js';
import { clientCaller, get, post, staffCaller } from '../../test/money-fixtures.js';
import type { Caller } from '../../test/money-fixtures.js';
import { createTestApp, markEmailVerified } from '../../test/test-app.js';
import type { TestApp } from '../../test/test-app.js';
import { checkLedger } from '../ledger/index.js';

let t: TestApp;
let owner: Caller;
let operations: Caller;
let support: Caller;

beforeAll(async () => {
  t = await createTestApp({ env: { STAFF_2FA: 'optional' } });
  owner = await staffCaller(t, 'owner');
  operations = await staffCaller(t, 'operations');
  support = await staffCaller(t, 'support');
});
afterAll(async () => {
  await t?.close();
});

type Client = Awaited<ReturnType<typeof clientCaller>>;

async function finances(client: Client) {
  const response = await get(t, '/api/userDashboard/send/', client);
  expect(response.statusCode).toBe(200);
  return response.json<{
    userInfo: {
      finances: Record<string, number>[];
      transactions: { _id: string; type: string; amount: number; status: string }[];
    };
  }>().userInfo;
}

async function summary(client: Client) {
  return (await get(t, '/api/money/summary', client)).json<{
    balanceMinor: number;
    availableMinor: number;
    heldMinor: number;
    minimumDepositMinor: number;
  }>();
}

async function requestDeposit(client: Client, amountMinor: number, method = 'bitcoin') {
  const response = await post(t, '/api/deposits', client, { amountMinor, method });
  expect(response.statusCode, response.body).toBe(201);
  return response.json<{ request: { id: string } }>().request.id;
}

/** A client holding `amountMinor` after a confirmed deposit. */
async function fundedClient(amountMinor: number, ref?: string): Promise<Client> {
  const client = await clientCaller(t, ref);
  // Withdrawals need approved documents (decision 104).
  await approveIdentityDocuments(t, client);
  const id = await requestDeposit(client, amountMinor);
  const confirmed = await post(t, `/api/staff/deposits/${id}/confirm`, operations);
  expect(confirmed.statusCode, confirmed.body).toBe(200);
  return client;
}

async function expectLedgerSound() {
  expect(await checkLedger(t.database.db)).toEqual([]);
}

describe('deposit requests', () => {
  it('stores a pending request with its timeline; the first must reach $300', async () => {
    const client = await clientCaller(t);
    expect((await summary(client)).minimumDepositMinor).toBe(30_000);

    const low = await post(t, '/api/deposits', client, { amountMinor: 29_999, method: 'bitcoin' });
    expect(low.statusCode).toBe(400);
    expect(low.json()).toMatchObject({
      code: 'VALIDATION_FAILED',
      fields: { amountMinor: ['Your first deposit must be at least $300.00'] },
    });

    const created = await post(t, '/api/deposits', client, {
      amountMinor: 50_000,
      method: 'bitcoin',
    });
    expect(created.statusCode).toBe(201);
    expect(created.json().request).toMatchObject({
      type: 'deposit',
      direction: 'credit',
      amountMinor: 50_000,
      status: 'pending',
      method: 'bitcoin',
      events: [{ kind: 'requested', reason: null }],
    });
    // Nothing moves until staff confirm; later deposits have no opening minimum.
    expect(await summary(client)).toMatchObject({ balanceMinor: 0, minimumDepositMinor: 1 });
    expect(
      (await post(t, '/api/deposits', client, { amountMinor: 1_000, method: 'qiwi' })).statusCode,
    ).toBe(201);
  });

  it.each([
    [{ amountMinor: 0, method: 'bitcoin' }, 'amountMinor', 'Enter an amount greater than zero'],
    [{ amountMinor: -500, method: 'bitcoin' }, 'amountMinor', 'Enter an amount greater than zero'],
    [
      { amountMinor: 100.5, method: 'bitcoin' },
      'amountMinor',
      'Amount must be a whole number of cents',
    ],
    [
      { amountMinor: 1_000_000_001, method: 'bitcoin' },
      'amountMinor',
      'Amount must be at most $10,000,000',
    ],
    [
      { amountMinor: '50000', method: 'bitcoin' },
      'amountMinor',
      'Enter an amount in dollars, e.g. 250 or 250.50',
    ],
    [{ amountMinor: 50_000, method: 'paypal' }, 'method', 'Choose a payment method'],
    [{ amountMinor: 50_000 }, 'method', 'Choose a payment method'],
  ])('refuses %j with a field message and stores nothing', async (body, field, message) => {
    const client = await clientCaller(t);
    const response = await post(t, '/api/deposits', client, body);
    expect(response.statusCode).toBe(400);
    expect(response.json().fields[field]).toEqual([message]);
    const requests = (await get(t, '/api/money-requests', client)).json();
    expect(requests.items).toEqual([]);
  });

  it('flags a card deposit of $15,000 or more for documents', async () => {
    const client = await clientCaller(t);
    await approveIdentityDocuments(t, client); // past the limit before documents (decision 104)
    const response = await post(t, '/api/deposits', client, {
      amountMinor: 1_500_000,
      method: 'credit-card',
    });
    expect(response.json().request.needsDocuments).toBe(true);
    const bitcoin = await post(t, '/api/deposits', client, {
      amountMinor: 1_500_000,
      method: 'bitcoin',
    });
    expect(bitcoin.json().request.needsDocuments).toBe(false);
  });

  it('returns the first result for a repeated Idempotency-Key and stores one request', async () => {
    const client = await clientCaller(t);
    const key = randomUUID();
    const body = { amountMinor: 40_000, method: 'bitcoin' };
    const first = await post(t, '/api/deposits', client, body, key);
    const again = await post(t, '/api/deposits', client, body, key);
    expect(again.statusCode).toBe(201);
    expect(again.json().request.id).toBe(first.json().request.id);
    const other = await post(t, '/api/deposits', client, { ...body, amountMinor: 40_100 }, key);
    expect(other.statusCode).toBe(409);
    expect((await get(t, '/api/money-requests', client)).json().items).toHaveLength(1);
  });
});

describe('staff confirm and reject deposits', () => {
  it('confirming credits the client once; a second confirmation is 409 and moves nothing', async () => {
    const client = await clientCaller(t);
    const id = await requestDeposit(client, 50_000);

    const confirmed = await post(t, `/api/staff/deposits/${id}/confirm`, owner);
    expect(confirmed.statusCode).toBe(200);
    expect(confirmed.json()).toMatchObject({
      message: 'Transaction successful',
      transaction: { status: 'completed', events: [{ kind: 'requested' }, { kind: 'confirmed' }] },
    });
    expect((await finances(client)).finances[0]).toEqual({
      deposited: 500,
      profit: 0,
      bonus: 0,
      refBonus: 0,
      balance: 500,
    });

    for (const path of ['confirm', 'reject']) {
      const again = await post(t, `/api/staff/deposits/${id}/${path}`, owner, { reason: 'x' });
      expect(again.statusCode).toBe(409);
    }
    expect((await finances(client)).finances[0]?.balance).toBe(500);
    await expectLedgerSound();
  });

  it('replays a confirmation sent again with the same key instead of answering 409', async () => {
    const client = await clientCaller(t);
    const id = await requestDeposit(client, 30_000);
    const key = randomUUID();
    const first = await post(t, `/api/staff/deposits/${id}/confirm`, owner, undefined, key);
    const again = await post(t, `/api/staff/deposits/${id}/confirm`, owner, undefined, key);
    expect([first.statusCode, again.statusCode]).toEqual([200, 200]);
    expect((await summary(client)).balanceMinor).toBe(30_000);
  });

  it('rejecting needs a reason, which the client sees in the timeline', async () => {
    const client = await clientCaller(t);
    const id = await requestDeposit(client, 30_000);
    const noReason = await post(t, `/api/staff/deposits/${id}/reject`, owner, { reason: '  ' });
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json().fields.reason).toEqual(['Please give a reason the client will see']);

    const rejected = await post(t, `/api/staff/deposits/${id}/reject`, owner, {
      reason: 'No funds arrived within 7 days',
    });
    expect(rejected.statusCode).toBe(200);
    const seen = (await get(t, `/api/money-requests/${id}`, client)).json().request;
    expect(seen).toMatchObject({ status: 'rejected', reason: 'No funds arrived within 7 days' });
    expect(seen.events.map((event: { kind: string }) => event.kind)).toEqual([
      'requested',
      'rejected',
    ]);
    expect((await summary(client)).balanceMinor).toBe(0);
  });

  it('answers 404 for an unknown request and for a withdrawal confirmed as a deposit', async () => {
    expect((await post(t, `/api/staff/deposits/${randomUUID()}/confirm`, owner)).statusCode).toBe(
      404,
    );
    expect((await post(t, '/api/staff/deposits/not-a-uuid/confirm', owner)).statusCode).toBe(400);
  });

  it('records who confirmed, with role, target, before/after and IP, append-only', async () => {
    const client = await clientCaller(t);
    const id = await requestDeposit(client, 30_000);
    await post(t, `/api/staff/deposits/${id}/confirm`, operations);
    const rows = await t.database.db
      .select()
      .from(auditLog)
      .where(sql`${auditLog.targetId} = ${id}`);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      action: 'deposit.confirm',
      staffRole: 'operations',
      targetType: 'transaction',
      before: { status: 'pending' },
      after: { status: 'completed' },
    });
    expect(rows[0]?.staffUsername).toMatch(/^operations-/);
    expect(rows[0]?.ip).toBeTruthy();
    await expect(
      t.database.db.execute(sql`update audit_log set action = 'forged' where target_id = ${id}`),
    ).rejects.toThrow();
    await expect(
      t.database.db.execute(sql`delete from audit_log where target_id = ${id}`),
    ).rejects.toThrow();
  });

  it('refuses money actions to the support role (403) and to a client token (403)', async () => {
    const client = await clientCaller(t);
    const id = await requestDeposit(client, 30_000);
    const bySupport = await post(t, `/api/staff/deposits/${id}/confirm`, support);
    expect(bySupport.statusCode).toBe(403);
    expect(bySupport.json().code).toBe('FORBIDDEN');
    expect((await post(t, `/api/staff/deposits/${id}/confirm`, client)).statusCode).toBe(403);
    expect((await post(t, `/api/staff/deposits/${id}/confirm`, { headers: {} })).statusCode).toBe(
      401,
    );
    // Support staff may still read the queue.
    expect((await get(t, '/api/staff/money-requests', support)).statusCode).toBe(200);
    expect((await summary(client)).balanceMinor).toBe(0);
  });

  it('lists pending requests for staff, oldest first, with the client', async () => {
    const client = await clientCaller(t);
    const first = await requestDeposit(client, 30_000);
    const second = await requestDeposit(client, 1_000);
    const queue = (await get(t, '/api/staff/money-requests', owner)).json().items as {
      id: string;
      client: { email: string };
    }[];
    const mine = queue.filter((item) => item.client.email === client.email).map((item) => item.id);
    expect(mine).toEqual([first, second]);
  });
});

describe('withdrawals', () => {
  it('holds amount and fee at once; approving takes them, rejecting gives them back', async () => {
    const client = await fundedClient(100_000);
    const response = await post(t, '/api/withdrawals', client, {
      amountMinor: 20_000,
      method: 'skrill',
      destination: 'ada@example.com',
    });
    expect(response.statusCode).toBe(201);
    const request = response.json().request;
    expect(request).toMatchObject({
      status: 'pending',
      feeMinor: 580,
      destination: 'ada@example.com',
    });
    expect(await summary(client)).toMatchObject({
      balanceMinor: 100_000,
      availableMinor: 100_000 - 20_580,
      heldMinor: 20_580,
    });

    const approved = await post(t, `/api/staff/withdrawals/${request.id}/approve`, owner);
    expect(approved.statusCode).toBe(200);
    expect(await summary(client)).toMatchObject({
      balanceMinor: 79_420,
      availableMinor: 79_420,
      heldMinor: 0,
    });

    const second = await post(t, '/api/withdrawals', client, {
      amountMinor: 10_000,
      method: 'bitcoin',
      destination: 'bc1qexampleaddress',
    });
    const rejected = await post(
      t,
      `/api/staff/withdrawals/${second.json().request.id}/reject`,
      owner,
      {
        reason: 'Destination wallet failed our checks',
      },
    );
    expect(rejected.json().transaction).toMatchObject({
      status: 'rejected',
      reason: 'Destination wallet failed our checks',
    });
    expect(await summary(client)).toMatchObject({ availableMinor: 79_420, heldMinor: 0 });
    await expectLedgerSound();
  });

  it('refuses more than the available balance with a clear message and holds nothing', async () => {
    const client = await fundedClient(30_000);
    const response = await post(t, '/api/withdrawals', client, {
      amountMinor: 29_500,
      method: 'neteller',
      destination: 'net-123456',
    });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({
      code: 'INSUFFICIENT_FUNDS',
      message: 'This withdrawal (with its fee) is more than your available balance',
    });
    expect(await summary(client)).toMatchObject({ availableMinor: 30_000, heldMinor: 0 });
    expect((await get(t, '/api/money-requests', client)).json().items).toHaveLength(1);
  });

  it('asks for a destination', async () => {
    const client = await fundedClient(30_000);
    const response = await post(t, '/api/withdrawals', client, {
      amountMinor: 100,
      method: 'bitcoin',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().fields.destination).toEqual([
      'Enter where the money should go (wallet address, IBAN or e-wallet id)',
    ]);
  });

  it('lets the client cancel a pending withdrawal, but not another client’s (404)', async () => {
    const client = await fundedClient(30_000);
    const stranger = await clientCaller(t);
    const id = (
      await post(t, '/api/withdrawals', client, {
        amountMinor: 10_000,
        method: 'bitcoin',
        destination: 'bc1qexample',
      })
    ).json().request.id;

    expect((await post(t, `/api/withdrawals/${id}/cancel`, stranger)).statusCode).toBe(404);
    expect((await get(t, `/api/money-requests/${id}`, stranger)).statusCode).toBe(404);
    const cancelled = await post(t, `/api/withdrawals/${id}/cancel`, client);
    expect(cancelled.json().request.status).toBe('cancelled');
    expect((await summary(client)).availableMinor).toBe(30_000);
    expect((await post(t, `/api/staff/withdrawals/${id}/approve`, owner)).statusCode).toBe(409);
  });

  it('answers 404, not 500, when the id to cancel is not a UUID', async () => {
    const client = await clientCaller(t);
    for (const id of ['not-an-id', "1' or '1'='1", 'a'.repeat(64)]) {
      const response = await post(t, `/api/withdrawals/${encodeURIComponent(id)}/cancel`, client);
      expect(response.statusCode).toBe(404);
      expect(response.json()).toMatchObject({ code: 'NOT_FOUND' });
    }
  });
});

describe('staff postings, reversals and the seed call', () => {
  it('posts profit, bonus, ref. bonus and adjustments (a debit needs a reason and funds)', async () => {
    const client = await fundedClient(30_000);
    const url = `/api/staff/clients/${client.id}/postings`;
    const reason = 'Goodwill for the delayed transfer';
    for (const [type, amountMinor] of [
      ['profit', 1_250],
      ['bonus', 500],
      ['ref_bonus', 300],
    ] as const) {
      expect((await post(t, url, owner, { type, amountMinor, reason })).statusCode).toBe(201);
    }
    const noReason = await post(t, url, owner, {
      type: 'adjustment',
      direction: 'debit',
      amountMinor: 100,
    });
    expect(noReason.json().fields.reason).toEqual(['Please give a reason the client will see']);
    const profitDebit = await post(t, url, owner, {
      type: 'profit',
      direction: 'debit',
      amountMinor: 1,
      reason,
    });
    expect(profitDebit.json().fields.direction).toEqual([
      'Only an adjustment can take money from a client',
    ]);
    const tooMuch = await post(t, url, owner, {
      type: 'adjustment',
      direction: 'debit',
      amountMinor: 1_000_000,
      reason: 'Duplicate credit',
    });
    expect(tooMuch.statusCode).toBe(409);
    const debit = await post(t, url, owner, {
      type: 'adjustment',
      direction: 'debit',
      amountMinor: 50,
      reason: 'Bank charge passed on',
    });
    expect(debit.statusCode).toBe(201);
    expect((await finances(client)).finances[0]).toEqual({
      deposited: 300,
      profit: 12.5,
      bonus: 5,
      refBonus: 3,
      balance: 300 + 12.5 + 5 + 3 - 0.5,
    });
    expect(
      (
        await post(t, `/api/staff/clients/${randomUUID()}/postings`, owner, {
          type: 'bonus',
          amountMinor: 1,
          reason: 'Welcome bonus',
        })
      ).statusCode,
    ).toBe(404);
  });

  it('refuses a seed date the database cannot store with the field message (400, not 500)', async () => {
    const client = await clientCaller(t);
    for (const date of ['+275760-09-13T00:00:00Z', '-010000-01-01', '0000-01-01']) {
      const response = await post(t, '/api/transactions/transaction', owner, {
        userId: client.id,
        type: 'Bonus',
        amount: 1,
        date,
      });
      expect(response.statusCode).toBe(400);
      expect(response.json().fields).toEqual({ date: ['Enter a valid date'] });
    }
  });

  it("maps the seed's transaction call: Completed posts, Pending holds, Failed records", async () => {
    const client = await clientCaller(t);
    const url = '/api/transactions/transaction';
    const deposit = await post(t, url, owner, {
      userId: client.id,
      type: 'deposit',
      amount: 1000,
      date: '2026-03-03T14:05:09Z',
    });
    expect(deposit.statusCode).toBe(201);
    expect(deposit.json()).toMatchObject({
      message: 'Transaction successful',
      transaction: { status: 'completed', date: '2026-03-03T14:05:09.000Z' },
    });
    const pending = await post(t, url, owner, {
      userId: client.id,
      type: 'WITHDRAWAL',
      amount: '250.50',
      status: 'Pending',
    });
    expect(pending.json().transaction).toMatchObject({ status: 'pending', amountMinor: 25_050 });
    const failed = await post(t, url, owner, {
      userId: client.id,
      type: 'Profit',
      amount: 99,
      status: 'failed',
    });
    expect(failed.json().transaction.status).toBe('failed');
    const tooMuch = await post(t, url, owner, {
      userId: client.id,
      type: 'Withdrawal',
      amount: 750,
    });
    expect(tooMuch.statusCode).toBe(409);
    expect(
      (
        await post(t, url, owner, {
          userId: client.id,
          type: 'Profit',
          amount: 1,
          status: 'Pending',
        })
      ).statusCode,
    ).toBe(400);

    for (const amount of [-5, 0, '12.345', '1e3', 10_000_000.01, 'ten']) {
      const bad = await post(t, url, owner, { userId: client.id, type: 'Bonus', amount });
      expect(bad.statusCode, String(amount)).toBe(400);
      expect(bad.json().fields.amount).toHaveLength(1);
    }
    expect(
      (await post(t, url, owner, { userId: client.id, type: 'Gift', amount: 1 })).json().fields
        .type,
    ).toBeDefined();

    const info = await finances(client);
    expect(info.finances[0]).toMatchObject({ deposited: 1000, profit: 0, balance: 1000 - 250.5 });
    expect(info.transactions.map((row) => [row.type, row.amount, row.status])).toEqual([
      ['Profit', 99, 'Failed'],
      ['Withdrawal', 250.5, 'Pending'],
      ['Deposit', 1000, 'Completed'],
    ]);
    await expectLedgerSound();
  });

  it('reverses a deposit once and voids the referral commission it earned', async () => {
    const referrer = await clientCaller(t);
    const referred = await fundedClient(50_000, referrer.code);
    // Pending for 30 days (decision 110): in neither Ref. Bonus nor the balance yet.
    expect((await finances(referrer)).finances[0]).toMatchObject({ refBonus: 0, balance: 0 });
    expect((await get(t, '/api/referrals', referrer)).json().pendingMinor).toBe(5_000);

    const depositId = (await get(t, '/api/transactions?type=deposit', referred)).json().items[0].id;
    const reversed = await post(t, `/api/staff/transactions/${depositId}/reverse`, owner, {
      reason: 'Chargeback from the card issuer',
    });
    expect(reversed.statusCode, reversed.body).toBe(200);
    expect(reversed.json().transaction.status).toBe('reversed');
    expect((await finances(referred)).finances[0]).toMatchObject({ deposited: 0, balance: 0 });
    expect((await finances(referrer)).finances[0]).toMatchObject({ refBonus: 0, balance: 0 });
    const [line] = (await get(t, '/api/transactions?type=ref_bonus', referrer)).json().items;
    expect(line).toMatchObject({
      status: 'cancelled',
      reason: 'Voided: the deposit was reversed.',
    });
    expect((await get(t, '/api/referrals', referrer)).json().commissions[0]).toMatchObject({
      state: 'voided',
      voidCause: 'deposit-reversed',
    });
    const again = await post(t, `/api/staff/transactions/${depositId}/reverse`, owner, {
      reason: 'x',
    });
    expect(again.statusCode).toBe(409);
    await expectLedgerSound();
  });
});

describe('referrals', () => {
  it('lists referred clients masked, Registered, Verified then Funded, and earns 10% of confirmed deposits', async () => {
    const referrer = await clientCaller(t);
    const empty = (await get(t, '/api/referrals', referrer)).json();
    expect(empty).toMatchObject({
      bonusBp: 1000,
      holdDays: 30,
      capMinor: 25_000,
      referrals: [],
      commissions: [],
    });
    expect(empty.code).toMatch(/^[A-Z2-9]{8}$/);

    const referred = await clientCaller(t, referrer.code, { verified: false });
    let list = (await get(t, '/api/referrals', referrer)).json().referrals;
    expect(list).toEqual([
      {
        name: 'Ada Lovelace',
        emailMasked: `c•••@example.com`,
        status: 'Registered',
        joinedAt: expect.any(String),
      },
    ]);
    await markEmailVerified(t.database, referred.email);
    list = (await get(t, '/api/referrals', referrer)).json().referrals;
    expect(list[0].status).toBe('Verified');
    const id = await requestDeposit(referred, 1_234_55);
    expect((await finances(referrer)).finances[0]?.refBonus).toBe(0);
    await post(t, `/api/staff/deposits/${id}/confirm`, owner);
    list = (await get(t, '/api/referrals', referrer)).json().referrals;
    expect(list[0].status).toBe('Funded');
    // 10% of $1,234.55 = $123.455 → $123.46 (half away from zero, in integer cents), pending
    // until its release date (decision 110; released in referrals.commission.test.ts).
    const overview = (await get(t, '/api/referrals', referrer)).json();
    expect(overview.pendingMinor).toBe(123_46);
    expect(overview.commissions[0]).toMatchObject({ amountMinor: 123_46, earnedMinor: 123_46 });
    expect((await finances(referrer)).finances[0]).toMatchObject({ refBonus: 0, balance: 0 });
    const bonusRow = (await get(t, '/api/transactions?type=ref_bonus', referrer)).json().items;
    expect(bonusRow).toMatchObject([{ amountMinor: 123_46, status: 'pending' }]);
    // Another client's referrals are not visible.
    expect((await get(t, '/api/referrals', referred)).json().referrals).toEqual([]);
  });
});

describe('provenance of staff-entered figures (issue 16, decision 103)', () => {
  it('refuses a back-office posting without a reason, for every type', async () => {
    const client = await clientCaller(t);
    const url = `/api/staff/clients/${client.id}/postings`;
    for (const type of ['profit', 'bonus', 'ref_bonus', 'adjustment']) {
      for (const body of [
        { type, amountMinor: 4_000 },
        { type, amountMinor: 4_000, reason: '   ' },
      ]) {
        const response = await post(t, url, owner, body);
        expect(response.statusCode).toBe(400);
        expect(response.json().fields.reason).toEqual(['Please give a reason the client will see']);
      }
    }
    expect((await finances(client)).finances[0]?.profit).toBe(0);
  });

  it('tells the client which lines staff entered, with the reason given', async () => {
    const client = await fundedClient(30_000);
    await post(t, `/api/staff/clients/${client.id}/postings`, owner, {
      type: 'profit',
      amountMinor: 2_500,
      reason: 'Q3 goodwill',
    });
    const seed = await post(t, '/api/transactions/transaction', owner, {
      userId: client.id,
      type: 'Profit',
      amount: 40,
    });
    expect(seed.statusCode).toBe(201);
    expect(seed.json().transaction).toMatchObject({ enteredBy: 'staff', reason: null });

    const items = (await get(t, '/api/transactions', client)).json().items;
    expect(
      items.map((item: Record<string, unknown>) => [
        item.type,
        item.amountMinor,
        item.enteredBy,
        item.reason,
      ]),
    ).toEqual([
      ['profit', 4_000, 'staff', null],
      ['profit', 2_500, 'staff', 'Q3 goodwill'],
      ['deposit', 30_000, 'client', null],
    ]);
    // The staff's view of the statement says the same.
    const detail = (await get(t, `/api/staff/clients/${client.id}`, owner)).json();
    expect(detail.transactions[0]).toMatchObject({ type: 'profit', enteredBy: 'staff' });
  });

  it('keeps the origin dashboard payload exactly as it was, staff profit included', async () => {
    const client = await clientCaller(t);
    await post(t, '/api/transactions/transaction', owner, {
      userId: client.id,
      type: 'Profit',
      amount: 40,
    });
    const info = await finances(client);
    expect(info.finances[0]).toEqual({
      deposited: 0,
      profit: 40,
      bonus: 0,
      refBonus: 0,
      balance: 40,
    });
    expect(Object.keys(info.transactions[0] ?? {}).sort()).toEqual([
      '_id',
      'amount',
      'date',
      'status',
      'type',
    ]);
  });

  it('splits the profit into its parts: all of it credited by staff until trading exists', async () => {
    const fresh = await clientCaller(t);
    expect((await get(t, '/api/money/profit', fresh)).json()).toEqual({
      totalMinor: 0,
      parts: [],
    });

    const client = await clientCaller(t);
    await post(t, '/api/transactions/transaction', owner, {
      userId: client.id,
      type: 'Profit',
      amount: 40,
    });
    await post(t, `/api/staff/clients/${client.id}/postings`, owner, {
      type: 'profit',
      amountMinor: 1_000,
      reason: 'Q3 goodwill',
    });
    const response = await get(t, '/api/money/profit', client);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      totalMinor: 5_000,
      parts: [{ source: 'staff', amountMinor: 5_000 }],
    });
    expect((await get(t, '/api/money/profit', owner)).statusCode).toBe(403);
  });
});

describe('statement', () => {
  it('pages newest first with a keyset cursor, filters, and refuses a foreign cursor', async () => {
    const client = await fundedClient(30_000);
    const url = `/api/staff/clients/${client.id}/postings`;
    for (const amountMinor of [101, 102, 103, 104]) {
      await post(t, url, owner, { type: 'bonus', amountMinor, reason: 'Loyalty bonus' });
    }
    const seen: number[] = [];
    let cursor: string | null = null;
    do {
      const query: string = cursor ? `&cursor=${cursor}` : '';
      const page = (await get(t, `/api/transactions?limit=2${query}`, client)).json();
      seen.push(...page.items.map((item: { amountMinor: number }) => item.amountMinor));
      cursor = page.nextCursor;
    } while (cursor);
    expect(seen).toEqual([104, 103, 102, 101, 30_000]);

    const deposits = (
      await get(t, '/api/transactions?type=deposit&status=completed', client)
    ).json();
    expect(deposits.items.map((item: { amountMinor: number }) => item.amountMinor)).toEqual([
      30_000,
    ]);

    const stranger = await clientCaller(t);
    const foreign = deposits.items[0].id;
    expect((await get(t, `/api/transactions?cursor=${foreign}`, stranger)).statusCode).toBe(400);
    expect((await get(t, '/api/transactions?limit=101', client)).statusCode).toBe(400);
    expect((await get(t, '/api/transactions?type=gift', client)).statusCode).toBe(400);
  });

  it('exports the filtered rows as CSV with formula-looking cells escaped', async () => {
    const client = await fundedClient(30_000);
    await post(t, `/api/staff/clients/${client.id}/postings`, owner, {
      type: 'adjustment',
      direction: 'credit',
      amountMinor: 1_000,
      reason: '=HYPERLINK("http://evil")',
    });
    const response = await get(t, '/api/transactions.csv?type=adjustment', client);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    const lines = response.body.trimEnd().split('\r\n');
    expect(lines[0]).toBe(
      'Date,Type,Direction,Amount (USD),Fee (USD),Status,Method,Destination,Reason,Id,Entered by',
    );
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain(
      `Adjustment,credit,10.00,0.00,Completed,,,"'=HYPERLINK(""http://evil"")"`,
    );
    expect(lines[1]?.endsWith(',staff')).toBe(true);
  });

  it('charts the running balance after every movement, peaks within a day included', async () => {
    const client = await fundedClient(112_500);
    await post(t, '/api/withdrawals', client, {
      amountMinor: 96_000,
      method: 'bitcoin',
      destination: 'bc1qexample',
    });
    const history = (await get(t, '/api/money/balance-history', client)).json();
    // From $0 at the start of the day, up to $1,125.00, down to $165.00 — all the same day.
    expect(history.points.map((point: { balanceMinor: number }) => point.balanceMinor)).toEqual([
      0, 112_500, 16_500, 16_500,
    ]);
    expect(history.highestMinor).toBe(112_500);
    expect(history.lowestMinor).toBe(0);
    const times = history.points.map((point: { at: string }) => Date.parse(point.at));
    expect(times).toEqual([...times].sort((a, b) => a - b));
    expect(new Date(times[0]).toISOString()).toBe(
      `${new Date(times[1]).toISOString().slice(0, 10)}T00:00:00.000Z`,
    );

    const fresh = await clientCaller(t);
    expect((await get(t, '/api/money/balance-history', fresh)).json()).toEqual({
      points: [],
      highestMinor: null,
      lowestMinor: null,
    });
  });
});

describe('ledger:check invariant 6', () => {
  it('notices a statement row whose status disagrees with its hold', async () => {
    const client = await fundedClient(30_000);
    const id = (
      await post(t, '/api/withdrawals', client, {
        amountMinor: 1_000,
        method: 'bitcoin',
        destination: 'bc1qexample',
      })
    ).json().request.id as string;
    await t.database.db.execute(
      sql`update client_transactions set status = 'rejected' where id = ${id}`,
    );
    const breaches = await checkLedger(t.database.db);
    expect(breaches).toEqual([
      {
        invariant: 6,
        message: `withdrawal ${id} (rejected): rejected row whose hold is not released`,
      },
    ]);
    await t.database.db.execute(
      sql`update client_transactions set status = 'pending' where id = ${id}`,
    );
    await expectLedgerSound();
  });
});
