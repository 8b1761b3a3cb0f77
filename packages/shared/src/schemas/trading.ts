// Request bodies and queries of the trading API (docs/product.md §11.19). Shape only: prices and lots
// stay decimal strings here (checked against the instrument's digits, volume rules and the
// market by the engine, which also checks that an expiry is in the future by its own clock).
// Exported through @brokerdesk/shared/trading only, so the public pages never load it.
import { z } from 'zod';
import { MAX_AMOUNT_CENTS } from '../money.js';
import { ReasonBodySchema } from './money.js';
import { CANDLE_PERIODS } from '../trading/candles.js';
import { TRADING_MESSAGES as m } from '../trading/messages.js';
import { NUL_CHARACTER_MESSAGE, hasNoNul, isStorableTime } from './storable.js';
import { SIDES, TIMES_IN_FORCE } from '../trading/types.js';

/** A plain decimal: digits, optionally a point and digits. No sign, exponent or spaces. */
const DECIMAL = /^\d{1,12}(?:\.\d{1,12})?$/;
const LOTS = /^\d{1,9}(?:\.\d{1,2})?$/;
/** ISO-8601 UTC with a Z: 2026-03-02T08:00:00Z or with milliseconds. */
const ISO_UTC = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(?:\.\d{1,3})?Z$/;

export const LotsSchema = z.string({ error: m.volumeFormat }).regex(LOTS, m.volumeFormat);
export const PriceTextSchema = z.string({ error: m.priceFormat }).regex(DECIMAL, m.priceFormat);
const StopTextSchema = z.string({ error: m.stopFormat }).regex(DECIMAL, m.stopFormat).nullable();
const TrailingSchema = z
  .number({ error: m.trailingFormat })
  .int(m.trailingFormat)
  .positive(m.trailingFormat)
  .max(1_000_000_000, m.trailingFormat)
  .nullable();
const ExpiresAtSchema = z
  .string({ error: m.expiresAtFormat })
  .regex(ISO_UTC, m.expiresAtFormat)
  .refine((text) => isStorableTime(Date.parse(text)), m.expiresAtFormat);

const SymbolSchema = z
  .string({ error: m.symbolRequired })
  .min(1, m.symbolRequired)
  .max(32, m.symbolRequired)
  .refine(hasNoNul, NUL_CHARACTER_MESSAGE);

export const SideSchema = z.enum(SIDES, { error: m.sideInvalid });
export const TimeInForceSchema = z.enum(TIMES_IN_FORCE, { error: m.timeInForceInvalid });

const orderShape = {
  symbol: SymbolSchema,
  side: SideSchema,
  type: z.enum(['market', 'limit', 'stop'], { error: m.typeInvalid }),
  volume: LotsSchema,
  price: PriceTextSchema.nullish(),
  sl: StopTextSchema.optional(),
  tp: StopTextSchema.optional(),
  trailingPoints: TrailingSchema.optional(),
  timeInForce: TimeInForceSchema.optional(),
  expiresAt: ExpiresAtSchema.nullish(),
};

type OrderFields = {
  type: 'market' | 'limit' | 'stop';
  price?: string | null;
  timeInForce?: 'GTC' | 'GTD' | 'DAY';
  expiresAt?: string | null;
};

/** Cross-field rules of one order: a pending order has a price; GTD and expiresAt go together. */
function checkOrder(order: OrderFields, ctx: z.RefinementCtx, path: (string | number)[]): void {
  const pending = order.type !== 'market';
  const hasPrice = order.price !== undefined && order.price !== null;
  if (pending && !hasPrice) {
    ctx.addIssue({ code: 'custom', message: m.priceRequired, path: [...path, 'price'] });
  }
  if (!pending && hasPrice) {
    ctx.addIssue({ code: 'custom', message: m.priceNotAllowed, path: [...path, 'price'] });
  }
  const tif = order.timeInForce ?? 'GTC';
  if (!pending && tif !== 'GTC') {
    ctx.addIssue({ code: 'custom', message: m.timeInForceMarket, path: [...path, 'timeInForce'] });
  }
  const hasExpiry = order.expiresAt !== undefined && order.expiresAt !== null;
  if (tif === 'GTD' && !hasExpiry) {
    ctx.addIssue({ code: 'custom', message: m.expiresAtRequired, path: [...path, 'expiresAt'] });
  }
  if (tif !== 'GTD' && hasExpiry) {
    ctx.addIssue({ code: 'custom', message: m.expiresAtNotGtd, path: [...path, 'expiresAt'] });
  }
}

export const OrderRequestSchema = z
  .object(orderShape)
  .superRefine((order, ctx) => checkOrder(order, ctx, []));
export type OrderRequest = z.infer<typeof OrderRequestSchema>;

const SingleOrderBodySchema = z
  .object({ ...orderShape, oco: z.literal(false).optional() })
  .superRefine((order, ctx) => checkOrder(order, ctx, []));

const OcoOrderBodySchema = z
  .object({
    oco: z.literal(true),
    orders: z.array(z.object(orderShape), { error: m.ocoPair }).length(2, m.ocoPair),
  })
  .superRefine((body, ctx) => {
    body.orders.forEach((order, i) => checkOrder(order, ctx, ['orders', i]));
    const [a, b] = body.orders;
    if (!a || !b) return;
    if (a.type === 'market' || b.type === 'market' || a.symbol !== b.symbol) {
      ctx.addIssue({ code: 'custom', message: m.ocoPair, path: ['orders'] });
    }
  });

/** POST …/orders: one order, or `{oco: true, orders: [a, b]}` (two pending orders, one symbol). */
export const PlaceOrderBodySchema = z.discriminatedUnion('oco', [
  OcoOrderBodySchema,
  SingleOrderBodySchema,
]);
export type PlaceOrderBody = z.infer<typeof PlaceOrderBodySchema>;

function atLeastOneField(body: Record<string, unknown>): boolean {
  return Object.values(body).some((value) => value !== undefined);
}

/** PATCH …/orders/:orderId: a pending order's price, SL, TP, trailing or expiry (null removes). */
export const ModifyOrderBodySchema = z
  .object({
    price: PriceTextSchema.optional(),
    sl: StopTextSchema.optional(),
    tp: StopTextSchema.optional(),
    trailingPoints: TrailingSchema.optional(),
    expiresAt: ExpiresAtSchema.optional(),
  })
  .refine(atLeastOneField, m.nothingToChange);
export type ModifyOrderBody = z.infer<typeof ModifyOrderBodySchema>;

/** PATCH …/positions/:positionId: SL, TP, trailing (null removes). */
export const ModifyPositionBodySchema = z
  .object({
    sl: StopTextSchema.optional(),
    tp: StopTextSchema.optional(),
    trailingPoints: TrailingSchema.optional(),
  })
  .refine(atLeastOneField, m.nothingToChange);
export type ModifyPositionBody = z.infer<typeof ModifyPositionBodySchema>;

/** POST …/positions/:positionId/close: `{volume?}`, all when absent; the body may be absent. */
export const ClosePositionBodySchema = z.object({ volume: LotsSchema.optional() }).optional();
export type ClosePositionBody = z.infer<typeof ClosePositionBodySchema>;

/**
 * POST /api/staff/trading/positions/:positionId/close (issue 19): the dealing desk closes a
 * client's position in full or in part, with a reason the client is shown as written.
 */
export const StaffClosePositionBodySchema = z.object({
  reason: ReasonBodySchema.shape.reason,
  volume: LotsSchema.optional(),
});
export type StaffClosePositionBody = z.infer<typeof StaffClosePositionBodySchema>;

/**
 * GET/PUT /api/account/preferences: the client's e-mail choices (decision 137), a confirmation
 * per fill and close, off by default. Here rather than beside the account's other schemas so
 * the public pages' bundles do not carry it.
 */
export const AccountPreferencesSchema = z.object({
  tradeConfirmations: z.boolean({ error: m.tradeConfirmationsRequired }),
});
export type AccountPreferences = z.infer<typeof AccountPreferencesSchema>;

export const AccountPreferencesSavedSchema = AccountPreferencesSchema.extend({
  message: z.string(),
});
export type AccountPreferencesSaved = z.infer<typeof AccountPreferencesSavedSchema>;

/**
 * POST /api/staff/trading/deals/:dealId/correct (decision 136): the price the deal should have
 * had, at the instrument's digits (the engine checks them), and why, shown to the client.
 */
export const StaffCorrectDealBodySchema = z.object({
  price: PriceTextSchema,
  reason: ReasonBodySchema.shape.reason,
});
export type StaffCorrectDealBody = z.infer<typeof StaffCorrectDealBodySchema>;

/** Points per lot per night with up to 2 decimals, signed: "-5.00", "1.5". */
const SWAP_RATE = /^-?\d{1,7}(?:\.\d{1,2})?$/;
const SwapRateSchema = z.string({ error: m.swapRateFormat }).regex(SWAP_RATE, m.swapRateFormat);

/**
 * PATCH /api/staff/trading/instruments/:symbol (issue 19, decision 130): the dealing desk
 * changes what it sets of an instrument; what is left out stays. `null` returns the maximum
 * volume to the catalogue's and removes a leverage cap. Whether a volume fits the instrument
 * (its step, its minimum, the catalogue's maximum) is the engine's check.
 */
/** Whole US dollars of notional (decision 135); null: no limit. */
export const ExposureLimitSchema = z
  .number({ error: m.exposureLimitInvalid })
  .int(m.exposureLimitInvalid)
  .min(1, m.exposureLimitInvalid)
  .max(1_000_000_000, m.exposureLimitInvalid)
  .nullable();

export const InstrumentSettingsBodySchema = z
  .object({
    reason: ReasonBodySchema.shape.reason,
    tradingEnabled: z.boolean({ error: m.tradingEnabledInvalid }).optional(),
    spreadMarkupPoints: z
      .number({ error: m.markupInvalid })
      .int(m.markupInvalid)
      .min(0, m.markupInvalid)
      .max(100_000, m.markupInvalid)
      .optional(),
    maxVolume: LotsSchema.nullable().optional(),
    leverageCap: z
      .number({ error: m.leverageCapInvalid })
      .int(m.leverageCapInvalid)
      .min(1, m.leverageCapInvalid)
      .max(10_000, m.leverageCapInvalid)
      .nullable()
      .optional(),
    swapLongPoints: SwapRateSchema.optional(),
    swapShortPoints: SwapRateSchema.optional(),
    exposureLimitUsd: ExposureLimitSchema.optional(),
    badTickSpreads: z
      .number({ error: m.badTickInvalid })
      .int(m.badTickInvalid)
      .min(1, m.badTickInvalid)
      .max(10_000, m.badTickInvalid)
      .nullable()
      .optional(),
  })
  .refine(
    (body) =>
      body.tradingEnabled !== undefined ||
      body.spreadMarkupPoints !== undefined ||
      body.maxVolume !== undefined ||
      body.leverageCap !== undefined ||
      body.swapLongPoints !== undefined ||
      body.swapShortPoints !== undefined ||
      body.badTickSpreads !== undefined ||
      body.exposureLimitUsd !== undefined,
    { message: m.nothingToChange },
  );
export type InstrumentSettingsBody = z.infer<typeof InstrumentSettingsBodySchema>;

/** POST …/transfers (live only): wallet → account ("in") or back ("out"), integer cents. */
export const TransferBodySchema = z.object({
  direction: z.enum(['in', 'out'], { error: m.directionInvalid }),
  amountMinor: z
    .number({ error: m.amountInvalid })
    .int(m.amountInvalid)
    .positive(m.amountInvalid)
    .max(MAX_AMOUNT_CENTS, m.amountInvalid),
});
export type TransferBody = z.infer<typeof TransferBodySchema>;

export const TRADING_ACCOUNT_KINDS = ['demo', 'live'] as const;
export type TradingAccountKind = (typeof TRADING_ACCOUNT_KINDS)[number];

/** POST /api/trading/accounts. */
export const OpenAccountBodySchema = z.object({
  kind: z.enum(TRADING_ACCOUNT_KINDS, { error: m.kindInvalid }),
});
export type OpenAccountBody = z.infer<typeof OpenAccountBodySchema>;

/** A query-string whole number in [1, max] (numbers accepted too), default when absent. */
function limitSchema(max: number, fallback: number) {
  return z
    .union([z.string().regex(/^\d{1,6}$/, m.limitInvalid), z.number()], { error: m.limitInvalid })
    .optional()
    .transform((value, ctx) => {
      const limit = value === undefined ? fallback : Number(value);
      if (!Number.isInteger(limit) || limit < 1 || limit > max) {
        ctx.addIssue({ code: 'custom', message: m.limitInvalid });
        return z.NEVER;
      }
      return limit;
    });
}

export const CANDLES_MAX_LIMIT = 1000;
/** GET /api/trading/candles?symbol=EURUSD&period=1m&limit=500. */
export const CandlesQuerySchema = z.object({
  symbol: SymbolSchema,
  period: z.enum(CANDLE_PERIODS, { error: m.periodInvalid }),
  limit: limitSchema(CANDLES_MAX_LIMIT, 300),
});
export type CandlesQuery = z.infer<typeof CandlesQuerySchema>;

export const DEALS_MAX_LIMIT = 200;
/** GET …/deals?cursor=…&limit=50 (newest first; the cursor is opaque to the caller). */
export const DealsQuerySchema = z.object({
  cursor: z
    .string({ error: m.cursorInvalid })
    .min(1, m.cursorInvalid)
    .max(200, m.cursorInvalid)
    .refine(hasNoNul, m.cursorInvalid)
    .optional(),
  limit: limitSchema(DEALS_MAX_LIMIT, 50),
});
export type DealsQuery = z.infer<typeof DealsQuerySchema>;

/** GET …/orders?status=pending|history (pending when absent). */
export const OrdersQuerySchema = z.object({
  status: z.enum(['pending', 'history'], { error: m.statusInvalid }).default('pending'),
});
export type OrdersQuery = z.infer<typeof OrdersQuerySchema>;

/** GET /api/trading/quotes and /stream: `symbols=EURUSD,GBPUSD` (all when absent). */
export const QuotesQuerySchema = z.object({
  symbols: z
    .string()
    .max(2000)
    .refine(hasNoNul, NUL_CHARACTER_MESSAGE)
    .optional()
    .transform((text) =>
      text === undefined
        ? undefined
        : text
            .split(',')
            .map((s) => s.trim())
            .filter((s) => s.length > 0),
    ),
});
export type QuotesQuery = z.infer<typeof QuotesQuerySchema>;

/** The Idempotency-Key header every order, close and transfer call carries. */
export const IdempotencyKeySchema = z
  .string({ error: m.idempotencyKeyRequired })
  .min(1, m.idempotencyKeyRequired)
  .max(200, m.idempotencyKeyRequired)
  .refine(hasNoNul, NUL_CHARACTER_MESSAGE);

/**
 * The dealing desk's trading controls (decision 133), for the whole platform or one client:
 * normal; close only (new orders and modifications refused, pending orders wait, closes and
 * cancels work); halted (closes refused too; cancels still work, and the automatic closes act).
 */
export const TRADING_MODES = ['normal', 'close_only', 'halted'] as const;
export type TradingMode = (typeof TRADING_MODES)[number];
export const TradingModeSchema = z.enum(TRADING_MODES, { error: m.modeInvalid });

export const TradingControlBodySchema = z.object({
  mode: TradingModeSchema,
  /** The client's exposure limit, or on the platform every client's (decision 135); absent: kept. */
  exposureLimitUsd: ExposureLimitSchema.optional(),
  reason: ReasonBodySchema.shape.reason,
});
export type TradingControlBody = z.infer<typeof TradingControlBodySchema>;
