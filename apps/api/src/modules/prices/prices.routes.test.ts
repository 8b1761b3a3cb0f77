// The public price routes through the real app, with prices replayed from a file (the app logs
// them at start): instruments, quotes with the daily change, candles, bad queries; then the
// stream over a real listening server.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../../test/test-app.js';
import type { TestApp } from '../../test/test-app.js';

const dir = mkdtempSync(join(tmpdir(), 'brokerdesk-replay-'));
const REPLAY = join(dir, 'ticks.jsonl');
const line = (symbol: string, bid: string, ask: string, time: string) =>
  JSON.stringify({ symbol, bid, ask, time });
// Trading day 2026-03-02 closes EURUSD at 1.10000; on 03-03 it trades at 1.11100 (+1.00 %).
writeFileSync(
  REPLAY,
  [
    line('EURUSD', '1.09900', '1.09930', '2026-03-02T08:00:00.000Z'),
    line('EURUSD', '1.10000', '1.10030', '2026-03-02T20:30:00.000Z'),
    line('GBPUSD', '1.27000', '1.27015', '2026-03-02T20:30:00.000Z'),
    line('EURUSD', '1.10500', '1.10530', '2026-03-03T07:00:00.000Z'),
    line('EURUSD', '1.11100', '1.11130', '2026-03-03T08:00:00.000Z'),
  ].join('\n'),
);

async function until<T>(read: () => Promise<T>, done: (value: T) => boolean): Promise<T> {
  const deadline = Date.now() + 10_000;
  for (;;) {
    const value = await read();
    if (done(value) || Date.now() > deadline) return value;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

interface QuotesBody {
  priceSource: string;
  quotes: { symbol: string; bid: string; ask: string; time: string; changePercent: string }[];
}

describe('public price routes (replayed prices)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({
      env: { MARKET_DATA_PROVIDER: 'replay', REPLAY_FILE: REPLAY, REPLAY_SPEED: 'max' },
    });
  });
  afterAll(async () => {
    await t?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  const quotes = async (query = '') =>
    (await t.app.inject({ method: 'GET', url: `/api/trading/quotes${query}` })).json<QuotesBody>();

  it('serves the latest quote of each instrument with its change since the previous close', async () => {
    const body = await until(
      () => quotes(),
      (b) => b.quotes.some((q) => q.symbol === 'EURUSD' && q.bid === '1.11100'),
    );
    expect(body.priceSource).toBe('replay');
    expect(body.quotes).toEqual([
      {
        symbol: 'EURUSD',
        bid: '1.11100',
        ask: '1.11130',
        time: '2026-03-03T08:00:00.000Z',
        changePercent: '1.00',
      },
      {
        symbol: 'GBPUSD',
        bid: '1.27000',
        ask: '1.27015',
        time: '2026-03-02T20:30:00.000Z',
        changePercent: '0.00',
      },
    ]);
    const one = await quotes('?symbols=gbpusd');
    expect(one.quotes.map((q) => q.symbol)).toEqual(['GBPUSD']);
  });

  it('answers 400 with the unknown symbol named', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/trading/quotes?symbols=EURUSD,NOPE',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: 'VALIDATION_FAILED' });
    expect(response.body).toContain('Unknown instrument: NOPE');
  });

  it('lists the 73 instruments with their specification and whether they are open', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/trading/instruments' });
    expect(response.statusCode).toBe(200);
    const list = response.json<Record<string, unknown>[]>();
    expect(list).toHaveLength(73);
    expect(list.find((i) => i.symbol === 'EURUSD')).toMatchObject({
      symbol: 'EURUSD',
      class: 'forex',
      base: 'EUR',
      quote: 'USD',
      digits: 5,
      pipSize: '0.0001',
      contractSize: 100_000,
      minVolume: '0.01',
      volumeStep: '0.01',
      maxVolume: '50.00',
      swapLongPoints: '-5.00',
      tradingEnabled: true,
      // The replay clock stopped at Tuesday 08:00, a weekday: open.
      open: true,
    });
  });

  it('serves candles oldest first, and refuses a bad period or an unknown symbol', async () => {
    await until(
      () => quotes(),
      (b) => b.quotes.some((q) => q.bid === '1.11100'),
    );
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/trading/candles?symbol=EURUSD&period=1d&limit=10',
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      priceSource: 'replay',
      symbol: 'EURUSD',
      period: '1d',
      candles: [
        {
          time: '2026-03-02T00:00:00.000Z',
          open: '1.09900',
          high: '1.10000',
          low: '1.09900',
          close: '1.10000',
          tickVolume: 2,
        },
        {
          time: '2026-03-03T00:00:00.000Z',
          open: '1.10500',
          high: '1.11100',
          low: '1.10500',
          close: '1.11100',
          tickVolume: 2,
        },
      ],
    });
    const latestOnly = await t.app.inject({
      method: 'GET',
      url: '/api/trading/candles?symbol=EURUSD&period=1h&limit=1',
    });
    expect(latestOnly.json<{ candles: { time: string }[] }>().candles).toEqual([
      expect.objectContaining({ time: '2026-03-03T08:00:00.000Z', open: '1.11100' }),
    ]);
    const badPeriod = await t.app.inject({
      method: 'GET',
      url: '/api/trading/candles?symbol=EURUSD&period=2m',
    });
    expect(badPeriod.statusCode).toBe(400);
    const unknown = await t.app.inject({
      method: 'GET',
      url: '/api/trading/candles?symbol=NOPE&period=1m',
    });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toMatchObject({ code: 'UNKNOWN_INSTRUMENT' });
  });

  it('are described in the OpenAPI document', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json<{
      paths: Record<string, unknown>;
    }>();
    for (const path of ['instruments', 'quotes', 'stream', 'candles']) {
      expect(doc.paths).toHaveProperty([`/api/trading/${path}`, 'get']);
    }
  });

  it('home page markets read the same replayed prices, labelled as such', async () => {
    await until(
      () => quotes(),
      (b) => b.quotes.some((q) => q.bid === '1.11100'),
    );
    const response = await t.app.inject({ method: 'GET', url: '/api/markets' });
    const body = response.json<{
      source: string;
      tabs: { tab: string; quotes: { name: string; bid: number }[] }[];
      series: { points: { time: string; value: number }[] };
    }>();
    expect(body.source).toBe('replay');
    const popular = body.tabs.find((tab) => tab.tab === 'popular');
    expect(popular?.quotes.map((q) => [q.name, q.bid])).toEqual([
      ['EUR/USD', 1.111],
      ['GBP/USD', 1.27],
    ]);
    // No BTC/USD in the file: no daily series to chart.
    expect(body.series.points).toEqual([]);
  });
});

describe('a bad replay file', () => {
  it('stops the start, naming its first bad line', async () => {
    const bad = mkdtempSync(join(tmpdir(), 'brokerdesk-bad-replay-'));
    const file = join(bad, 'ticks.jsonl');
    writeFileSync(file, `${line('EURUSD', '1.1', '1.2', '2026-03-02T08:00:00Z')}\n{oops\n`);
    try {
      await expect(
        createTestApp({ env: { MARKET_DATA_PROVIDER: 'replay', REPLAY_FILE: file } }),
      ).rejects.toThrow(`REPLAY_FILE ${file} line 2: not valid JSON`);
    } finally {
      rmSync(bad, { recursive: true, force: true });
    }
  });
});
