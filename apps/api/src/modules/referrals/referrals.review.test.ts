// Obvious self-referral is held for staff, not paid automatically (issue 17, decision 110):
// each signal flags (the same e-mail domain AND registration IP, a shared withdrawal
// destination, an identical document), staff see why and release or void with a reason
// (audited), and ledger:check catches a commission that disagrees with its transfer, passes the
// cap or was paid early. Runs on PGlite, and on PostgreSQL when configured.
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PDF_BYTES, approveIdentityDocuments, upload } from '../../test/documents-fixtures.js';
import { get, post, staffCaller } from '../../test/money-fixtures.js';
import type { Caller } from '../../test/money-fixtures.js';
import {
  DAY_MS,
  anotherInstance,
  confirmedDeposit,
  dashboardFinances,
  referralOverview,
  referredPair,
  registeredClient,
  signedInHeaders,
  withdrawalRequest,
} from '../../test/referral-fixtures.js';
import type { ReferralClient } from '../../test/referral-fixtures.js';
import { manualClock } from '../../test/staff-fixtures.js';
import { createTestApp } from '../../test/test-app.js';
import type { TestApp } from '../../test/test-app.js';
import { checkLedger } from '../ledger/index.js';

const clock = manualClock(Date.parse('2026-11-02T09:00:00Z'));
let t: TestApp;
let operations: Caller;
let support: Caller;
let owner: Caller;

beforeAll(async () => {
  t = await createTestApp({ clock, env: { STAFF_2FA: 'optional' } });
  await signInStaff();
});
afterAll(async () => {
  await t?.close();
});

async function signInStaff() {
  operations = await staffCaller(t, 'operations');
  support = await staffCaller(t, 'support');
  owner = await staffCaller(t, 'owner');
}

async function advance(ms: number, ...clients: ReferralClient[]): Promise<void> {
  clock.advance(ms);
  await signInStaff();
  for (const client of clients) client.headers = await signedInHeaders(t, client);
}

interface StaffCommission {
  id: string;
  state: string;
  amountMinor: number;
  signals: string[];
  referrer: { id: string; name: string };
  referred: { id: string; name: string; email: string };
  reviewReason: string | null;
}

async function commissionsOf(client: { id: string }, state?: string) {
  const query = `clientId=${client.id}${state ? `&state=${state}` : ''}`;
  const response = await get(t, `/api/staff/referral-commissions?${query}`, operations);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ items: StaffCommission[] }>().items;
}

/** The referrer's one commission as staff see it. */
async function onlyCommissionOf(referrer: { id: string }): Promise<StaffCommission> {
  const [commission, ...others] = await commissionsOf(referrer);
  expect(others).toEqual([]);
  if (!commission) throw new Error('no commission');
  return commission;
}

describe('self-referral signals', () => {
  it('holds a commission when both clients registered at the same e-mail domain from the same address', async () => {
    const referrer = await registeredClient(t, { domain: 'acme.test', ip: '192.0.2.7' });
    const referred = await registeredClient(t, {
      domain: 'acme.test',
      ip: '192.0.2.7',
      ref: referrer.code,
    });
    await confirmedDeposit(t, operations, referred, 50_000);

    const commission = await onlyCommissionOf(referrer);
    expect(commission).toMatchObject({ state: 'held', signals: ['email-domain-and-ip'] });
    expect((await referralOverview(t, referrer)).commissions[0]).toMatchObject({
      state: 'held',
      amountMinor: 5_000,
    });
    // Held: not paid on its date.
    await advance(31 * DAY_MS, referrer);
    await anotherInstance(t, clock).releaseDue();
    expect((await onlyCommissionOf(referrer)).state).toBe('held');
    expect(await dashboardFinances(t, referrer)).toMatchObject({ refBonus: 0, balance: 0 });
  });

  it.each([
    ['a free web-mail domain from different addresses', 'gmail.com', '192.0.2.8', '192.0.2.9'],
    ['the same address with different domains', ['north.test', 'south.test'], '192.0.2.10', null],
  ] as const)('does not hold for %s', async (_case, domains, ip, otherIp) => {
    const [first, second] = typeof domains === 'string' ? [domains, domains] : domains;
    const referrer = await registeredClient(t, { domain: first, ip });
    const referred = await registeredClient(t, {
      domain: second,
      ip: otherIp ?? ip,
      ref: referrer.code,
    });
    await confirmedDeposit(t, operations, referred, 50_000);
    expect(await onlyCommissionOf(referrer)).toMatchObject({ state: 'pending', signals: [] });
  });

  it('holds a commission at its release date once the referred client asked to withdraw to the referrer’s destination', async () => {
    const { referrer, referred } = await referredPair(t);
    await post(t, `/api/staff/clients/${referrer.id}/postings`, operations, {
      type: 'bonus',
      amountMinor: 5_000,
      reason: 'Welcome bonus',
    });
    await withdrawalRequest(t, referrer, 1_000, 'GB33 BUKB 2020 1555 5555 55');
    await confirmedDeposit(t, operations, referred, 50_000);
    expect((await onlyCommissionOf(referrer)).state).toBe('pending');

    // The same IBAN, written another way; staff reject it, so nothing voids the commission.
    const asked = await withdrawalRequest(t, referred, 1_000, 'gb33bukb20201555555555');
    await post(t, `/api/staff/withdrawals/${asked}/reject`, operations, { reason: 'Checking' });
    await advance(30 * DAY_MS, referrer, referred);
    await anotherInstance(t, clock).releaseDue();
    expect(await onlyCommissionOf(referrer)).toMatchObject({
      state: 'held',
      signals: ['withdrawal-destination'],
    });
    expect((await dashboardFinances(t, referrer))?.refBonus).toBe(0);
  });

  it('holds a commission when both uploaded the same document file', async () => {
    const referrer = await registeredClient(t, { domain: 'east.test', ip: '198.51.100.30' });
    const referred = await registeredClient(t, {
      domain: 'west.test',
      ip: '198.51.100.31',
      ref: referrer.code,
    });
    const passport = Buffer.concat([PDF_BYTES, Buffer.from(`% ${randomUUID()}\n`)]);
    expect((await upload(t, referrer, passport)).statusCode).toBe(201);
    expect((await upload(t, referred, passport, { kind: 'residence' })).statusCode).toBe(201);
    await confirmedDeposit(t, operations, referred, 50_000);
    expect(await onlyCommissionOf(referrer)).toMatchObject({
      state: 'held',
      signals: ['same-document'],
    });
  });
});

/** A referrer with one held commission ($50 on a $500 deposit: same domain and address). */
async function heldCommission() {
  const ip = `192.0.2.${100 + Math.floor(Math.random() * 100)}`;
  const domain = `${randomUUID().slice(0, 8)}.test`;
  const referrer = await registeredClient(t, { domain, ip });
  const referred = await registeredClient(t, { domain, ip, ref: referrer.code });
  await confirmedDeposit(t, operations, referred, 50_000);
  const commission = await onlyCommissionOf(referrer);
  expect(commission.state).toBe('held');
  return { referrer, referred, commission };
}

const releaseUrl = (id: string) => `/api/staff/referral-commissions/${id}/release`;
const voidUrl = (id: string) => `/api/staff/referral-commissions/${id}/void`;

describe('staff decisions', () => {
  it('lists held commissions with the signals and both clients', async () => {
    const { referrer, referred, commission } = await heldCommission();
    const response = await get(t, '/api/staff/referral-commissions?state=held', support);
    expect(response.statusCode).toBe(200);
    const listed = response
      .json<{ items: StaffCommission[] }>()
      .items.find((item) => item.id === commission.id);
    expect(listed).toMatchObject({
      signals: ['email-domain-and-ip'],
      referrer: { id: referrer.id, name: 'Ada Lovelace' },
      referred: { id: referred.id, email: referred.email },
    });
    expect((await commissionsOf(referred)).map((item) => item.id)).toEqual([commission.id]);
    const bad = await get(t, '/api/staff/referral-commissions?state=paid', support);
    expect(bad.statusCode).toBe(400);
  });

  it('releases a held commission with a reason: paid on its date, audited', async () => {
    const { referrer, commission } = await heldCommission();
    expect((await post(t, releaseUrl(commission.id), operations, {})).statusCode).toBe(400);
    expect(
      (await post(t, releaseUrl(commission.id), support, { reason: 'Checked' })).statusCode,
    ).toBe(403);

    const released = await post(t, releaseUrl(commission.id), operations, {
      reason: 'Colleagues at one firm; checked their IDs',
    });
    expect(released.statusCode, released.body).toBe(200);
    expect(released.json().commission).toMatchObject({
      state: 'pending',
      reviewReason: 'Colleagues at one firm; checked their IDs',
    });
    expect((await post(t, releaseUrl(commission.id), operations, { reason: 'x' })).json()).toEqual({
      code: 'CONFLICT',
      message: 'Only a commission held for review can be released by staff',
    });

    await advance(30 * DAY_MS, referrer);
    await anotherInstance(t, clock).releaseDue(); // signals answered: not held again
    expect((await onlyCommissionOf(referrer)).state).toBe('released');
    expect(await dashboardFinances(t, referrer)).toMatchObject({ refBonus: 50, balance: 50 });

    const audit = await get(t, `/api/staff/audit?targetId=${commission.id}`, owner);
    expect(audit.statusCode, audit.body).toBe(200);
    expect(audit.json().items).toMatchObject([
      {
        action: 'referral_commission.release',
        targetType: 'referral_commission',
        targetName: 'Ada Lovelace',
        before: { state: 'held', signals: ['email-domain-and-ip'] },
        after: { state: 'pending', reason: 'Colleagues at one firm; checked their IDs' },
      },
    ]);
  });

  it('pays a held commission at once when staff release it after its date', async () => {
    const { referrer, commission } = await heldCommission();
    await advance(30 * DAY_MS, referrer);
    const released = await post(t, releaseUrl(commission.id), operations, { reason: 'Checked' });
    expect(released.json().commission.state).toBe('released');
    expect(await dashboardFinances(t, referrer)).toMatchObject({ refBonus: 50, balance: 50 });
    expect((await post(t, voidUrl(commission.id), operations, { reason: 'x' })).statusCode).toBe(
      409,
    );
  });

  it('voids a commission with a reason the referrer reads', async () => {
    const { referrer, commission } = await heldCommission();
    const voided = await post(t, voidUrl(commission.id), operations, {
      reason: 'Same person as the referrer',
    });
    expect(voided.statusCode).toBe(200);
    expect(voided.json().commission).toMatchObject({ state: 'voided', voidCause: 'staff' });
    expect((await referralOverview(t, referrer)).commissions[0]).toMatchObject({
      state: 'voided',
      voidCause: 'staff',
      reason: 'Same person as the referrer',
    });
    const line = (await get(t, '/api/transactions?type=ref_bonus', referrer)).json().items[0];
    expect(line).toMatchObject({
      status: 'cancelled',
      reason: 'Voided by our staff: Same person as the referrer',
    });
    expect((await post(t, releaseUrl(commission.id), operations, { reason: 'x' })).statusCode).toBe(
      409,
    );
    expect(await checkLedger(t.database.db)).toEqual([]);
  });

  it('takes a reason with a lone surrogate (as a JSON body may carry) without a 500', async () => {
    const { commission } = await heldCommission();
    const voided = await post(t, voidUrl(commission.id), operations, { reason: 'x\udc00y' });
    expect(voided.statusCode, voided.body).toBe(200);
    const audit = await get(t, `/api/staff/audit?targetId=${commission.id}`, owner);
    expect(audit.json().items[0].after).toEqual({ state: 'voided', reason: 'x\ufffdy' });
  });

  it('answers 404 for an unknown commission', async () => {
    const response = await post(t, releaseUrl(randomUUID()), operations, { reason: 'x' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({ code: 'NOT_FOUND' });
  });
});

describe('ledger:check (invariant 7)', () => {
  const breachesOf7 = async () =>
    (await checkLedger(t.database.db)).filter((breach) => breach.invariant === 7);

  /** Changes rows behind the service's back, checks, and puts them back. */
  async function tampered(statement: ReturnType<typeof sql>, undo: ReturnType<typeof sql>) {
    await t.database.db.execute(statement);
    try {
      return (await breachesOf7()).map((breach) => breach.message);
    } finally {
      await t.database.db.execute(undo);
    }
  }

  it('catches a commission paid early, one whose state disagrees with its transfer, and one over the cap', async () => {
    const { referrer, referred } = await referredPair(t);
    await confirmedDeposit(t, operations, referred, 200_000); // $200
    await confirmedDeposit(t, operations, referred, 50_000); // $50
    await advance(30 * DAY_MS, referrer, referred);
    await anotherInstance(t, clock).releaseDue();
    await approveIdentityDocuments(t, referrer);
    expect(await breachesOf7()).toEqual([]);
    const of = sql`referred_id = ${referred.id}`;

    expect(
      await tampered(
        sql`update referral_commissions set release_at = release_at + interval '1 day' where ${of}`,
        sql`update referral_commissions set release_at = release_at - interval '1 day' where ${of}`,
      ),
    ).toEqual([
      expect.stringMatching(/paid before its release date$/),
      expect.stringMatching(/paid before its release date$/),
    ]);
    expect(
      await tampered(
        sql`update referral_commissions set state = 'pending', released_at = null where ${of} and amount_minor = 5000`,
        sql`update referral_commissions set state = 'released', released_at = release_at where ${of} and amount_minor = 5000`,
      ),
    ).toEqual([expect.stringMatching(/waiting commission whose transfer is posted$/)]);
    expect(
      await tampered(
        sql`update referral_commissions set cap_minor = 20000 where ${of}`,
        sql`update referral_commissions set cap_minor = 25000 where ${of}`,
      ),
    ).toEqual([`referred client ${referred.id}: commission over the cap: 25000 > 20000`]);
    expect(await breachesOf7()).toEqual([]);
  });
});
