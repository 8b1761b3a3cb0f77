// The home page's market data: quotes for every tab and the chart's daily series, from one
// MarketDataProvider (the sample, or the one MARKET_DATA_PROVIDER names).
import type { MarketsResponse } from '@brokerdesk/shared';
import type { MarketDataProvider } from './market-data-provider.js';

export function makeMarketsService({ provider }: { provider: MarketDataProvider }) {
  async function getMarkets(): Promise<MarketsResponse> {
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

  return { getMarkets };
}

export type MarketsService = ReturnType<typeof makeMarketsService>;
