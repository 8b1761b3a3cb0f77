// The dealing desk closes a client's position with a reason (issue 19): the client's deal says
// who closed it and why, the P/L is realised as the client's own close would be, the action is
// audited, a repeated key closes nothing twice, and only owner and operations may act.
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { staffCaller } from '../../test/money-fixtures.js';
import type { Caller } from '../../test/money-fixtures.js';
import type { TestApp } from '../../test/test-app.js';
import {
  dealsOf,
  demoTrader,
  deskApp,
  getAccount,
  liveTrader,
  marketOrder,
  positionsOf,
  push,
  staffCall,
} from '../../test/trading-fixtures.js';
import { checkLedger } from '../ledger/index.js';

let t: TestApp;
let owner: Caller;

beforeAll(async () => {
  ({ t, desk: owner } = await deskApp());
});

afterAll(async () => {
  await t.close();
});

function staffClose(
  who: { headers: Record<string, string> },
  positionId: string,
  payload: Record<string, unknown>,
  key: string | null = randomUUID(),
): Promise<LightMyRequestResponse> {
  return staffCall(
    t,
    who,
    'POST',
    `/api/staff/trading/positions/${positionId}/close`,
    payload,
    key,
  );
}

const REASON = 'Closed at the client’s request by telephone, call ref. 4471';

describe('closing a client’s position from the dealing desk', () => {
  it('realises the P/L on the live account, tells the client who and why, and audits it', async () => {
    const { who, account } = await liveTrader(t, 100_000);
    const position = await marketOrder(t, who, account.id, {
      symbol: 'EURUSD',
      side: 'buy',
      volume: '0.10',
    });
    // +10 pips from the open at the ask 1.10015: the bid 1.10025 closes for +100 ¢.
    await push(t, ['EURUSD', '1.10025', '1.10055']);

    const response = await staffClose(owner, position.id, { reason: `  ${REASON}  ` });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({
      deal: { entry: 'out', volume: '0.10', price: '1.10025', pnlMinor: 100, reason: 'staff' },
      position: null,
    });

    // The client: no open position, the deal with who and why, the balance moved by the P/L.
    expect(await positionsOf(t, who, account.id)).toEqual([]);
    const closing = (await dealsOf(t, who, account.id)).find((deal) => deal.entry === 'out');
    expect(closing).toMatchObject({ reason: 'staff', note: REASON, pnlMinor: 100 });
    expect(closing?.closedBy).toMatch(/^staff:[0-9a-f-]{36}$/);
    expect((await getAccount(t, who, account.id)).balanceMinor).toBe(100_100);

    const audit = await t.database.db.execute(
      sql`select action, target_id, staff_role, after from audit_log where action = 'trading.position_close' and target_id = ${who.id}`,
    );
    const rows = (audit as unknown as { rows: Record<string, unknown>[] }).rows;
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      staff_role: 'operations',
      after: { positionId: position.id, volume: '0.10', pnlMinor: 100, reason: REASON },
    });
    expect(await checkLedger(t.database.db)).toEqual([]);
  });

  it('values the live book: net lots, their notional in USD and both sides’ floating P/L', async () => {
    const { who, account } = await liveTrader(t, 100_000);
    await marketOrder(t, who, account.id, { symbol: 'GBPUSD', side: 'sell', volume: '0.30' });
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/staff/trading/exposure',
      headers: owner.headers,
    });
    expect(response.statusCode).toBe(200);
    // Sold at the bid 1.26985, closed at the ask 1.27015: 30 points on 30,000 GBP is −$9.00;
    // the net −0.30 lot is worth 30,000 × 1.27015 = $38,104.50 at that ask.
    expect(response.json()).toMatchObject({
      instruments: [
        {
          symbol: 'GBPUSD',
          long: '0.00',
          short: '0.30',
          net: '-0.30',
          positions: 1,
          netNotionalMinor: -3_810_450,
          clientsFloatingPnlMinor: -900,
        },
      ],
      clientsFloatingPnlMinor: -900,
      bookFloatingPnlMinor: 900,
    });
  });

  it('closes part of a position and keeps the rest open with its id', async () => {
    const { who, account } = await demoTrader(t);
    const position = await marketOrder(t, who, account.id, {
      symbol: 'GBPUSD',
      side: 'sell',
      volume: '0.30',
    });
    const response = await staffClose(owner, position.id, { reason: REASON, volume: '0.10' });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({
      deal: { volume: '0.10', reason: 'staff' },
      position: { id: position.id, volume: '0.20' },
    });
  });

  it('answers a repeated key as the first time and closes nothing twice', async () => {
    const { who, account } = await demoTrader(t);
    const position = await marketOrder(t, who, account.id, {
      symbol: 'EURUSD',
      side: 'sell',
      volume: '0.20',
    });
    const key = randomUUID();
    const first = await staffClose(owner, position.id, { reason: REASON, volume: '0.10' }, key);
    const again = await staffClose(owner, position.id, { reason: REASON, volume: '0.10' }, key);
    expect(first.statusCode, first.body).toBe(200);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual(first.json());
    const closes = (await dealsOf(t, who, account.id)).filter((deal) => deal.entry === 'out');
    expect(closes).toHaveLength(1);
    const other = await staffClose(owner, position.id, { reason: 'Another reason' }, key);
    expect(other.statusCode).toBe(409);
    expect(other.json()).toEqual({
      message: 'This idempotency key was used for another request',
      code: 'CONFLICT',
    });
  });

  it('refuses a close without a reason, or without a key, and changes nothing', async () => {
    const { who, account } = await demoTrader(t);
    const position = await marketOrder(t, who, account.id, {
      symbol: 'EURUSD',
      side: 'buy',
      volume: '0.10',
    });
    for (const payload of [{}, { reason: '   ' }]) {
      const response = await staffClose(owner, position.id, payload);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({
        message: 'Please give a reason the client will see',
      });
    }
    const tooLong = await staffClose(owner, position.id, { reason: 'x'.repeat(501) });
    expect(tooLong.json()).toMatchObject({ message: 'Reason must be at most 500 characters' });
    expect((await staffClose(owner, position.id, { reason: REASON }, null)).statusCode).toBe(400);
    expect(await positionsOf(t, who, account.id)).toHaveLength(1);
  });

  it('answers 404 for a position that does not exist and 409 for one already closed', async () => {
    const missing = await staffClose(owner, '999999999', { reason: REASON });
    expect(missing.statusCode).toBe(404);
    const { who, account } = await demoTrader(t);
    const position = await marketOrder(t, who, account.id, {
      symbol: 'EURUSD',
      side: 'buy',
      volume: '0.10',
    });
    expect((await staffClose(owner, position.id, { reason: REASON })).statusCode).toBe(200);
    const twice = await staffClose(owner, position.id, { reason: REASON });
    expect(twice.statusCode).toBe(409);
    expect(twice.json()).toMatchObject({ code: 'ALREADY_CLOSED' });
  });

  it('lists accounts in a margin call with their level, then the stop-outs and protections', async () => {
    const risk = async () => {
      const response = await t.app.inject({
        method: 'GET',
        url: '/api/staff/trading/risk',
        headers: owner.headers,
      });
      expect(response.statusCode).toBe(200);
      return response.json<{
        marginCalls: { accountId: string; marginLevel: string; clientName: string }[];
        stopOuts: { clientId: string; symbol: string; volume: string; pnlMinor: number }[];
        protections: { accountId: string; amountMinor: number }[];
      }>();
    };
    // 1.00 lot EUR/USD bought at 1.10020 on $600.10: margin 55,010 ¢, 100 ¢ a point.
    await push(t, ['EURUSD', '1.09990', '1.10020']);
    const { who, account } = await liveTrader(t, 60_010);
    await marketOrder(t, who, account.id, { symbol: 'EURUSD', side: 'buy', volume: '1.00' });
    expect((await risk()).marginCalls.map((row) => row.accountId)).not.toContain(account.id);

    // At the bid 1.09970 equity is 55,010 ¢: exactly 100 %.
    await push(t, ['EURUSD', '1.09970', '1.10000']);
    const called = (await risk()).marginCalls.find((row) => row.accountId === account.id);
    expect(called).toMatchObject({ marginLevel: '100.00' });
    expect(called?.clientName).toMatch(/\S+ \S+/);

    // A gap to 1.09000 loses 102,000 ¢ on 60,010: stopped out, and 41,990 ¢ protected.
    await push(t, ['EURUSD', '1.09000', '1.09030']);
    const after = await risk();
    expect(after.marginCalls.map((row) => row.accountId)).not.toContain(account.id);
    expect(after.stopOuts.find((deal) => deal.clientId === who.id)).toMatchObject({
      symbol: 'EURUSD',
      volume: '1.00',
      pnlMinor: -102_000,
    });
    expect(after.protections.find((row) => row.accountId === account.id)).toMatchObject({
      amountMinor: 41_990,
    });
    await push(t, ['EURUSD', '1.09990', '1.10020']);
  });

  it('shows a client’s accounts, positions and latest deals on their page', async () => {
    const { who, account } = await demoTrader(t);
    const position = await marketOrder(t, who, account.id, {
      symbol: 'GBPUSD',
      side: 'buy',
      volume: '0.20',
    });
    expect(
      (await staffClose(owner, position.id, { reason: REASON, volume: '0.05' })).statusCode,
    ).toBe(200);
    const response = await t.app.inject({
      method: 'GET',
      url: `/api/staff/clients/${who.id}/trading`,
      headers: owner.headers,
    });
    expect(response.statusCode, response.body).toBe(200);
    const [shown] = response.json<{
      accounts: {
        id: string;
        kind: string;
        balanceMinor: number;
        positions: { id: string; volume: string }[];
        deals: { entry: string; reason: string; note: string | null; volume: string }[];
      }[];
    }>().accounts;
    expect(shown).toMatchObject({
      id: account.id,
      kind: 'demo',
      positions: [{ id: position.id, volume: '0.15' }],
    });
    expect(shown?.deals.map((deal) => [deal.entry, deal.reason, deal.volume, deal.note])).toEqual([
      ['out', 'staff', '0.05', REASON],
      ['in', 'client', '0.20', null],
    ]);
    for (const id of ['not-a-client', '00000000-0000-4000-8000-000000000000']) {
      const missing = await t.app.inject({
        method: 'GET',
        url: `/api/staff/clients/${id}/trading`,
        headers: owner.headers,
      });
      expect(missing.statusCode).toBe(404);
    }
  });

  it('lets compliance and auditors read the desk but not act, and keeps support out', async () => {
    const { who, account } = await demoTrader(t);
    const position = await marketOrder(t, who, account.id, {
      symbol: 'EURUSD',
      side: 'buy',
      volume: '0.10',
    });
    for (const role of ['compliance', 'auditor'] as const) {
      const reader = await staffCaller(t, role);
      const list = await t.app.inject({
        method: 'GET',
        url: '/api/staff/trading/positions',
        headers: reader.headers,
      });
      expect(list.statusCode).toBe(200);
      const row = list
        .json<{ positions: { id: string; clientEmail: string; clientName: string }[] }>()
        .positions.find((candidate) => candidate.id === position.id);
      expect(row?.clientEmail).toBe(who.email);
      expect(row?.clientName).toMatch(/\S+ \S+/);
      expect((await staffClose(reader, position.id, { reason: REASON })).statusCode).toBe(403);
    }
    const support = await staffCaller(t, 'support');
    const hidden = await t.app.inject({
      method: 'GET',
      url: '/api/staff/trading/exposure',
      headers: support.headers,
    });
    expect(hidden.statusCode).toBe(403);
    expect(await positionsOf(t, who, account.id)).toHaveLength(1);
  });
});
