// GET /api/markets (no auth): quotes for the ticker and markets widget and the chart's series,
// from the configured MarketDataProvider. Cached briefly by browsers and proxies.
import { MarketsResponseSchema } from '@brokerdesk/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Config } from '../../config.js';
import type { Db } from '../../db/client.js';
import { makeMarketDataProvider } from './market-data-provider.js';
import type { MarketDataProvider } from './market-data-provider.js';

export interface MarketsRoutesOptions {
  db: Db;
  config: Config;
  /** Tests may pass their own; otherwise the one MARKET_DATA_PROVIDER names. */
  provider?: MarketDataProvider;
}

export const MARKETS_CACHE_CONTROL = 'public, max-age=60';

export const marketsRoutes: FastifyPluginAsyncZod<MarketsRoutesOptions> = async (
  app,
  { config, provider: givenProvider },
) => {
  const provider = givenProvider ?? makeMarketDataProvider(config.marketDataProvider);

  app.get(
    '/api/markets',
    {
      schema: {
        tags: ['markets'],
        summary: 'Quotes and a daily price series for the home page (source says if sample)',
        response: { 200: MarketsResponseSchema },
      },
    },
    async (_request, reply) => {
      const [tabs, points, asOf] = await Promise.all([
        provider.getQuotes(),
        provider.getSeries(provider.chartSymbol),
        provider.asOf(),
      ]);
      reply.header('Cache-Control', MARKETS_CACHE_CONTROL);
      return {
        source: provider.source,
        asOf: asOf.toISOString(),
        tabs,
        series: { symbol: provider.chartSymbol, interval: '1d' as const, points },
      };
    },
  );
};
