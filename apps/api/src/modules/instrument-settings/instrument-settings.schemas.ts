// Answers of the dealing desk's instrument settings (decision 130), for the OpenAPI document.
import { z } from 'zod';

export const InstrumentSettingsViewSchema = z.object({
  symbol: z.string(),
  displayName: z.string(),
  class: z.string(),
  tradingEnabled: z.boolean(),
  /** Whole points added to the catalogue's spread; `spreadPoints` is the sum. */
  spreadMarkupPoints: z.number().int(),
  catalogueSpreadPoints: z.number().int(),
  spreadPoints: z.number().int(),
  /** Lots as decimal strings; `maxVolume` is in force, the catalogue's is the ceiling. */
  maxVolume: z.string(),
  catalogueMaxVolume: z.string(),
  minVolume: z.string(),
  volumeStep: z.string(),
  /** 1:L: the catalogue's, the desk's cap (null: none) and the one new positions open at. */
  catalogueLeverage: z.number().int(),
  leverageCap: z.number().int().nullable(),
  leverage: z.number().int(),
  /** Points per lot per night, in force from the next rollover after the change. */
  swapLongPoints: z.string(),
  swapShortPoints: z.string(),
  catalogueSwapLongPoints: z.string(),
  catalogueSwapShortPoints: z.string(),
  /** The bad-tick filter: hold back a quote whose mid moves more than this many spreads; null: off. */
  badTickSpreads: z.number().int().nullable(),
  /** The book's largest net notional on the instrument in whole US$; null: no limit. */
  exposureLimitUsd: z.number().int().nullable(),
  /** The latest change, or null while the catalogue's values hold. */
  lastChange: z
    .object({
      at: z.string(),
      effectiveAt: z.string(),
      by: z.string().nullable(),
      reason: z.string(),
    })
    .nullable(),
});
export type InstrumentSettingsView = z.infer<typeof InstrumentSettingsViewSchema>;

export const InstrumentSettingsListSchema = z.object({
  instruments: z.array(InstrumentSettingsViewSchema),
});

export const InstrumentSymbolParamsSchema = z.object({ symbol: z.string().max(20) });

/** A quote the bad-tick filter held back (decision 134); prices as the instrument quotes them. */
export const HeldTickViewSchema = z.object({
  id: z.string(),
  symbol: z.string(),
  displayName: z.string(),
  bid: z.string(),
  ask: z.string(),
  /** The last logged tick it was measured against. */
  lastBid: z.string(),
  lastAsk: z.string(),
  time: z.string(),
  thresholdSpreads: z.number().int(),
  /** pending until the next quote: spike (discarded) or confirmed (the next quote was logged). */
  outcome: z.enum(['pending', 'spike', 'confirmed']),
});
export type HeldTickView = z.infer<typeof HeldTickViewSchema>;
