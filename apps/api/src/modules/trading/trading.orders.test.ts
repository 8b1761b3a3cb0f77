// Market orders, margin, P/L and closes through HTTP, on PRODUCT §11.17's worked examples 1–4.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_START_TIME, createTestApp } from '../../test/test-app.js';
import type { TestApp } from '../../test/test-app.js';
import { checkLedger } from '../ledger/index.js';
import {
  accountUrl,
  call,
  closePosition,
  dealsOf,
  demoTrader,
  getAccount,
  liveTrader,
  marketOrder,
  positionsOf,
  push,
  pushMajors,
} from '../../test/trading-fixtures.js';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ startTime: TEST_START_TIME });
  await pushMajors(t);
  await push(t, ['EURGBP', '0.84990', '0.85020'], ['XAUUSD', '1999.70', '2000.30']);
});

afterAll(async () => {
  await t.close();
});

describe('worked example 1: EUR/USD buy 0.10 lot on a $10,000 demo', () => {
  it('fills at the ask with margin 5,501 ¢ and shows the spread as −300 ¢ at once', async () => {
    const { who, account } = await demoTrader(t);
    expect(account.balanceMinor).toBe(1_000_000);
    const position = await marketOrder(t, who, account.id, {
      symbol: 'EURUSD',
      side: 'buy',
      volume: '0.10',
    });
    expect(position).toMatchObject({
      openPrice: '1.10015',
      volume: '0.10',
      marginMinor: 5_501,
      floatingPnlMinor: -300,
      closePrice: '1.09985',
    });
    expect(await getAccount(t, who, account.id)).toMatchObject({
      balanceMinor: 1_000_000,
      equityMinor: 999_700,
      usedMarginMinor: 5_501,
      freeMarginMinor: 994_199,
      marginLevel: '18173.05',
      marginCall: false,
    });
  });

  it('+15 pips is +1,500 ¢; closing half realises 750 ¢ and the rest keeps its id and price', async () => {
    const { who, account } = await demoTrader(t);
    const position = await marketOrder(t, who, account.id, {
      symbol: 'EURUSD',
      side: 'buy',
      volume: '0.10',
    });
    await push(t, ['EURUSD', '1.10165', '1.10195']);
    const [moved] = await positionsOf(t, who, account.id);
    expect(moved?.floatingPnlMinor).toBe(1_500);

    const half = await closePosition(t, who, account.id, position.id, '0.05');
    expect(half.statusCode).toBe(200);
    const body = half.json<{ deal: { pnlMinor: number; price: string }; position: unknown }>();
    expect(body.deal).toMatchObject({ pnlMinor: 750, price: '1.10165', reason: 'client' });
    expect(body.position).toMatchObject({
      id: position.id,
      volume: '0.05',
      openPrice: '1.10015',
      marginMinor: 2_751,
    });
    expect((await getAccount(t, who, account.id)).balanceMinor).toBe(1_000_750);

    const rest = await closePosition(t, who, account.id, position.id);
    expect(rest.statusCode).toBe(200);
    expect(rest.json()).toMatchObject({ deal: { pnlMinor: 750 }, position: null });
    expect(await positionsOf(t, who, account.id)).toEqual([]);
    const deals = await dealsOf(t, who, account.id);
    expect(deals.map((deal) => [deal.entry, deal.volume, deal.pnlMinor])).toEqual([
      ['out', '0.05', 750],
      ['out', '0.05', 750],
      ['in', '0.10', 0],
    ]);
    await push(t, ['EURUSD', '1.09985', '1.10015']);
  });
});

describe('worked examples 2–4: conversion through USD', () => {
  it('USD/JPY sell 0.50: margin 24,998 ¢; closing at ask 149.485 realises 16,726 ¢', async () => {
    const { who, account } = await demoTrader(t);
    const position = await marketOrder(t, who, account.id, {
      symbol: 'USDJPY',
      side: 'sell',
      volume: '0.50',
    });
    expect(position).toMatchObject({ openPrice: '149.985', marginMinor: 24_998 });
    await push(t, ['USDJPY', '149.455', '149.485']);
    const closed = await closePosition(t, who, account.id, position.id);
    expect(closed.json()).toMatchObject({ deal: { price: '149.485', pnlMinor: 16_726 } });
    expect((await getAccount(t, who, account.id)).balanceMinor).toBe(1_000_000 + 16_726);
    await push(t, ['USDJPY', '149.985', '150.015']);
  });

  it('XAUUSD buy 0.10: margin 40,006 ¢; a close at bid 2,010.30 gives +10,000 ¢', async () => {
    const { who, account } = await demoTrader(t);
    const position = await marketOrder(t, who, account.id, {
      symbol: 'XAUUSD',
      side: 'buy',
      volume: '0.10',
    });
    expect(position).toMatchObject({ openPrice: '2000.30', marginMinor: 40_006 });
    await push(t, ['XAUUSD', '2010.30', '2010.90']);
    const closed = await closePosition(t, who, account.id, position.id);
    expect(closed.json()).toMatchObject({ deal: { pnlMinor: 10_000 } });
  });

  it('EUR/GBP buy 1.00 at 0.85020 with GBP/USD mid 1.27: margin 53,988 ¢', async () => {
    const { who, account } = await demoTrader(t);
    const position = await marketOrder(t, who, account.id, {
      symbol: 'EURGBP',
      side: 'buy',
      volume: '1.00',
    });
    expect(position).toMatchObject({ openPrice: '0.85020', marginMinor: 53_988 });
  });
});

describe('live accounts', () => {
  it('posts realised P/L to the ledger, the dashboard and the Profit card; demo never does', async () => {
    const { who, account } = await liveTrader(t, 100_000);
    expect(account).toMatchObject({ kind: 'live', balanceMinor: 100_000 });
    const position = await marketOrder(t, who, account.id, {
      symbol: 'EURUSD',
      side: 'buy',
      volume: '0.10',
    });
    await push(t, ['EURUSD', '1.10165', '1.10195']);
    await closePosition(t, who, account.id, position.id);
    expect((await getAccount(t, who, account.id)).balanceMinor).toBe(101_500);

    const dashboard = await call(t, who, 'GET', '/api/userDashboard/send/');
    const finances = dashboard.json<{
      userInfo: { finances: { balance: number; profit: number }[] };
    }>().userInfo.finances[0];
    // Wallet 0 (all moved in) + live 1,015.00; profit = the realised 15.00.
    expect(finances).toMatchObject({ balance: 1015, profit: 15 });
    const profit = await call(t, who, 'GET', '/api/money/profit');
    expect(profit.json()).toEqual({
      totalMinor: 1_500,
      parts: [{ source: 'trading', amountMinor: 1_500 }],
    });
    const transactions = dashboard.json<{ userInfo: { transactions: { type: string }[] } }>()
      .userInfo.transactions;
    expect(transactions.map((row) => row.type)).toContain('Transfer');

    // A loss goes the other way.
    const loser = await marketOrder(t, who, account.id, {
      symbol: 'EURUSD',
      side: 'buy',
      volume: '0.10',
    });
    await push(t, ['EURUSD', '1.09985', '1.10015']);
    await closePosition(t, who, account.id, loser.id);
    expect((await getAccount(t, who, account.id)).balanceMinor).toBe(101_500 - 2_100);
    expect(await checkLedger(t.database.db)).toEqual([]);
  });

  it('a demo account leaves the wallet, the dashboard and the ledger untouched', async () => {
    const { who, account } = await demoTrader(t);
    const position = await marketOrder(t, who, account.id, {
      symbol: 'EURUSD',
      side: 'sell',
      volume: '1.00',
    });
    await push(t, ['EURUSD', '1.09885', '1.09915']);
    await closePosition(t, who, account.id, position.id);
    const dashboard = await call(t, who, 'GET', '/api/userDashboard/send/');
    expect(
      dashboard.json<{ userInfo: { finances: { balance: number; profit: number }[] } }>().userInfo
        .finances[0],
    ).toMatchObject({ balance: 0, profit: 0 });
    const deals = await dealsOf(t, who, account.id);
    expect(deals[0]?.pnlMinor).toBe(7_000);
    expect(await checkLedger(t.database.db)).toEqual([]);
    await push(t, ['EURUSD', '1.09985', '1.10015']);
  });

  it('lists positions only to their owner', async () => {
    const { account } = await demoTrader(t);
    const { who: other } = await demoTrader(t);
    const response = await call(t, other, 'GET', accountUrl(account.id, '/positions'));
    expect(response.statusCode).toBe(404);
  });
});
