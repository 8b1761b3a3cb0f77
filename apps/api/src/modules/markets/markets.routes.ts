// GET /api/markets (no auth): quotes for the ticker and markets widget and the chart's series,
// from the configured MarketDataProvider. Cached briefly by browsers and proxies.
import { MarketsResponseSchema } from '@brokerdesk/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { MarketsService } from './markets.service.js';

export interface MarketsRoutesOptions {
  service: MarketsService;
}

export const MARKETS_CACHE_CONTROL = 'public, max-age=60';

export const marketsRoutes: FastifyPluginAsyncZod<MarketsRoutesOptions> = async (
  app,
  { service },
) => {
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
      const markets = await service.getMarkets();
      reply.header('Cache-Control', MARKETS_CACHE_CONTROL);
      return markets;
    },
  );
};
