// The shapes of the trading routes' answers (for the OpenAPI document and serialisation), the
// path parameters and the headers. Request bodies come from @brokerdesk/shared/trading.
import { IdempotencyKeySchema, STATEMENT_LINE_KINDS } from '@brokerdesk/shared/trading';
import { z } from 'zod';

/** Order, close and transfer calls: the shared rule (1–200 characters, no NUL). */
export const RequiredIdempotencyHeadersSchema = z.looseObject({
  'idempotency-key': IdempotencyKeySchema.describe(
    'Required: a repeat with the same key answers what the first did',
  ),
});

/** Modify and cancel: optional, the same rule when sent. */
export const OptionalIdempotencyHeadersSchema = z.looseObject({
  'idempotency-key': IdempotencyKeySchema.optional(),
});

const text = z.string().max(100);
export const AccountParamsSchema = z.object({ id: text });
export const OrderParamsSchema = z.object({ id: text, orderId: text });
export const PositionParamsSchema = z.object({ id: text, positionId: text });

const priceText = z.string().nullable();

export const AccountViewSchema = z.object({
  id: z.string(),
  kind: z.enum(['demo', 'live']),
  status: z.enum(['open', 'archived']),
  balanceMinor: z.number().int(),
  equityMinor: z.number().int(),
  usedMarginMinor: z.number().int(),
  freeMarginMinor: z.number().int(),
  marginLevel: z.string().nullable(),
  withdrawableMinor: z.number().int(),
  marginCall: z.boolean(),
  createdAt: z.string(),
  priceSource: z.string(),
});

export const OrderViewSchema = z.object({
  id: z.string(),
  symbol: z.string(),
  side: z.enum(['buy', 'sell']),
  type: z.enum(['market', 'limit', 'stop']),
  volume: z.string(),
  price: priceText,
  sl: priceText,
  tp: priceText,
  trailingPoints: z.number().int().nullable(),
  timeInForce: z.enum(['GTC', 'GTD', 'DAY']).nullable(),
  expiresAt: z.string().nullable(),
  status: z.enum(['pending', 'filled', 'cancelled', 'expired', 'rejected']),
  rejectCode: z.string().nullable(),
  ocoGroupId: z.string().nullable(),
  positionId: z.string().nullable(),
  createdAt: z.string(),
});

export const PositionViewSchema = z.object({
  id: z.string(),
  symbol: z.string(),
  side: z.enum(['buy', 'sell']),
  volume: z.string(),
  openPrice: z.string(),
  openTime: z.string(),
  sl: priceText,
  tp: priceText,
  trailingPoints: z.number().int().nullable(),
  marginMinor: z.number().int(),
  swapMinor: z.number().int(),
  floatingPnlMinor: z.number().int(),
  closePrice: priceText,
  priceSource: z.string(),
});

export const DealViewSchema = z.object({
  id: z.string(),
  positionId: z.string(),
  orderId: z.string().nullable(),
  symbol: z.string(),
  side: z.enum(['buy', 'sell']),
  entry: z.enum(['in', 'out']),
  volume: z.string(),
  price: z.string(),
  time: z.string(),
  pnlMinor: z.number().int(),
  swapMinor: z.number().int(),
  reason: z.enum(['client', 'sl', 'tp', 'stop_out', 'staff', 'reset']),
  closedBy: z.string().nullable(),
  /** Why the dealing desk closed it (reason `staff`), as staff wrote it. */
  note: z.string().nullable(),
  trailing: z.boolean(),
  /**
   * Set when the dealing desk corrected the deal (decision 136): `price` and `pnlMinor` above are
   * the corrected ones; these are what the deal had before its newest correction, and why.
   */
  correction: z
    .object({
      originalPrice: z.string(),
      originalPnlMinor: z.number().int(),
      reason: z.string(),
      time: z.string(),
    })
    .nullable(),
});

/** A negative balance protection (§11.12): what the platform credited, and when. */
export const ProtectionViewSchema = z.object({
  id: z.string(),
  amountMinor: z.number().int(),
  time: z.string(),
});

export const PlaceOrderResponseSchema = z.object({
  orders: z.array(OrderViewSchema),
  position: PositionViewSchema.optional(),
});

export const CloseResponseSchema = z.object({
  deal: DealViewSchema,
  position: PositionViewSchema.nullable(),
});

/** POST /api/staff/trading/deals/:dealId/correct: the deal now and each P/L that moved. */
export const CorrectDealResponseSchema = z.object({
  deal: DealViewSchema,
  adjustments: z.array(
    z.object({ dealId: z.string(), oldPnlMinor: z.number().int(), newPnlMinor: z.number().int() }),
  ),
});

export const DealsPageSchema = z.object({
  deals: z.array(DealViewSchema),
  nextCursor: z.string().nullable(),
});

export const TransferResponseSchema = z.object({
  transfer: z.object({
    id: z.string(),
    direction: z.enum(['in', 'out']),
    amountMinor: z.number().int(),
    createdAt: z.string(),
  }),
  account: AccountViewSchema,
});

export const StaffPositionsSchema = z.object({
  priceSource: z.string(),
  positions: z.array(
    PositionViewSchema.extend({
      accountId: z.string(),
      accountKind: z.enum(['demo', 'live']),
      clientId: z.string(),
      clientName: z.string(),
      clientEmail: z.string(),
    }),
  ),
});

export const ExposureSchema = z.object({
  priceSource: z.string(),
  instruments: z.array(
    z.object({
      symbol: z.string(),
      long: z.string(),
      short: z.string(),
      net: z.string(),
      positions: z.number().int(),
      /** The net lots in USD cents at the price that would close them, signed like `net`. */
      netNotionalMinor: z.number().int().nullable(),
      clientsFloatingPnlMinor: z.number().int().nullable(),
      /** The instrument's exposure limit in cents (decision 135), and the share of it in use. */
      limitMinor: z.number().int().nullable(),
      limitUsedPercent: z.number().int().nullable(),
    }),
  ),
  /** The clients' floating P/L on live accounts; the book's is its opposite. */
  clientsFloatingPnlMinor: z.number().int().nullable(),
  bookFloatingPnlMinor: z.number().int().nullable(),
  /** Clients whose gross notional is at 80 % of their exposure limit or more, fullest first. */
  clientsNearLimit: z.array(
    z.object({
      clientId: z.string(),
      clientName: z.string(),
      clientEmail: z.string(),
      grossNotionalMinor: z.number().int(),
      limitMinor: z.number().int(),
      limitUsedPercent: z.number().int(),
    }),
  ),
});

const DeskOwnerShape = {
  clientId: z.string(),
  clientName: z.string(),
  accountKind: z.enum(['demo', 'live']),
};

/** GET /api/staff/trading/risk: what the risk rules are doing (issue 19's dealing desk). */
export const DeskRiskSchema = z.object({
  priceSource: z.string(),
  marginCalls: z.array(
    z.object({
      ...DeskOwnerShape,
      accountId: z.string(),
      since: z.string().nullable(),
      equityMinor: z.number().int(),
      usedMarginMinor: z.number().int(),
      marginLevel: z.string().nullable(),
    }),
  ),
  stopOuts: z.array(DealViewSchema.extend(DeskOwnerShape)),
  protections: z.array(ProtectionViewSchema.extend({ ...DeskOwnerShape, accountId: z.string() })),
});

/** GET /api/staff/clients/:clientId/trading: a client's accounts, positions and latest deals. */
export const StaffClientTradingSchema = z.object({
  priceSource: z.string(),
  accounts: z.array(
    AccountViewSchema.extend({
      positions: z.array(PositionViewSchema),
      deals: z.array(DealViewSchema),
    }),
  ),
});

/** GET …/:id/statement (issue 19): a period's balance movements, oldest first, to the cent. */
export const StatementSchema = z.object({
  account: z.object({ id: z.string(), kind: z.enum(['demo', 'live']) }),
  /** The period [from, to): `from` included, `to` excluded. */
  from: z.string(),
  to: z.string(),
  openingBalanceMinor: z.number().int(),
  /** openingBalanceMinor + Σ lines' amountMinor. */
  closingBalanceMinor: z.number().int(),
  lines: z.array(
    z.object({
      time: z.string(),
      kind: z.enum(STATEMENT_LINE_KINDS),
      description: z.string(),
      symbol: z.string().nullable(),
      side: z.enum(['buy', 'sell']).nullable(),
      volume: z.string().nullable(),
      /** Deals only: the fill's or close's price. */
      price: z.string().nullable(),
      /** What the line moved: 0 for an opening deal. */
      amountMinor: z.number().int(),
      balanceAfterMinor: z.number().int(),
    }),
  ),
  priceSource: z.string(),
});

/** GET …/:id/swaps: the nightly swaps (§11.13), newest first, a page at a time. */
export const SwapsPageSchema = z.object({
  swaps: z.array(
    z.object({
      id: z.string(),
      positionId: z.string(),
      symbol: z.string(),
      side: z.enum(['buy', 'sell']),
      /** The lots held at the rollover. */
      volume: z.string(),
      /** 3 on a Wednesday. */
      multiplier: z.number().int(),
      amountMinor: z.number().int(),
      rolloverAt: z.string(),
    }),
  ),
  nextCursor: z.string().nullable(),
});
