// The bundled sample figures: the origin site's illustrative quotes and a generated series, with
// no network and no randomness at request time. Since the price hub (modules/prices) they are
// only the fallback of GET /api/markets before any tick exists (markets.service.ts).
import { SAMPLE_MARKET_QUOTES } from '@brokerdesk/shared';
import type { MarketDataSource, MarketTabQuotes, PricePoint } from '@brokerdesk/shared';

export interface MarketDataProvider {
  /** 'sample' makes every response, and the UI, say "Sample data". */
  readonly source: MarketDataSource;
  /** The symbol the home page charts. */
  readonly chartSymbol: string;
  getQuotes(): Promise<MarketTabQuotes[]>;
  getSeries(symbol: string): Promise<PricePoint[]>;
  /** The instant the figures refer to. */
  asOf(): Promise<Date>;
}

export const SAMPLE_SERIES_SYMBOL = 'BTC/USD';
export const SAMPLE_SERIES_DAYS = 90;
/** The day the bundled sample figures are dated (a fixed date: they are not live). */
export const SAMPLE_AS_OF = new Date('2020-02-07T21:00:00.000Z');
const SAMPLE_SEED = 0x5eed_b7c;

/** mulberry32: a tiny deterministic PRNG, so the sample series is the same on every start. */
function mulberry32(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function isoDay(date: Date): string {
  return date.toISOString().slice(0, 10);
}

/**
 * `days` daily closes ending on `endDay` at `endValue`, walked backwards with moves of at most
 * ±3% a day, rounded to cents. Pure: same arguments, same series.
 */
export function generateSampleSeries(options: {
  seed: number;
  days: number;
  endDay: Date;
  endValue: number;
}): PricePoint[] {
  const random = mulberry32(options.seed);
  const values: number[] = [options.endValue];
  for (let i = 1; i < options.days; i += 1) {
    const move = (random() - 0.5) * 0.06;
    values.push((values[i - 1] ?? options.endValue) / (1 + move));
  }
  values.reverse();
  const dayMs = 24 * 60 * 60 * 1000;
  const end = Date.UTC(
    options.endDay.getUTCFullYear(),
    options.endDay.getUTCMonth(),
    options.endDay.getUTCDate(),
  );
  return values.map((value, i) => ({
    time: isoDay(new Date(end - (options.days - 1 - i) * dayMs)),
    value: Math.round(value * 100) / 100,
  }));
}

function midPrice(name: string): number {
  const quote = SAMPLE_MARKET_QUOTES.popular.find((q) => q.name === name);
  return quote ? Math.round(((quote.bid + quote.ask) / 2) * 100) / 100 : 100;
}

const SAMPLE_TABS: MarketTabQuotes[] = (['popular', 'forex', 'futures', 'indexes'] as const).map(
  (tab) => ({ tab, quotes: SAMPLE_MARKET_QUOTES[tab].map((quote) => ({ ...quote })) }),
);

const SAMPLE_SERIES = Object.freeze(
  generateSampleSeries({
    seed: SAMPLE_SEED,
    days: SAMPLE_SERIES_DAYS,
    endDay: SAMPLE_AS_OF,
    endValue: midPrice(SAMPLE_SERIES_SYMBOL),
  }),
);

export const sampleMarketDataProvider: MarketDataProvider = {
  source: 'sample',
  chartSymbol: SAMPLE_SERIES_SYMBOL,
  async getQuotes() {
    return SAMPLE_TABS.map((entry) => ({
      tab: entry.tab,
      quotes: entry.quotes.map((q) => ({ ...q })),
    }));
  },
  async getSeries(symbol) {
    return symbol === SAMPLE_SERIES_SYMBOL ? SAMPLE_SERIES.map((point) => ({ ...point })) : [];
  },
  async asOf() {
    return SAMPLE_AS_OF;
  },
};
