// The public price routes' queries and answers (PRODUCT §11.19), for validation and the
// OpenAPI document. Prices are decimal strings in the instrument's digits.
import { INSTRUMENT_CLASSES, findSpec } from '@brokerdesk/shared/trading';
import { z } from 'zod';

/** At most this many symbols in one `symbols=` list (the catalogue has 73). */
export const MAX_SYMBOLS = 100;

/** `symbols=EURUSD,GBPUSD`: known symbols only, so a typo is a 400, not a silent empty answer. */
export const SymbolsQuerySchema = z.object({
  symbols: z
    .string()
    .max(1_000, 'Too many symbols')
    .optional()
    .transform((text, ctx) => {
      if (text === undefined || text.trim() === '') return undefined;
      const symbols = [...new Set(text.split(',').map((part) => part.trim().toUpperCase()))];
      const unknown = symbols.filter((symbol) => !findSpec(symbol));
      if (unknown.length > 0 || symbols.length > MAX_SYMBOLS) {
        ctx.addIssue({
          code: 'custom',
          message:
            unknown.length > 0
              ? `Unknown instrument: ${unknown.slice(0, 5).join(', ')}`
              : 'Too many symbols',
        });
        return z.NEVER;
      }
      return symbols;
    }),
});

export const InstrumentSchema = z.object({
  symbol: z.string(),
  displayName: z.string(),
  class: z.enum(INSTRUMENT_CLASSES),
  base: z.string(),
  quote: z.string(),
  digits: z.number().int(),
  pipSize: z.string(),
  contractSize: z.number(),
  minVolume: z.string(),
  volumeStep: z.string(),
  maxVolume: z.string(),
  leverage: z.number().int(),
  spreadPoints: z.number().int(),
  stopsLevelPoints: z.number().int(),
  swapLongPoints: z.string(),
  swapShortPoints: z.string(),
  tradingEnabled: z.boolean(),
  open: z.boolean(),
});

export const QuotesResponseSchema = z.object({
  priceSource: z.string(),
  quotes: z.array(
    z.object({
      symbol: z.string(),
      bid: z.string(),
      ask: z.string(),
      time: z.string(),
      changePercent: z.string(),
    }),
  ),
});

export const CandlesResponseSchema = z.object({
  priceSource: z.string(),
  symbol: z.string(),
  period: z.string(),
  candles: z.array(
    z.object({
      time: z.string(),
      open: z.string(),
      high: z.string(),
      low: z.string(),
      close: z.string(),
      tickVolume: z.number().int(),
    }),
  ),
});
