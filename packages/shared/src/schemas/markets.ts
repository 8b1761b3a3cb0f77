// GET /api/markets: quotes for the home page's ticker and markets widget, and one price series
// for its chart. The API validates its response with these schemas; the web imports only the
// types (no zod on the public pages' initial bundle).
import { z } from 'zod';

export const MARKET_TABS = ['popular', 'forex', 'futures', 'indexes'] as const;

/**
 * 'sample' = the bundled, illustrative figures (the UI says "Sample data"); 'simulated' and
 * 'replay' = the price hub's simulated or replayed ticks (the UI says "Simulated prices").
 */
export const MARKET_DATA_SOURCES = ['sample', 'simulated', 'replay', 'live'] as const;
export type MarketDataSource = (typeof MARKET_DATA_SOURCES)[number];

export const MarketQuoteSchema = z.object({
  name: z.string(),
  bid: z.number(),
  ask: z.number(),
  changePercent: z.number(),
});

export const MarketTabQuotesSchema = z.object({
  tab: z.enum(MARKET_TABS),
  quotes: z.array(MarketQuoteSchema),
});
export type MarketTabQuotes = z.infer<typeof MarketTabQuotesSchema>;

/** One point of a daily series; `time` is a calendar day, YYYY-MM-DD (UTC). */
export const PricePointSchema = z.object({
  time: z.string().regex(/^\d{4}-\d{2}-\d{2}$/),
  value: z.number(),
});
export type PricePoint = z.infer<typeof PricePointSchema>;

export const MarketsResponseSchema = z.object({
  source: z.enum(MARKET_DATA_SOURCES),
  /** ISO 8601 instant the figures refer to. */
  asOf: z.string(),
  tabs: z.array(MarketTabQuotesSchema),
  series: z.object({
    symbol: z.string(),
    interval: z.literal('1d'),
    points: z.array(PricePointSchema),
  }),
});
export type MarketsResponse = z.infer<typeof MarketsResponseSchema>;
