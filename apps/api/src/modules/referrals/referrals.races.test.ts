// The release worker racing the changes that touch the same commission and accounts, on
// PostgreSQL (decision 110's lock order: accounts, then the commission row): a deposit's
// reversal, a staff void, and another referred client's deposit confirmation. No request may
// fail with a 5xx, no worker pass may fail (a deadlock), and the ledger stays consistent.
import { randomUUID } from 'node:crypto';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { post as postAs, staffCaller } from '../../test/money-fixtures.js';
import type { Caller } from '../../test/money-fixtures.js';
import {
  anotherInstance,
  confirmedDeposit,
  registeredClient,
} from '../../test/referral-fixtures.js';
import type { ReferralClient } from '../../test/referral-fixtures.js';
import { createTestApp, usingPostgres } from '../../test/test-app.js';
import type { TestApp } from '../../test/test-app.js';
import { systemClock } from '../../lib/clock.js';
import { checkLedger } from '../ledger/index.js';

const ROUNDS = 8;

describe.skipIf(!usingPostgres())('the referral worker racing other changes on PostgreSQL', () => {
  let t: TestApp;
  let staff: Caller;
  beforeAll(async () => {
    // Commissions are due as soon as they are earned, so every pass has work.
    t = await createTestApp({ env: { STAFF_2FA: 'optional', REFERRAL_HOLD_DAYS: '0' } });
    staff = await staffCaller(t, 'operations');
  });
  afterAll(async () => {
    await t?.close();
  });

  const post = (url: string, caller: Caller, payload?: unknown) =>
    postAs(t, url, caller, payload, randomUUID());

  let pairs = 0;
  async function referredPair(): Promise<{ referrer: ReferralClient; referred: ReferralClient }> {
    pairs += 1;
    const referrer = await registeredClient(t, { domain: 'r.test', ip: `198.51.100.${pairs}` });
    const referred = await registeredClient(t, {
      domain: 'd.test',
      ip: `203.0.113.${pairs}`,
      ref: referrer.code,
    });
    return { referrer, referred };
  }

  /** Runs the requests and a worker pass at once, ROUNDS times; collects any failure. */
  async function expectNoFailures(
    race: () => Promise<{ requests: Promise<LightMyRequestResponse>[] }>,
  ) {
    const failures: string[] = [];
    const worker = anotherInstance(t, systemClock);
    for (let round = 0; round < ROUNDS; round += 1) {
      const { requests } = await race();
      const [pass, ...answers] = await Promise.allSettled([worker.releaseDue(), ...requests]);
      if (pass?.status === 'rejected') failures.push(`worker: ${String(pass.reason)}`);
      for (const answer of answers) {
        if (answer.status === 'rejected') failures.push(String(answer.reason));
        else if (answer.value.statusCode >= 500) {
          failures.push(`${answer.value.statusCode} ${answer.value.body}`);
        }
      }
    }
    expect(failures).toEqual([]);
    expect(await checkLedger(t.database.db)).toEqual([]);
  }

  it('releasing while staff reverse the deposit that earned it', async () => {
    await expectNoFailures(async () => {
      const { referred } = await referredPair();
      const deposit = await confirmedDeposit(t, staff, referred, 50_000);
      return {
        requests: [post(`/api/staff/transactions/${deposit}/reverse`, staff, { reason: 'Race' })],
      };
    });
  }, 120_000);

  it('releasing while staff void it', async () => {
    await expectNoFailures(async () => {
      const { referrer, referred } = await referredPair();
      await confirmedDeposit(t, staff, referred, 50_000);
      const listed = await t.app.inject({
        method: 'GET',
        url: `/api/staff/referral-commissions?clientId=${referrer.id}`,
        headers: staff.headers,
      });
      const id = listed.json<{ items: { id: string }[] }>().items[0]?.id ?? '';
      return {
        requests: [post(`/api/staff/referral-commissions/${id}/void`, staff, { reason: 'Race' })],
      };
    });
  }, 120_000);

  it("releasing while another referred client's deposit is confirmed for the same referrer", async () => {
    await expectNoFailures(async () => {
      const { referrer, referred } = await referredPair();
      await confirmedDeposit(t, staff, referred, 50_000);
      pairs += 1;
      const second = await registeredClient(t, {
        domain: 'e.test',
        ip: `192.0.2.${pairs}`,
        ref: referrer.code,
      });
      const requested = await post('/api/deposits', second, {
        amountMinor: 40_000,
        method: 'bitcoin',
      });
      const id = requested.json<{ request: { id: string } }>().request.id;
      return { requests: [post(`/api/staff/deposits/${id}/confirm`, staff)] };
    });
  }, 120_000);
});
