// Helpers for the referral commission tests (decision 110): clients registered from an address
// and e-mail domain of the test's choosing (the self-referral signals read both), money moved
// through the real HTTP API, and a second instance's commission service over the same database
// (what another API process would run), so a test decides when a release pass happens.
import { randomUUID } from 'node:crypto';
import type { LightMyRequestResponse } from 'fastify';
import { eq } from 'drizzle-orm';
import { clients } from '../db/schema.js';
import type { Clock } from '../lib/clock.js';
import { makeLedgerService } from '../modules/ledger/index.js';
import { makeReferralCommissions } from '../modules/referrals/index.js';
import { approveIdentityDocuments } from './documents-fixtures.js';
import { get, post } from './money-fixtures.js';
import type { Caller } from './money-fixtures.js';
import { markEmailVerified, registrationBody } from './test-app.js';
import type { TestApp } from './test-app.js';

export const DAY_MS = 24 * 60 * 60 * 1000;

export interface ReferralClient extends Caller {
  id: string;
  email: string;
  password: string;
  code: string;
}

let counter = 0;

/** A client registered (and e-mail verified) from `ip`, at `domain`, with `ref` if given. */
export async function registeredClient(
  t: TestApp,
  options: { domain: string; ip: string; ref?: string },
): Promise<ReferralClient> {
  counter += 1;
  const body = registrationBody({
    email: `client-${counter}-${randomUUID().slice(0, 8)}@${options.domain}`,
    ...(options.ref ? { ref: options.ref } : {}),
  });
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/userRegister/send',
    payload: body,
    remoteAddress: options.ip,
  });
  if (response.statusCode !== 201) throw new Error(`registration: ${response.body}`);
  await markEmailVerified(t.database, body.email);
  const [row] = await t.database.db
    .select({ id: clients.id, code: clients.referralCode })
    .from(clients)
    .where(eq(clients.email, body.email));
  if (!row) throw new Error('registered client not found');
  const client = { id: row.id, code: row.code, email: body.email, password: body.password };
  return { ...client, headers: await signedInHeaders(t, client) };
}

/** Fresh headers (the test clock may have moved past the session's idle limit). */
export async function signedInHeaders(
  t: TestApp,
  client: { email: string; password: string },
): Promise<Record<string, string>> {
  return { 'user-token': await t.login(client.email, client.password) };
}

/**
 * A referrer and a client they referred with nothing in common: other domains, other
 * addresses, their own documents. Both may withdraw (documents approved).
 */
export async function referredPair(t: TestApp) {
  const referrer = await registeredClient(t, { domain: 'alpha.test', ip: '198.51.100.10' });
  const referred = await registeredClient(t, {
    domain: 'beta.test',
    ip: '203.0.113.20',
    ref: referrer.code,
  });
  await approveIdentityDocuments(t, referrer);
  await approveIdentityDocuments(t, referred);
  return { referrer, referred };
}

function expectStatus(response: LightMyRequestResponse, status: number, what: string) {
  if (response.statusCode !== status) {
    throw new Error(`${what}: expected ${status}, got ${response.statusCode} ${response.body}`);
  }
}

/** The client asks to deposit and staff confirm it; returns the deposit's id. */
export async function confirmedDeposit(
  t: TestApp,
  staff: Caller,
  client: Caller,
  amountMinor: number,
): Promise<string> {
  const requested = await post(t, '/api/deposits', client, { amountMinor, method: 'bitcoin' });
  expectStatus(requested, 201, 'deposit request');
  const id = requested.json<{ request: { id: string } }>().request.id;
  expectStatus(await post(t, `/api/staff/deposits/${id}/confirm`, staff), 200, 'confirm');
  return id;
}

/** The client asks to withdraw to `destination`; returns the request's id (still pending). */
export async function withdrawalRequest(
  t: TestApp,
  client: Caller,
  amountMinor: number,
  destination = 'bc1qreferralfixture',
): Promise<string> {
  const requested = await post(t, '/api/withdrawals', client, {
    amountMinor,
    method: 'bitcoin',
    destination,
  });
  expectStatus(requested, 201, 'withdrawal request');
  return requested.json<{ request: { id: string } }>().request.id;
}

export async function approvedWithdrawal(
  t: TestApp,
  staff: Caller,
  client: Caller,
  amountMinor: number,
): Promise<string> {
  const id = await withdrawalRequest(t, client, amountMinor);
  expectStatus(await post(t, `/api/staff/withdrawals/${id}/approve`, staff), 200, 'approve');
  return id;
}

export interface OverviewCommission {
  id: string;
  referredName: string;
  amountMinor: number;
  earnedMinor: number;
  state: string;
  releaseAt: string;
  releasedAt: string | null;
  voidCause: string | null;
  reason: string | null;
  waitsForWithdrawal: boolean;
}

/** GET /api/referrals as the referrer reads it. */
export async function referralOverview(t: TestApp, referrer: Caller) {
  const response = await get(t, '/api/referrals', referrer);
  expectStatus(response, 200, 'referral overview');
  return response.json<{
    pendingMinor: number;
    releasedMinor: number;
    commissions: OverviewCommission[];
  }>();
}

/** The dashboard's finances entry (dollars), as the origin's portal reads it. */
export async function dashboardFinances(t: TestApp, client: Caller) {
  const response = await get(t, '/api/userDashboard/send/', client);
  expectStatus(response, 200, 'dashboard');
  return response.json<{ userInfo: { finances: Record<string, number>[] } }>().userInfo.finances[0];
}

/**
 * The commission service another API instance would run on the same database, with the
 * default hold and cap: `releaseDue()` is one worker pass, when the test wants it.
 */
export function anotherInstance(t: TestApp, clock: Clock) {
  const db = t.database.db;
  return makeReferralCommissions({
    db,
    clock,
    ledger: makeLedgerService({ db, clock }),
    holdDays: t.config.referralHoldDays,
    capMinor: t.config.referralCapMinor,
  });
}
