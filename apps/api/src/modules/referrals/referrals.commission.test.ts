// Referral commission a broker can run (issue 17, decision 110): earned pending, paid after the
// holding period by a worker, voided by the referred client's withdrawal or the deposit's
// reversal, capped per referred client. The clock is the test's, so time moves on demand; a
// release pass is another instance's service over the same database, or the app's own worker.
// Runs on PGlite, and on PostgreSQL when configured.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildApp } from '../../app.js';
import { get, post, staffCaller } from '../../test/money-fixtures.js';
import type { Caller } from '../../test/money-fixtures.js';
import {
  DAY_MS,
  anotherInstance,
  approvedWithdrawal,
  confirmedDeposit,
  dashboardFinances,
  referralOverview,
  referredPair,
  signedInHeaders,
  withdrawalRequest,
} from '../../test/referral-fixtures.js';
import type { ReferralClient } from '../../test/referral-fixtures.js';
import { manualClock } from '../../test/staff-fixtures.js';
import { TEST_PASSWORD_PARAMS, createTestApp } from '../../test/test-app.js';
import type { TestApp } from '../../test/test-app.js';
import { checkLedger } from '../ledger/index.js';

const clock = manualClock(Date.parse('2026-11-02T09:00:00Z'));
let t: TestApp;
let staff: Caller;

beforeAll(async () => {
  t = await createTestApp({ clock, env: { STAFF_2FA: 'optional' } });
  staff = await staffCaller(t, 'operations');
});
afterAll(async () => {
  await t?.close();
});

/** Moves the test clock; everyone signs in again (sessions idle out over days). */
async function advance(ms: number, ...clients: ReferralClient[]): Promise<void> {
  clock.advance(ms);
  staff = await staffCaller(t, 'operations');
  for (const client of clients) client.headers = await signedInHeaders(t, client);
}

/** A confirmed deposit a second after the last thing, so newest-first lists have an order. */
function deposit(client: ReferralClient, amountMinor: number): Promise<string> {
  clock.advance(1_000);
  return confirmedDeposit(t, staff, client, amountMinor);
}

async function expectLedgerSound() {
  expect(await checkLedger(t.database.db)).toEqual([]);
}

describe('the farming scenario of the finding', () => {
  it('earns nothing withdrawable when the referred client deposits and withdraws $1,000 three times', async () => {
    const { referrer, referred } = await referredPair(t);
    for (let round = 0; round < 3; round += 1) {
      await deposit(referred, 100_000);
      await approvedWithdrawal(t, staff, referred, 100_000);
    }

    // Before: $300 in Ref. Bonus, withdrawable at once. Now each commission was voided.
    expect(await dashboardFinances(t, referrer)).toMatchObject({ refBonus: 0, balance: 0 });
    const overview = await referralOverview(t, referrer);
    expect(overview.commissions.map((each) => [each.state, each.voidCause])).toEqual([
      ['voided', 'withdrawal'],
      ['voided', 'withdrawal'],
      ['voided', 'withdrawal'],
    ]);
    expect([overview.pendingMinor, overview.releasedMinor]).toEqual([0, 0]);
    const withdrawal = await post(t, '/api/withdrawals', referrer, {
      amountMinor: 10_000,
      method: 'bitcoin',
      destination: 'bc1qreferrerwallet',
    });
    expect(withdrawal.statusCode).toBe(409);
    expect(withdrawal.json()).toMatchObject({ code: 'INSUFFICIENT_FUNDS' });
    // Voided commissions do not use up the cap.
    await deposit(referred, 100_000);
    expect((await referralOverview(t, referrer)).pendingMinor).toBe(10_000);
    await expectLedgerSound();
  });
});

describe('release after the holding period', () => {
  it('pays nothing a minute before the release date, then 10% into Ref. Bonus and the balance', async () => {
    const { referrer, referred } = await referredPair(t);
    await deposit(referred, 100_000);
    const confirmedAt = clock.now().getTime();

    let overview = await referralOverview(t, referrer);
    expect(overview.commissions).toMatchObject([
      { state: 'pending', amountMinor: 10_000, releasedAt: null, waitsForWithdrawal: false },
    ]);
    expect(Date.parse(overview.commissions[0]?.releaseAt ?? '')).toBe(confirmedAt + 30 * DAY_MS);
    expect(overview.pendingMinor).toBe(10_000);
    // Pending: in neither Ref. Bonus nor the balance, and not withdrawable.
    expect(await dashboardFinances(t, referrer)).toMatchObject({ refBonus: 0, balance: 0 });

    const second = anotherInstance(t, clock);
    await advance(30 * DAY_MS - 60_000, referrer, referred);
    await second.releaseDue();
    expect((await referralOverview(t, referrer)).commissions[0]?.state).toBe('pending');
    expect(await dashboardFinances(t, referrer)).toMatchObject({ refBonus: 0, balance: 0 });

    await advance(60_000, referrer, referred);
    // Two instances' passes at the same moment pay it once.
    const third = anotherInstance(t, clock);
    await Promise.all([second.releaseDue(), third.releaseDue()]);
    await second.releaseDue();
    expect(await dashboardFinances(t, referrer)).toMatchObject({ refBonus: 100, balance: 100 });
    overview = await referralOverview(t, referrer);
    expect(overview.commissions[0]).toMatchObject({ state: 'released' });
    expect(Date.parse(overview.commissions[0]?.releasedAt ?? '')).toBe(clock.now().getTime());
    expect([overview.pendingMinor, overview.releasedMinor]).toEqual([0, 10_000]);
    const line = (await get(t, '/api/transactions?type=ref_bonus', referrer)).json().items[0];
    expect(line).toMatchObject({ amountMinor: 10_000, status: 'completed', enteredBy: 'system' });
    await expectLedgerSound();
  });

  it('waits while a withdrawal request is open; one asked for within the period voids it', async () => {
    const { referrer, referred } = await referredPair(t);
    await deposit(referred, 50_000);
    await advance(29 * DAY_MS, referrer, referred);
    const asked = await withdrawalRequest(t, referred, 1_000);
    await advance(2 * DAY_MS, referrer, referred);
    await anotherInstance(t, clock).releaseDue();
    expect((await referralOverview(t, referrer)).commissions[0]).toMatchObject({
      state: 'pending',
      waitsForWithdrawal: true,
    });

    expect((await post(t, `/api/staff/withdrawals/${asked}/approve`, staff)).statusCode).toBe(200);
    expect((await referralOverview(t, referrer)).commissions[0]).toMatchObject({
      state: 'voided',
      voidCause: 'withdrawal',
    });
    expect(await dashboardFinances(t, referrer)).toMatchObject({ refBonus: 0, balance: 0 });
    await expectLedgerSound();
  });

  it('is paid once a withdrawal request that held it back is rejected', async () => {
    const { referrer, referred } = await referredPair(t);
    await deposit(referred, 50_000);
    await advance(29 * DAY_MS, referrer, referred);
    const asked = await withdrawalRequest(t, referred, 1_000);
    await advance(2 * DAY_MS, referrer, referred);
    const rejected = await post(t, `/api/staff/withdrawals/${asked}/reject`, staff, {
      reason: 'Wrong wallet',
    });
    expect(rejected.statusCode).toBe(200);
    await anotherInstance(t, clock).releaseDue();
    expect(await dashboardFinances(t, referrer)).toMatchObject({ refBonus: 50, balance: 50 });
  });

  it('is paid by the API’s own worker, which another instance starts with a pass', async () => {
    const { referrer, referred } = await referredPair(t);
    await deposit(referred, 40_000);
    await advance(30 * DAY_MS, referrer);
    // A second API process on the same database (closing it leaves the database open).
    const instance = await buildApp(t.config, {
      db: { ...t.database, close: async () => undefined },
      clock,
      passwordParams: TEST_PASSWORD_PARAMS,
    });
    try {
      await vi.waitFor(
        async () => {
          const overview = await referralOverview(t, referrer);
          expect(overview.commissions[0]?.state).toBe('released');
        },
        { timeout: 5_000, interval: 50 },
      );
    } finally {
      await instance.close();
    }
    expect(await dashboardFinances(t, referrer)).toMatchObject({ refBonus: 40, balance: 40 });
  });
});

describe('voiding', () => {
  it('voids the commission when the deposit is reversed, and the reversal is never refused for it', async () => {
    const { referrer, referred } = await referredPair(t);
    const depositId = await deposit(referred, 100_000);
    const reversed = await post(t, `/api/staff/transactions/${depositId}/reverse`, staff, {
      reason: 'Chargeback',
    });
    expect(reversed.statusCode, reversed.body).toBe(200);
    expect((await referralOverview(t, referrer)).commissions[0]).toMatchObject({
      state: 'voided',
      voidCause: 'deposit-reversed',
    });
    await expectLedgerSound();
  });

  it('keeps a released commission when the deposit is reversed later, even once it is spent', async () => {
    const { referrer, referred } = await referredPair(t);
    const depositId = await deposit(referred, 100_000);
    await advance(30 * DAY_MS, referrer, referred);
    await anotherInstance(t, clock).releaseDue();
    // The referrer withdraws the whole commission: before, this made the reversal impossible.
    await approvedWithdrawal(t, staff, referrer, 10_000);

    const reversed = await post(t, `/api/staff/transactions/${depositId}/reverse`, staff, {
      reason: 'Chargeback after 31 days',
    });
    expect(reversed.statusCode, reversed.body).toBe(200);
    expect((await referralOverview(t, referrer)).commissions[0]?.state).toBe('released');
    expect(await dashboardFinances(t, referred)).toMatchObject({ deposited: 0, balance: 0 });
    await expectLedgerSound();
  });
});

describe('the cap per referred client ($250 by default)', () => {
  it('cuts the commission that would pass it, pays none past it, and does not count voided ones', async () => {
    const { referrer, referred } = await referredPair(t);
    const first = await deposit(referred, 200_000); // $200
    await deposit(referred, 100_000); // $100 earned, $50 fits
    await deposit(referred, 50_000); // $50 earned, nothing fits

    let overview = await referralOverview(t, referrer);
    expect(overview.commissions.map((each) => [each.amountMinor, each.earnedMinor])).toEqual([
      [5_000, 10_000],
      [20_000, 20_000],
    ]);
    expect(overview.pendingMinor).toBe(25_000);

    // Reversing the first deposit voids its $200; the next deposit may earn again.
    expect(
      (await post(t, `/api/staff/transactions/${first}/reverse`, staff, { reason: 'Chargeback' }))
        .statusCode,
    ).toBe(200);
    await deposit(referred, 300_000);
    overview = await referralOverview(t, referrer);
    expect(overview.commissions[0]).toMatchObject({ amountMinor: 20_000, earnedMinor: 30_000 });
    expect(overview.pendingMinor).toBe(25_000);
    await expectLedgerSound();
  });

  it('counts released commission too', async () => {
    const { referrer, referred } = await referredPair(t);
    await deposit(referred, 240_000);
    await advance(30 * DAY_MS, referrer, referred);
    await anotherInstance(t, clock).releaseDue();
    await deposit(referred, 100_000);
    const overview = await referralOverview(t, referrer);
    expect(overview.commissions[0]).toMatchObject({ amountMinor: 1_000, state: 'pending' });
    expect([overview.pendingMinor, overview.releasedMinor]).toEqual([1_000, 24_000]);
  });
});
