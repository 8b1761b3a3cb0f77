// The home page's market data (GET /api/markets) from the price hub: each widget row is the
// latest logged tick of its instrument, with the change since the previous trading day's close,
// and the chart is BTC/USD's daily candles. The answer's shape is unchanged.
//
// Fallback (docs/prices.md): rows with no instrument (ChinaA50, DollarIndex) or no tick yet are
// left out; before the first tick of any row (a fresh install at the weekend) the bundled sample
// figures are served, marked `sample`, so the page always says where its figures come from.
import { SAMPLE_MARKET_QUOTES } from '@brokerdesk/shared';
import type { MarketDataSource, MarketTabQuotes, MarketsResponse } from '@brokerdesk/shared';
import type { PricesService } from '../prices/index.js';
import { sampleMarketDataProvider } from './market-data-provider.js';

export const CHART_SYMBOL = 'BTCUSD';
export const CHART_DAYS = 90;

/** Sample-quote names that are not symbols (PRODUCT §11.4, §11.18-16). */
const NAME_TO_SYMBOL: Record<string, string> = {
  UK100: 'FTSE100',
  Germany30: 'DAX30',
  US30: 'USA30',
  NAS100: 'USA100',
  NASDAQ100: 'USA100',
  'S&P500': 'USA500',
  'Crude OIL': 'USOIL',
};

export function symbolOfSampleName(name: string): string {
  return NAME_TO_SYMBOL[name] ?? name.replace('/', '');
}

const TABS = ['popular', 'forex', 'futures', 'indexes'] as const;

/** A 1d candle's time is its trading day's date at 00:00 UTC. */
function tradingDayLabel(bucketIso: string): string {
  return bucketIso.slice(0, 10);
}

export function makeMarketsService({ prices }: { prices: PricesService }) {
  async function getMarkets(): Promise<MarketsResponse> {
    const source = prices.priceSource();
    const tabs: MarketTabQuotes[] = [];
    let asOf = 0;
    for (const tab of TABS) {
      const names = SAMPLE_MARKET_QUOTES[tab].map((row) => row.name);
      const { quotes } = await prices.quotes(names.map(symbolOfSampleName));
      const bySymbol = new Map(quotes.map((quote) => [quote.symbol, quote]));
      const rows = names.flatMap((name) => {
        const quote = bySymbol.get(symbolOfSampleName(name));
        if (!quote) return [];
        asOf = Math.max(asOf, Date.parse(quote.time));
        return [
          {
            name,
            bid: Number(quote.bid),
            ask: Number(quote.ask),
            changePercent: Number(quote.changePercent),
          },
        ];
      });
      tabs.push({ tab, quotes: rows });
    }
    if (asOf === 0 || (source !== 'simulated' && source !== 'replay')) {
      return sampleMarkets();
    }
    const { candles } = await prices.candles({
      symbol: CHART_SYMBOL,
      period: '1d',
      limit: CHART_DAYS,
    });
    return {
      source: source as MarketDataSource,
      asOf: new Date(asOf).toISOString(),
      tabs,
      series: {
        symbol: 'BTC/USD',
        interval: '1d' as const,
        points: candles.map((candle) => ({
          time: tradingDayLabel(candle.time),
          value: Number(candle.close),
        })),
      },
    };
  }

  return { getMarkets };
}

async function sampleMarkets(): Promise<MarketsResponse> {
  const provider = sampleMarketDataProvider;
  const [tabs, points, asOf] = await Promise.all([
    provider.getQuotes(),
    provider.getSeries(provider.chartSymbol),
    provider.asOf(),
  ]);
  return {
    source: provider.source,
    asOf: asOf.toISOString(),
    tabs,
    series: { symbol: provider.chartSymbol, interval: '1d' as const, points },
  };
}

export type MarketsService = ReturnType<typeof makeMarketsService>;
