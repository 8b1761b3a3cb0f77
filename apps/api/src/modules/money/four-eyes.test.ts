// The optional four-eyes rule (FOUR_EYES_ABOVE, off by default): above the amount, confirming a
// deposit or approving a withdrawal takes two different staff members; rejecting takes one.
import { randomUUID } from 'node:crypto';
import { MESSAGES } from '@brokerdesk/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { approveIdentityDocuments } from '../../test/documents-fixtures.js';
import { clientCaller, get, post, staffCaller } from '../../test/money-fixtures.js';
import type { Caller } from '../../test/money-fixtures.js';
import { createTestApp } from '../../test/test-app.js';
import type { TestApp } from '../../test/test-app.js';
import { checkLedger } from '../ledger/index.js';

let t: TestApp;
let owner: Caller;
let operations: Caller;
beforeAll(async () => {
  t = await createTestApp({ env: { STAFF_2FA: 'optional', FOUR_EYES_ABOVE: '1000' } });
  owner = await staffCaller(t, 'owner');
  operations = await staffCaller(t, 'operations');
});
afterAll(async () => {
  await t?.close();
});

async function depositRequest(client: Caller, amountMinor: number): Promise<string> {
  const response = await post(t, '/api/deposits', client, { amountMinor, method: 'bitcoin' });
  expect(response.statusCode, response.body).toBe(201);
  return response.json().request.id;
}

describe('four-eyes rule', () => {
  it('needs a second, different staff member to confirm a deposit above the amount', async () => {
    const client = await clientCaller(t);
    const id = await depositRequest(client, 200_000);
    const key = randomUUID();

    const first = await post(t, `/api/staff/deposits/${id}/confirm`, owner, undefined, key);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({
      message: MESSAGES.money.endorsed,
      transaction: { status: 'pending', events: [{ kind: 'requested' }, { kind: 'endorsed' }] },
    });
    // The same press again (same key) is a replay, not a second approval.
    const replay = await post(t, `/api/staff/deposits/${id}/confirm`, owner, undefined, key);
    expect(replay.json().transaction.status).toBe('pending');
    const again = await post(t, `/api/staff/deposits/${id}/confirm`, owner);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(MESSAGES.money.secondApproverNeeded);
    expect((await get(t, '/api/money/summary', client)).json().balanceMinor).toBe(0);

    const second = await post(t, `/api/staff/deposits/${id}/confirm`, operations);
    expect(second.json()).toMatchObject({
      message: MESSAGES.transaction.success,
      transaction: { status: 'completed' },
    });
    expect((await get(t, '/api/money/summary', client)).json().balanceMinor).toBe(200_000);
    expect(await checkLedger(t.database.db)).toEqual([]);
  });

  it('lets one staff member confirm up to the amount, and reject anything', async () => {
    const client = await clientCaller(t);
    await approveIdentityDocuments(t, client); // past the limit before documents (decision 104)
    const small = await depositRequest(client, 100_000);
    expect(
      (await post(t, `/api/staff/deposits/${small}/confirm`, owner)).json().transaction.status,
    ).toBe('completed');
    const large = await depositRequest(client, 500_000);
    const rejected = await post(t, `/api/staff/deposits/${large}/reject`, owner, {
      reason: 'Not received',
    });
    expect(rejected.json().transaction.status).toBe('rejected');
  });

  it('needs two approvals for a withdrawal above the amount; the funds stay held until then', async () => {
    const client = await clientCaller(t);
    await approveIdentityDocuments(t, client); // past the limit before documents (decision 104)
    const deposit = await depositRequest(client, 300_000);
    await post(t, `/api/staff/deposits/${deposit}/confirm`, owner);
    await post(t, `/api/staff/deposits/${deposit}/confirm`, operations);
    const withdrawal = await post(t, '/api/withdrawals', client, {
      amountMinor: 150_000,
      method: 'bitcoin',
      destination: 'bc1qfoureyes',
    });
    const id = withdrawal.json().request.id;
    await post(t, `/api/staff/withdrawals/${id}/approve`, operations);
    expect((await get(t, '/api/money/summary', client)).json()).toMatchObject({
      balanceMinor: 300_000,
      heldMinor: 150_000,
    });
    await post(t, `/api/staff/withdrawals/${id}/approve`, owner);
    expect((await get(t, '/api/money/summary', client)).json()).toMatchObject({
      balanceMinor: 150_000,
      heldMinor: 0,
    });
    const audit = (await get(t, `/api/staff/audit?targetId=${id}`, owner)).json().items;
    expect(audit.map((entry: { action: string }) => entry.action)).toEqual([
      'withdrawal.approve',
      'withdrawal.endorse',
    ]);
  });
});
