// The public price routes (PRODUCT §11.19): instruments, quotes, the quote stream (SSE) and
// candles. No sign-in; rate-limited per address like the other public routes; every answer with
// prices names their source (priceSource), which the UI shows as "Simulated prices".
import { AppError } from '@brokerdesk/shared';
import {
  CandlesQuerySchema,
  TRADING_ERROR_MESSAGES,
  TRADING_SPECS,
  findSpec,
} from '@brokerdesk/shared/trading';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  CandlesResponseSchema,
  InstrumentSchema,
  QuotesResponseSchema,
  SymbolsQuerySchema,
} from './prices.schemas.js';
import type { PricesService } from './prices.service.js';
import { makeQuoteStreams } from './quote-stream.js';
import type { StreamOptions } from './quote-stream.js';

export interface PricesRoutesOptions {
  service: PricesService;
  /** Tests shorten the keep-alive; production uses 15 s and 10 streams per address. */
  stream?: StreamOptions;
}

/** Per address: a terminal polling quotes and candles stays far below it. */
export const PRICES_RATE_LIMIT = { max: 600, timeWindowMs: 60_000 } as const;
/** New streams per address per minute (reconnects included). */
export const STREAM_RATE_LIMIT = { max: 30, timeWindowMs: 60_000 } as const;

const ALL_SYMBOLS = TRADING_SPECS.map((spec) => spec.symbol);

export const pricesRoutes: FastifyPluginAsyncZod<PricesRoutesOptions> = async (
  app,
  { service, stream: streamOptions },
) => {
  const rateLimit = { max: PRICES_RATE_LIMIT.max, timeWindow: PRICES_RATE_LIMIT.timeWindowMs };
  const streams = makeQuoteStreams({
    onTicks: service.onTicks,
    latest: service.latest,
    ...streamOptions,
  });
  // Open streams would hold the server's close: end them first.
  app.addHook('preClose', (done) => {
    streams.closeAll();
    done();
  });

  app.get(
    '/api/trading/instruments',
    {
      config: { rateLimit },
      schema: {
        tags: ['trading'],
        summary: 'Trading specification of every instrument, and whether its market is open',
        response: { 200: z.array(InstrumentSchema) },
      },
    },
    async (_request, reply) => {
      reply.header('Cache-Control', 'no-store');
      return service.instruments();
    },
  );

  app.get(
    '/api/trading/quotes',
    {
      config: { rateLimit },
      schema: {
        tags: ['trading'],
        summary: 'Latest quote of each instrument (or of `symbols=`), with the daily change',
        querystring: SymbolsQuerySchema,
        response: { 200: QuotesResponseSchema },
      },
    },
    async (request, reply) => {
      reply.header('Cache-Control', 'no-store');
      return service.quotes(request.query.symbols);
    },
  );

  app.get(
    '/api/trading/stream',
    {
      config: {
        rateLimit: { max: STREAM_RATE_LIMIT.max, timeWindow: STREAM_RATE_LIMIT.timeWindowMs },
      },
      schema: {
        tags: ['trading'],
        summary:
          'Quotes as Server-Sent Events (`event: quote`, data {symbol,bid,ask,time}); a comment at least every 15 s',
        querystring: SymbolsQuerySchema,
        produces: ['text/event-stream'],
      },
    },
    async (request, reply) => {
      const stream = streams.open({
        address: request.ip,
        symbols: request.query.symbols,
        allSymbols: ALL_SYMBOLS,
      });
      if (!stream) {
        throw new AppError('RATE_LIMITED', 'Too many open price streams from this address');
      }
      request.raw.on('close', () => streams.release(stream));
      reply
        .header('Content-Type', 'text/event-stream; charset=utf-8')
        .header('Cache-Control', 'no-store')
        .header('X-Accel-Buffering', 'no')
        // The socket goes with the stream: nothing is sent on it afterwards, and a closing app
        // need not wait for a keep-alive timeout.
        .header('Connection', 'close');
      return reply.send(stream);
    },
  );

  app.get(
    '/api/trading/candles',
    {
      config: { rateLimit },
      schema: {
        tags: ['trading'],
        summary: 'Candles built from the bid of logged ticks, oldest first',
        querystring: CandlesQuerySchema,
        response: { 200: CandlesResponseSchema },
      },
    },
    async (request, reply) => {
      const spec = findSpec(request.query.symbol.toUpperCase());
      if (!spec) {
        throw new AppError('UNKNOWN_INSTRUMENT', TRADING_ERROR_MESSAGES.UNKNOWN_INSTRUMENT);
      }
      reply.header('Cache-Control', 'no-store');
      return service.candles({
        symbol: spec.symbol,
        period: request.query.period,
        limit: request.query.limit,
      });
    },
  );
};
