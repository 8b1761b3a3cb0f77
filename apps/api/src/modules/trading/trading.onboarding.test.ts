// Live onboarding (issue 19, decision 132): what a Live account needs and the refusal naming
// the first missing step; the risk disclosure acknowledged per version; the appropriateness
// test graded on the server with a 24-hour wait before a retake; Demo open to a failed client;
// the category staff set with a reason, audited; and the leverage a new position opens at.
import { and, eq } from 'drizzle-orm';
import {
  APPROPRIATENESS_QUESTIONS,
  RISK_DISCLOSURE_VERSION,
  TRADING_ERROR_MESSAGES,
} from '@brokerdesk/shared/trading';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, clientTradingProfiles } from '../../db/schema.js';
import type { Clock } from '../../lib/clock.js';
import { approveIdentityDocuments } from '../../test/documents-fixtures.js';
import { get, staffCaller } from '../../test/money-fixtures.js';
import { TEST_START_TIME, createTestApp } from '../../test/test-app.js';
import type { TestApp } from '../../test/test-app.js';
import { call, marketOrder, openAccount, pushMajors, trader } from '../../test/trading-fixtures.js';
import type { Trader } from '../../test/trading-fixtures.js';
import { APPROPRIATENESS_KEY } from './appropriateness-key.js';

const RIGHT = Object.fromEntries(
  APPROPRIATENESS_QUESTIONS.map((q) => [q.id, APPROPRIATENESS_KEY[q.id]!.answer]),
);
/** Two wrong of six: below the pass mark of five. */
const TWO_WRONG = { ...RIGHT, leverage: 'a', 'stop-loss': 'a' };

let t: TestApp;
/** The app's clock, which the test moves forward (a retake waits 24 hours). */
let offsetMs = Date.parse(TEST_START_TIME) - Date.now();
const clock: Clock = { now: () => new Date(Date.now() + offsetMs) };

beforeAll(async () => {
  t = await createTestApp({ env: { STAFF_2FA: 'optional' }, clock });
  await pushMajors(t);
});
afterAll(async () => {
  await t?.close();
});

const onboarding = async (who: Trader) =>
  (await call(t, who, 'GET', '/api/trading/onboarding')).json<{
    ready: boolean;
    missingDocuments: { kind: string }[];
    disclosure: { version: string; current: boolean; acknowledgedAt: string | null };
    test: { status: string; retakeAt: string | null };
    category: string;
    retailLeverageCaps: Record<string, number> | null;
  }>();
const openLive = (who: Trader) => call(t, who, 'POST', '/api/trading/accounts', { kind: 'live' });
const acknowledge = (who: Trader, version = RISK_DISCLOSURE_VERSION) =>
  call(t, who, 'POST', '/api/trading/onboarding/risk-disclosure', { version });
const submit = (who: Trader, answers: Record<string, string>) =>
  call(t, who, 'POST', '/api/trading/onboarding/appropriateness', { answers });

describe('live onboarding', () => {
  it('lists what a live account needs and refuses it with the first missing step', async () => {
    const who = await trader(t, { category: 'retail' });
    const fresh = await onboarding(who);
    expect(fresh).toMatchObject({
      ready: false,
      disclosure: { version: RISK_DISCLOSURE_VERSION, current: false, acknowledgedAt: null },
      test: { status: 'not-taken' },
      category: 'retail',
      retailLeverageCaps: { 'forex-major': 30, forex: 20, gold: 20, index: 20, crypto: 2 },
    });
    expect(fresh.missingDocuments.map((d) => d.kind).sort()).toEqual(['id', 'residence']);
    expect((await openLive(who)).json()).toMatchObject({ code: 'DOCUMENTS_REQUIRED' });

    await approveIdentityDocuments(t, who);
    const noDisclosure = await openLive(who);
    expect(noDisclosure.statusCode).toBe(403);
    expect(noDisclosure.json()).toEqual({
      code: 'RISK_DISCLOSURE_REQUIRED',
      message: TRADING_ERROR_MESSAGES.RISK_DISCLOSURE_REQUIRED,
    });
    const stale = await acknowledge(who, '2020-01-01');
    expect(stale.statusCode).toBe(400);
    expect(stale.body).toContain(
      'The risk disclosure has changed: please read the current version',
    );
    expect((await acknowledge(who)).json()).toMatchObject({ disclosure: { current: true } });

    const noTest = await openLive(who);
    expect(noTest.statusCode).toBe(403);
    expect(noTest.json()).toMatchObject({ code: 'APPROPRIATENESS_REQUIRED' });
  });

  it('grades the test on the server, explains the wrong answers, keeps Demo open and waits 24 h before a retake', async () => {
    const who = await trader(t, { category: 'retail' });
    await approveIdentityDocuments(t, who);
    await acknowledge(who);
    const incomplete = await submit(who, { cfd: 'b' });
    expect(incomplete.statusCode).toBe(400);
    expect(incomplete.body).toContain('Please answer every question');

    const failed = await submit(who, TWO_WRONG);
    expect(failed.statusCode).toBe(201);
    const result = failed.json<{
      status: string;
      correct: number;
      takenAt: string;
      retakeAt: string;
      wrong: { questionId: string; explanation: string }[];
    }>();
    expect(result).toMatchObject({ status: 'failed', correct: 4, total: 6, passMark: 5 });
    expect(result.wrong.map((w) => w.questionId)).toEqual(['leverage', 'stop-loss']);
    expect(result.wrong[0]!.explanation).toContain('$10,000 ÷ 20 = $500');
    expect(Date.parse(result.retakeAt) - Date.parse(result.takenAt)).toBe(24 * 3_600_000);

    expect((await openLive(who)).json()).toMatchObject({ code: 'APPROPRIATENESS_REQUIRED' });
    await openAccount(t, who, 'demo'); // a failed client still practises on Demo
    const tooSoon = await submit(who, RIGHT);
    expect(tooSoon.statusCode).toBe(409);
    expect(tooSoon.json()).toMatchObject({ code: 'RETAKE_TOO_SOON' });

    offsetMs += 24 * 3_600_000 + 1_000;
    // The session expired meanwhile: signed in again.
    who.headers = { 'user-token': await t.login(who.email, 'secret-pass') };
    expect((await submit(who, RIGHT)).json()).toMatchObject({ status: 'passed', wrong: [] });
    expect((await submit(who, RIGHT)).statusCode).toBe(409); // a pass is final

    // A newer disclosure than the one acknowledged needs a new acknowledgement.
    await t.database.db
      .update(clientTradingProfiles)
      .set({ disclosureVersion: '2020-01-01' })
      .where(eq(clientTradingProfiles.clientId, who.id));
    expect((await onboarding(who)).disclosure.current).toBe(false);
    expect((await openLive(who)).json()).toMatchObject({ code: 'RISK_DISCLOSURE_REQUIRED' });
    await acknowledge(who);
    expect((await onboarding(who)).ready).toBe(true);
    expect((await openLive(who)).statusCode).toBe(201);
  });
});

describe('client category and leverage', () => {
  // 0.10 lot EUR/USD bought at 1.10015 is $11,001.50: its margin is ⌈1,100,150 ¢ / L⌉.
  const eurusd = { symbol: 'EURUSD', side: 'buy', volume: '0.10' } as const;

  it('opens a retail position at 1:30 on a major and a professional one at the catalogue’s 1:200', async () => {
    const retail = await trader(t, { category: 'retail' });
    const professional = await trader(t, { category: 'professional' });
    const retailDemo = await openAccount(t, retail, 'demo');
    const proDemo = await openAccount(t, professional, 'demo');
    expect((await marketOrder(t, retail, retailDemo.id, eurusd)).marginMinor).toBe(36_672);
    expect((await marketOrder(t, professional, proDemo.id, eurusd)).marginMinor).toBe(5_501);
  });

  it('lets owner and compliance set the category with a reason, audited; open positions keep their margin', async () => {
    const who = await trader(t, { category: 'retail' });
    const demo = await openAccount(t, who, 'demo');
    const before = await marketOrder(t, who, demo.id, eurusd);
    const url = `/api/staff/clients/${who.id}/trading-category`;
    const put = (headers: Record<string, string>, payload: unknown) =>
      t.app.inject({ method: 'PUT', url, headers, payload: payload as object });

    const support = await staffCaller(t, 'support');
    expect((await put(support.headers, { category: 'professional', reason: 'x' })).statusCode).toBe(
      403,
    );
    const compliance = await staffCaller(t, 'compliance');
    const noReason = await put(compliance.headers, { category: 'professional', reason: ' ' });
    expect(noReason.statusCode).toBe(400);
    expect(noReason.body).toContain('Please give the reason for the change');
    const changed = await put(compliance.headers, {
      category: 'professional',
      reason: 'Elective professional: portfolio over €500,000 checked',
    });
    expect(changed.statusCode).toBe(200);
    expect(changed.json()).toMatchObject({
      category: 'professional',
      retailLeverageCaps: null,
      categoryChange: { reason: 'Elective professional: portfolio over €500,000 checked' },
    });
    const [audit] = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'trading.client_category'), eq(auditLog.targetId, who.id)));
    expect(audit).toMatchObject({
      before: { category: 'retail' },
      after: { category: 'professional' },
    });

    const positions = await call(t, who, 'GET', `/api/trading/accounts/${demo.id}/positions`);
    expect(positions.json<{ id: string; marginMinor: number }[]>()).toEqual(
      expect.arrayContaining([expect.objectContaining({ id: before.id, marginMinor: 36_672 })]),
    );
    expect((await marketOrder(t, who, demo.id, eurusd)).marginMinor).toBe(5_501);

    // Support reads the profile; an unknown client is 404.
    const profile = await get(t, `/api/staff/clients/${who.id}/trading-profile`, support);
    expect(profile.json()).toMatchObject({
      category: 'professional',
      test: { status: 'not-taken' },
    });
    const unknown = await get(
      t,
      '/api/staff/clients/00000000-0000-4000-8000-000000000000/trading-profile',
      support,
    );
    expect(unknown.statusCode).toBe(404);
  });

  it('applies the dealing desk’s cap below the category’s', async () => {
    const operations = await staffCaller(t, 'operations');
    const capped = await t.app.inject({
      method: 'PATCH',
      url: '/api/staff/trading/instruments/GBPUSD',
      headers: operations.headers,
      payload: { leverageCap: 10, reason: 'Election night' },
    });
    expect(capped.statusCode).toBe(200);
    const gbpusd = { symbol: 'GBPUSD', side: 'buy', volume: '0.10' } as const;
    // 0.10 lot at 1.27015 is $12,701.50: at 1:10 the margin is $1,270.15 for both.
    for (const category of ['retail', 'professional'] as const) {
      const who = await trader(t, { category });
      const demo = await openAccount(t, who, 'demo');
      expect((await marketOrder(t, who, demo.id, gbpusd)).marginMinor).toBe(127_015);
    }
  });
});
