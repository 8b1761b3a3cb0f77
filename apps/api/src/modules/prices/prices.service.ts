// What the public price routes (and the home page's markets) answer: the instruments, the
// latest quotes with their daily change, and candles. Prices leave as decimal strings in the
// instrument's digits, with the source that made them (PRODUCT §11.19).
import {
  TRADING_SPECS,
  candleBucket,
  changePercent,
  findSpec,
  formatLots,
  formatPoints,
  formatSwapRate,
  isOpen,
} from '@brokerdesk/shared/trading';
import type { CandlePeriod, TradingSpec } from '@brokerdesk/shared/trading';
import type { Db } from '../../db/client.js';
import type { PriceHub } from './hub.js';
import { selectCandles, selectPreviousDailyCloses } from './prices.repo.js';
import type { Tick } from './tick.js';

/** How long the previous daily closes (for "change") are kept before being read again. */
const CLOSES_TTL_MS = 30_000;

export interface QuoteView {
  symbol: string;
  bid: string;
  ask: string;
  time: string;
  changePercent: string;
}

export interface CandleView {
  time: string;
  open: string;
  high: string;
  low: string;
  close: string;
  tickVolume: number;
}

/** What the desk sets of an instrument, as the public list shows it (decision 130). */
export interface InstrumentSettingsReader {
  spec(symbol: string): TradingSpec | undefined;
  tradingEnabled(symbol: string): boolean;
}

/** An instrument as clients see it now: the catalogue's spec with the desk's settings. */
export function instrumentView(spec: TradingSpec, nowMs: number, tradingEnabled = true) {
  return {
    symbol: spec.symbol,
    displayName: spec.displayName,
    class: spec.class,
    base: spec.base,
    quote: spec.quote,
    digits: spec.digits,
    pipSize: spec.pipSize,
    contractSize: spec.contractSize,
    minVolume: formatLots(spec.minVolume),
    volumeStep: formatLots(spec.volumeStep),
    maxVolume: formatLots(spec.maxVolume),
    leverage: spec.leverage,
    spreadPoints: spec.spreadPoints,
    stopsLevelPoints: spec.stopsLevelPoints,
    swapLongPoints: formatSwapRate(spec.swapLongHundredths),
    swapShortPoints: formatSwapRate(spec.swapShortHundredths),
    tradingEnabled,
    open: isOpen(spec, nowMs),
  };
}

export function tickView(tick: Pick<Tick, 'symbol' | 'bid' | 'ask' | 'timeMs'>) {
  const digits = findSpec(tick.symbol)?.digits ?? 0;
  return {
    symbol: tick.symbol,
    bid: formatPoints(tick.bid, digits),
    ask: formatPoints(tick.ask, digits),
    time: new Date(tick.timeMs).toISOString(),
  };
}

export function makePricesService({
  db,
  hub,
  settings,
}: {
  db: Db;
  hub: PriceHub;
  settings?: InstrumentSettingsReader;
}) {
  const closesByDay = new Map<number, { at: number; closes: Map<string, number> }>();

  /** Each symbol's previous trading day's close, for ticks of the trading day `dayStartMs`. */
  async function previousCloses(dayStartMs: number): Promise<Map<string, number>> {
    const at = Date.now();
    const cached = closesByDay.get(dayStartMs);
    if (cached && at - cached.at < CLOSES_TTL_MS) return cached.closes;
    const closes = await selectPreviousDailyCloses(db, dayStartMs);
    if (closesByDay.size > 8) closesByDay.clear();
    closesByDay.set(dayStartMs, { at, closes });
    return closes;
  }

  async function quoteViews(symbols: readonly string[]): Promise<QuoteView[]> {
    const views: QuoteView[] = [];
    for (const symbol of symbols) {
      const tick = hub.latest(symbol);
      if (!tick) continue;
      const closes = await previousCloses(candleBucket('1d', tick.timeMs));
      const previous = closes.get(symbol);
      views.push({
        ...tickView(tick),
        changePercent: previous ? changePercent(tick.bid, previous) : '0.00',
      });
    }
    return views;
  }

  return {
    priceSource: () => hub.source,
    instruments: () =>
      TRADING_SPECS.map((catalogue) =>
        instrumentView(
          settings?.spec(catalogue.symbol) ?? catalogue,
          hub.now(),
          settings?.tradingEnabled(catalogue.symbol) ?? true,
        ),
      ),
    async quotes(symbols?: readonly string[]) {
      const wanted = symbols ?? TRADING_SPECS.map((spec) => spec.symbol);
      return { priceSource: hub.source, quotes: await quoteViews(wanted) };
    },
    async candles({
      symbol,
      period,
      limit,
    }: {
      symbol: string;
      period: CandlePeriod;
      limit: number;
    }): Promise<{
      priceSource: string;
      symbol: string;
      period: CandlePeriod;
      candles: CandleView[];
    }> {
      const digits = findSpec(symbol)?.digits ?? 0;
      const rows = await selectCandles(db, { symbol, period, limit });
      return {
        priceSource: hub.source,
        symbol,
        period,
        candles: rows.map((row) => ({
          time: new Date(row.bucketMs).toISOString(),
          open: formatPoints(row.open, digits),
          high: formatPoints(row.high, digits),
          low: formatPoints(row.low, digits),
          close: formatPoints(row.close, digits),
          tickVolume: row.tickVolume,
        })),
      };
    },
    latest: (symbol: string) => hub.latest(symbol),
    now: () => hub.now(),
    /** Subscribes to logged ticks (the stream route). */
    onTicks: hub.onTicks,
  };
}

export type PricesService = ReturnType<typeof makePricesService>;
