// Withdrawals fired in parallel at one balance, through the HTTP API. On PostgreSQL the requests
// really run at once, so only the account row lock (docs/ledger.md "Concurrency and idempotency") stands between them
// and an overdraft: exactly as many are accepted as the balance covers, the rest are refused, and
// parallel repeats of one Idempotency-Key hold the money once. PGlite runs one query at a time, so
// there the same assertions run as a smaller check that the API answers the race correctly.
import { randomUUID } from 'node:crypto';
import type {
  ErrorBody,
  MoneyRequestList,
  MoneyRequestResponse,
  MoneySummary,
} from '@brokerdesk/shared';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { approveIdentityDocuments } from '../../test/documents-fixtures.js';
import { createTestApp, usingPostgres } from '../../test/test-app.js';
import type { TestApp } from '../../test/test-app.js';
import { checkLedger } from '../ledger/index.js';

let t: TestApp;
let staffToken: string;

beforeAll(async () => {
  // Two-factor sign-in is tested elsewhere; here staff act with a password alone.
  t = await createTestApp({ env: { STAFF_2FA: 'optional' } });
  staffToken = await t.staffLogin();
});
afterAll(async () => {
  await t?.close();
});

/** A new client whose deposit of `balanceMinor` staff have confirmed; returns its token. */
async function fundedClient(balanceMinor: number): Promise<string> {
  const client = await t.signedInClient();
  const { token } = client;
  // Withdrawals, and deposits past the limit, need approved documents (decision 104).
  await approveIdentityDocuments(t, client);
  const deposit = await t.app.inject({
    method: 'POST',
    url: '/api/deposits',
    headers: { 'user-token': token },
    payload: { amountMinor: balanceMinor, method: 'bitcoin' },
  });
  expect(deposit.statusCode, deposit.body).toBe(201);
  const { request } = deposit.json<MoneyRequestResponse>();
  const confirm = await t.app.inject({
    method: 'POST',
    url: `/api/staff/deposits/${request.id}/confirm`,
    headers: { 'x-auth-token': staffToken },
  });
  expect(confirm.statusCode, confirm.body).toBe(200);
  return token;
}

type Method = 'bitcoin' | 'skrill';

/** A withdrawal: bitcoin has no fee, Skrill adds 2.9% on top (docs/product.md §10). */
function withdraw(token: string, amountMinor: number, key: string, method: Method = 'bitcoin') {
  return t.app.inject({
    method: 'POST',
    url: '/api/withdrawals',
    headers: { 'user-token': token, 'idempotency-key': key },
    payload: { amountMinor, method, destination: `${method}-concurrency-test` },
  });
}

async function getJson<T>(url: string, token: string): Promise<T> {
  const response = await t.app.inject({ method: 'GET', url, headers: { 'user-token': token } });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<T>();
}

const codeOf = (response: LightMyRequestResponse) => response.json<ErrorBody>().code;

/**
 * Fires `count` withdrawals of `amountMinor`, each with its own key, at `balanceMinor`, all at
 * once: exactly ⌊balance / (amount + fee)⌋ are accepted and the rest refused, nothing else.
 */
async function raceDistinctWithdrawals(options: {
  balanceMinor: number;
  amountMinor: number;
  count: number;
  method?: Method;
  feeMinor?: number;
}) {
  const { balanceMinor, amountMinor, count, method = 'bitcoin', feeMinor = 0 } = options;
  const each = amountMinor + feeMinor;
  const fits = Math.floor(balanceMinor / each);
  expect(balanceMinor % each, 'a balance that leaves a remainder').not.toBe(0);
  expect(count, 'more requests than the balance covers').toBeGreaterThan(fits);

  const token = await fundedClient(balanceMinor);
  const responses = await Promise.all(
    Array.from({ length: count }, () => withdraw(token, amountMinor, randomUUID(), method)),
  );

  const accepted = responses.filter((response) => response.statusCode === 201);
  const refused = responses.filter(
    (response) => response.statusCode === 409 && codeOf(response) === 'INSUFFICIENT_FUNDS',
  );
  const others = responses
    .filter((response) => !accepted.includes(response) && !refused.includes(response))
    .map((response) => `${response.statusCode} ${response.body}`);
  expect(others, 'answers other than 201 and 409 INSUFFICIENT_FUNDS').toEqual([]);
  expect({ accepted: accepted.length, refused: refused.length }).toEqual({
    accepted: fits,
    refused: count - fits,
  });
  const ids = accepted.map((response) => response.json<MoneyRequestResponse>().request.id);
  expect(new Set(ids).size).toBe(fits);

  const summary = await getJson<MoneySummary>('/api/money/summary', token);
  expect(summary).toMatchObject({
    balanceMinor,
    availableMinor: balanceMinor - fits * each,
    heldMinor: fits * each,
  });
  expect(summary.availableMinor).toBeGreaterThanOrEqual(0);
  expect(await checkLedger(t.database.db)).toEqual([]);
}

/** Fires one withdrawal `count` times at once with the same key: one request, one hold. */
async function raceOneKey(options: { balanceMinor: number; amountMinor: number; count: number }) {
  const { balanceMinor, amountMinor, count } = options;
  const token = await fundedClient(balanceMinor);
  const key = randomUUID();
  const responses = await Promise.all(
    Array.from({ length: count }, () => withdraw(token, amountMinor, key)),
  );

  const statuses = responses.map((response) =>
    response.statusCode === 201 ? 201 : `${response.statusCode} ${response.body}`,
  );
  expect(statuses).toEqual(Array.from({ length: count }, () => 201));
  const ids = new Set(
    responses.map((response) => response.json<MoneyRequestResponse>().request.id),
  );
  expect(ids.size).toBe(1);

  expect(await getJson<MoneySummary>('/api/money/summary', token)).toMatchObject({
    balanceMinor,
    availableMinor: balanceMinor - amountMinor,
    heldMinor: amountMinor,
  });
  const open = await getJson<MoneyRequestList>('/api/money-requests?open=true', token);
  expect(open.items.map((item) => [item.id, item.type, item.status])).toEqual([
    [[...ids][0], 'withdrawal', 'pending'],
  ]);
  expect(await checkLedger(t.database.db)).toEqual([]);
}

describe.skipIf(!usingPostgres())('parallel withdrawals on PostgreSQL', () => {
  it('accepts exactly 100 of 200 parallel $10.00 withdrawals from $1,005.00; the rest are 409 INSUFFICIENT_FUNDS', async () => {
    await raceDistinctWithdrawals({ balanceMinor: 100_500, amountMinor: 1_000, count: 200 });
  }, 60_000);

  it('answers 50 parallel repeats of one Idempotency-Key with the same request and holds once', async () => {
    await raceOneKey({ balanceMinor: 100_500, amountMinor: 1_000, count: 50 });
  }, 60_000);

  it('holds amount and fee together: 97 of 200 parallel $10.00 Skrill withdrawals ($0.29 fee) fit in $1,005.00', async () => {
    await raceDistinctWithdrawals({
      balanceMinor: 100_500,
      amountMinor: 1_000,
      count: 200,
      method: 'skrill',
      feeMinor: 29,
    });
  }, 60_000);

  it('lets exactly one of a parallel approve, reject, cancel and second approve decide a withdrawal', async () => {
    for (let round = 0; round < 10; round += 1) {
      const token = await fundedClient(30_500);
      const created = await withdraw(token, 10_000, randomUUID(), 'skrill');
      expect(created.statusCode, created.body).toBe(201);
      const { id } = created.json<MoneyRequestResponse>().request;
      const staff = { 'x-auth-token': staffToken };
      const reason = { reason: 'Checked by the concurrency test' };
      const responses = await Promise.all([
        t.app.inject({
          method: 'POST',
          url: `/api/staff/withdrawals/${id}/approve`,
          headers: staff,
        }),
        t.app.inject({
          method: 'POST',
          url: `/api/staff/withdrawals/${id}/reject`,
          headers: staff,
          payload: reason,
        }),
        t.app.inject({
          method: 'POST',
          url: `/api/withdrawals/${id}/cancel`,
          headers: { 'user-token': token },
        }),
        t.app.inject({
          method: 'POST',
          url: `/api/staff/withdrawals/${id}/approve`,
          headers: staff,
        }),
      ]);
      const answers = responses.map((response) =>
        response.statusCode === 200 ? '200' : `${response.statusCode} ${codeOf(response)}`,
      );
      expect(
        answers.filter((answer) => answer === '200'),
        answers.join(', '),
      ).toHaveLength(1);
      expect(
        answers.filter((answer) => answer === '409 CONFLICT'),
        answers.join(', '),
      ).toHaveLength(3);

      // Whoever won, the $100.00 and its $2.90 fee left the hold exactly once.
      const approved = responses[0]?.statusCode === 200 || responses[3]?.statusCode === 200;
      expect(await getJson<MoneySummary>('/api/money/summary', token)).toMatchObject({
        balanceMinor: approved ? 30_500 - 10_290 : 30_500,
        availableMinor: approved ? 30_500 - 10_290 : 30_500,
        heldMinor: 0,
      });
    }
    expect(await checkLedger(t.database.db)).toEqual([]);
  }, 60_000);
});

describe('parallel withdrawals (any database; PGlite runs them one at a time)', () => {
  it('accepts exactly 20 of 30 parallel $15.00 withdrawals from $305.00; the rest are 409 INSUFFICIENT_FUNDS', async () => {
    await raceDistinctWithdrawals({ balanceMinor: 30_500, amountMinor: 1_500, count: 30 });
  });

  it('answers 20 parallel repeats of one Idempotency-Key with the same request and holds once', async () => {
    await raceOneKey({ balanceMinor: 30_500, amountMinor: 1_500, count: 20 });
  });
});
