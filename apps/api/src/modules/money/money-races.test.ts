// Changes that write several transfers in one transaction, racing on shared accounts, on
// PostgreSQL: none may fail with a 5xx (a deadlock), and the ledger stays consistent. Before the
// accounts were locked up front (ledger.lockAccountsFor), 3–17 of 40 answers here were 500.
import { randomUUID } from 'node:crypto';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { approveIdentityDocuments } from '../../test/documents-fixtures.js';
import { clientCaller, post as postAs, staffCaller } from '../../test/money-fixtures.js';
import type { Caller } from '../../test/money-fixtures.js';
import { createTestApp, usingPostgres } from '../../test/test-app.js';
import type { TestApp } from '../../test/test-app.js';
import { checkLedger } from '../ledger/index.js';

const ROUNDS = 10;

describe.skipIf(!usingPostgres())('racing multi-transfer changes on PostgreSQL', () => {
  let t: TestApp;
  let staff: Caller;
  beforeAll(async () => {
    t = await createTestApp({ env: { STAFF_2FA: 'optional' } });
    staff = await staffCaller(t, 'operations');
  });
  afterAll(async () => {
    await t?.close();
  });

  const post = (url: string, caller: Caller, payload?: unknown) =>
    postAs(t, url, caller, payload, randomUUID());

  async function depositRequest(client: Caller, amountMinor: number): Promise<string> {
    const response = await post('/api/deposits', client, { amountMinor, method: 'bitcoin' });
    expect(response.statusCode, response.body).toBe(201);
    return response.json<{ request: { id: string } }>().request.id;
  }

  async function confirmedDeposit(client: Caller, amountMinor: number): Promise<string> {
    const id = await depositRequest(client, amountMinor);
    expect((await post(`/api/staff/deposits/${id}/confirm`, staff)).statusCode).toBe(200);
    return id;
  }

  async function referredPair() {
    const referrer = await clientCaller(t);
    const referred = await clientCaller(t, referrer.code);
    return { referrer, referred };
  }

  async function expectNoServerErrors(race: () => Promise<LightMyRequestResponse[]>) {
    const failures: string[] = [];
    for (let round = 0; round < ROUNDS; round += 1) {
      for (const response of await race()) {
        if (response.statusCode >= 500) failures.push(`${response.statusCode} ${response.body}`);
      }
    }
    expect(failures).toEqual([]);
    expect(await checkLedger(t.database.db)).toEqual([]);
  }

  it('reversing a referred deposit while confirming another deposit of the same client', async () => {
    await expectNoServerErrors(async () => {
      const { referrer, referred } = await referredPair();
      await confirmedDeposit(referrer, 100_000);
      const first = await confirmedDeposit(referred, 50_000);
      const second = await depositRequest(referred, 40_000);
      return Promise.all([
        post(`/api/staff/transactions/${first}/reverse`, staff, { reason: 'Chargeback' }),
        post(`/api/staff/deposits/${second}/confirm`, staff),
      ]);
    });
  }, 120_000);

  it("confirming the referred client's deposit while confirming the referrer's", async () => {
    await expectNoServerErrors(async () => {
      const { referrer, referred } = await referredPair();
      const ofReferrer = await depositRequest(referrer, 100_000);
      const ofReferred = await depositRequest(referred, 50_000);
      return Promise.all([
        post(`/api/staff/deposits/${ofReferred}/confirm`, staff),
        post(`/api/staff/deposits/${ofReferrer}/confirm`, staff),
      ]);
    });
  }, 120_000);

  it('subscribing while staff post a bonus to the same client', async () => {
    await expectNoServerErrors(async () => {
      const client = await clientCaller(t);
      await approveIdentityDocuments(t, client); // past the limit before documents (decision 104)
      await confirmedDeposit(client, 500_000);
      return Promise.all([
        post('/api/subscriptions', client, { planId: 'basic' }),
        post(`/api/staff/clients/${client.id}/postings`, staff, {
          type: 'bonus',
          amountMinor: 1_000,
          reason: 'Welcome bonus',
        }),
      ]);
    });
  }, 120_000);

  it("confirming the referred client's deposit while the referrer withdraws", async () => {
    await expectNoServerErrors(async () => {
      const { referrer, referred } = await referredPair();
      await approveIdentityDocuments(t, referrer); // so that it may withdraw (decision 104)
      await confirmedDeposit(referrer, 100_000);
      const deposit = await depositRequest(referred, 50_000);
      return Promise.all([
        post(`/api/staff/deposits/${deposit}/confirm`, staff),
        post('/api/withdrawals', referrer, {
          amountMinor: 1_000,
          method: 'bitcoin',
          destination: 'bc1qraceexample',
        }),
      ]);
    });
  }, 120_000);
});
