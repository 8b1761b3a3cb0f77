// The money contract of the portal and the staff money API (docs/product.md §2, §7, §10). New
// endpoints carry integer cents in `…Minor` fields; the seed's staff calls keep dollars.
import { z } from 'zod';
import { PAYMENT_METHOD_IDS } from '../catalog/payment-methods.js';
import { MAX_AMOUNT_CENTS, parseDollars } from '../money.js';
import { MESSAGES } from '../messages.js';
import { NUL_CHARACTER_MESSAGE, hasNoNul } from './storable.js';

const m = MESSAGES.money;

// ---------------------------------------------------------------------------------------------
// Amounts

/** An amount in cents on the new endpoints: a whole number from 1 cent to $10,000,000. */
export const AmountMinorSchema = z
  .number({ error: m.amountInvalid })
  .int(m.amountWholeCents)
  .positive(m.amountPositive)
  .max(MAX_AMOUNT_CENTS, m.amountTooLarge);

/** A dollar amount as typed or sent by the seed's clients ("250", "250.5", 250.5) → cents. */
export const DollarAmountSchema = z
  .union([z.string(), z.number()], { error: m.amountInvalid })
  .transform((value, ctx) => {
    const parsed = parseDollars(value);
    if (parsed.ok && parsed.cents > 0) return parsed.cents;
    const message = parsed.ok
      ? m.amountPositive
      : parsed.reason === 'too-many-decimals'
        ? m.amountTooManyDecimals
        : parsed.reason === 'too-large'
          ? m.amountTooLarge
          : m.amountInvalid;
    ctx.addIssue({ code: 'custom', message });
    return z.NEVER;
  });

/** Like DollarAmountSchema but 0 is allowed (the staff's courtesy plan, docs/product.md §7). */
export const DollarAmountOrZeroSchema = z
  .union([z.string(), z.number()], { error: m.amountInvalid })
  .transform((value, ctx) => {
    const parsed = parseDollars(value);
    if (parsed.ok) return parsed.cents;
    ctx.addIssue({
      code: 'custom',
      message:
        parsed.reason === 'too-many-decimals'
          ? m.amountTooManyDecimals
          : parsed.reason === 'too-large'
            ? m.amountTooLarge
            : m.amountInvalid,
    });
    return z.NEVER;
  });

export const PaymentMethodIdSchema = z.enum(PAYMENT_METHOD_IDS, { error: m.methodRequired });

// ---------------------------------------------------------------------------------------------
// The client's statement: one row per deposit, withdrawal, bonus, profit, plan… (seed
// "transactions"), each with a status that moves pending → completed | rejected | cancelled.

export const TRANSACTION_TYPES = [
  'deposit',
  'withdrawal',
  'profit',
  'bonus',
  'plan_bonus',
  'ref_bonus',
  'adjustment',
  'subscription',
  'reversal',
  'transfer',
] as const;
export type TransactionType = (typeof TRANSACTION_TYPES)[number];

export const TRANSACTION_TYPE_LABELS: Record<TransactionType, string> = {
  deposit: 'Deposit',
  withdrawal: 'Withdrawal',
  profit: 'Profit',
  bonus: 'Bonus',
  plan_bonus: 'Plan bonus',
  ref_bonus: 'Ref. Bonus',
  adjustment: 'Adjustment',
  subscription: 'Subscription',
  reversal: 'Reversal',
  transfer: 'Transfer',
};

export const TRANSACTION_STATUSES = [
  'pending',
  'completed',
  'rejected',
  'cancelled',
  'failed',
  'reversed',
] as const;
export type TransactionStatus = (typeof TRANSACTION_STATUSES)[number];

export const TRANSACTION_STATUS_LABELS: Record<TransactionStatus, string> = {
  pending: 'Pending',
  completed: 'Completed',
  rejected: 'Rejected',
  cancelled: 'Cancelled',
  failed: 'Failed',
  reversed: 'Reversed',
};

/** What happened to a request, in order: the timeline the client and staff see. */
export const TRANSACTION_EVENT_KINDS = [
  'requested',
  'recorded',
  /** The first of two staff approvals under the four-eyes rule; still pending. */
  'endorsed',
  'confirmed',
  'approved',
  'rejected',
  'cancelled',
  'failed',
  'reversed',
] as const;
export type TransactionEventKind = (typeof TRANSACTION_EVENT_KINDS)[number];

export const TransactionEventSchema = z.object({
  kind: z.enum(TRANSACTION_EVENT_KINDS),
  at: z.string(),
  /** The reason staff gave (rejection, reversal, adjustment); shown to the client. */
  reason: z.string().nullable(),
});
export type TransactionEvent = z.infer<typeof TransactionEventSchema>;

export const TRANSACTION_ENTERED_BY = ['client', 'staff', 'system'] as const;
export type TransactionEnteredBy = (typeof TRANSACTION_ENTERED_BY)[number];

export const TransactionSchema = z.object({
  id: z.string(),
  /** ISO time the row was created (or the business date staff gave it). */
  date: z.string(),
  type: z.enum(TRANSACTION_TYPES),
  /** credit = money into the client's account; debit = out of it. */
  direction: z.enum(['credit', 'debit']),
  amountMinor: z.number().int(),
  /** A withdrawal's fee (Neteller, Skrill 2.9%), charged on top of the amount. */
  feeMinor: z.number().int(),
  status: z.enum(TRANSACTION_STATUSES),
  method: PaymentMethodIdSchema.nullable(),
  /** A withdrawal's wallet address, IBAN or e-wallet id. */
  destination: z.string().nullable(),
  /** The latest reason staff gave (rejection, adjustment, reversal). */
  reason: z.string().nullable(),
  /** A deposit that staff must check card documents for before confirming (docs/origin.md §5). */
  needsDocuments: z.boolean(),
  /**
   * Who entered the row: 'staff' for a staff posting or a row staff recorded, so the client can
   * tell a figure staff credited from one earned (docs/product.md §10, decision 103). Always
   * sent by the API; optional only so an older payload still reads.
   */
  enteredBy: z.enum(TRANSACTION_ENTERED_BY).optional(),
});
export type Transaction = z.infer<typeof TransactionSchema>;

export const TransactionWithTimelineSchema = TransactionSchema.extend({
  events: z.array(TransactionEventSchema),
});
export type TransactionWithTimeline = z.infer<typeof TransactionWithTimelineSchema>;

export const TRANSACTION_PAGE_MAX = 100;

/** GET /api/transactions and /api/transactions.csv: filters and a keyset cursor. */
export const TransactionHistoryQuerySchema = z.object({
  type: z.enum(TRANSACTION_TYPES, { error: 'Unknown transaction type' }).optional(),
  status: z.enum(TRANSACTION_STATUSES, { error: 'Unknown transaction status' }).optional(),
  cursor: z.string().max(200, 'Invalid cursor').optional(),
  limit: z.coerce
    .number({ error: 'Limit must be a number' })
    .int('Limit must be a whole number')
    .min(1, 'Limit must be at least 1')
    .max(TRANSACTION_PAGE_MAX, `Limit must be at most ${TRANSACTION_PAGE_MAX}`)
    .default(25),
});
export type TransactionHistoryQuery = z.infer<typeof TransactionHistoryQuerySchema>;

export const TransactionPageSchema = z.object({
  items: z.array(TransactionSchema),
  /** Pass back as `cursor` for the next (older) page; null on the last page. */
  nextCursor: z.string().nullable(),
});
export type TransactionPage = z.infer<typeof TransactionPageSchema>;

/** GET /api/money-requests: the client's deposit and withdrawal requests with timelines. */
export const MoneyRequestListQuerySchema = z.object({
  open: z
    .enum(['true', 'false'], { error: 'open must be true or false' })
    .transform((value) => value === 'true')
    .optional(),
});
export const MoneyRequestListSchema = z.object({ items: z.array(TransactionWithTimelineSchema) });
export type MoneyRequestList = z.infer<typeof MoneyRequestListSchema>;

// ---------------------------------------------------------------------------------------------
// Deposits and withdrawals (client)

export const DepositRequestBodySchema = z.object({
  amountMinor: AmountMinorSchema,
  method: PaymentMethodIdSchema,
});
export type DepositRequestBody = z.infer<typeof DepositRequestBodySchema>;

export const WITHDRAWAL_DESTINATION_MAX = 100;

export const WithdrawalRequestBodySchema = z.object({
  amountMinor: AmountMinorSchema,
  method: PaymentMethodIdSchema,
  destination: z
    .string({ error: m.destinationRequired })
    .trim()
    .min(1, m.destinationRequired)
    .max(WITHDRAWAL_DESTINATION_MAX, m.destinationTooLong)
    // Wallet addresses, IBANs and e-wallet ids: letters, digits and a few separators.
    .regex(/^[\p{L}\p{N} .@_+:/-]+$/u, m.destinationInvalid),
});
export type WithdrawalRequestBody = z.infer<typeof WithdrawalRequestBodySchema>;

export const MoneyRequestResponseSchema = z.object({ request: TransactionWithTimelineSchema });
export type MoneyRequestResponse = z.infer<typeof MoneyRequestResponseSchema>;

/** GET /api/money/summary: what the deposit and withdrawal screens need up front. */
export const MoneySummarySchema = z.object({
  balanceMinor: z.number().int(),
  availableMinor: z.number().int(),
  /** Held for pending withdrawals and their fees. */
  heldMinor: z.number().int(),
  /** The least the next deposit request may be: the opening minimum until a deposit counts. */
  minimumDepositMinor: z.number().int(),
  /** The least a withdrawal request may be (the operator's MIN_WITHDRAWAL_USD; 0 for none). */
  minimumWithdrawalMinor: z.number().int(),
});
export type MoneySummary = z.infer<typeof MoneySummarySchema>;

export const BALANCE_HISTORY_DAYS = 90;

/**
 * GET /api/money/balance-history: the ledger's running available balance over the last 90 days,
 * one point per moment it changed (a transfer and its linked transfers share one), plus the
 * opening balance before the first and the balance now. Highest and lowest span every point, so
 * a peak inside a day is never lost.
 */
export const BalanceHistorySchema = z.object({
  points: z.array(z.object({ at: z.string(), balanceMinor: z.number().int() })),
  highestMinor: z.number().int().nullable(),
  lowestMinor: z.number().int().nullable(),
});
export type BalanceHistory = z.infer<typeof BalanceHistorySchema>;

/**
 * Where the client's profit came from. Today staff credit all of it; the trading engine will add
 * a 'trading' part (realised by trades). A part is listed only when it has moved money, so the
 * portal never shows a made-up zero (docs/product.md §10, decision 103).
 */
export const PROFIT_SOURCES = ['staff', 'trading'] as const;
export type ProfitSource = (typeof PROFIT_SOURCES)[number];

/** GET /api/money/profit: the Profit card's total and its parts. */
export const ProfitBreakdownSchema = z.object({
  totalMinor: z.number().int(),
  parts: z.array(z.object({ source: z.enum(PROFIT_SOURCES), amountMinor: z.number().int() })),
});
export type ProfitBreakdown = z.infer<typeof ProfitBreakdownSchema>;

// ---------------------------------------------------------------------------------------------
// Staff money actions

export const REASON_MAX = 500;

export const ReasonBodySchema = z.object({
  reason: z
    .string({ error: m.reasonRequired })
    .trim()
    .min(1, m.reasonRequired)
    .max(REASON_MAX, m.reasonTooLong)
    .refine(hasNoNul, NUL_CHARACTER_MESSAGE),
});
export type ReasonBody = z.infer<typeof ReasonBodySchema>;

export const STAFF_POSTING_TYPES = ['profit', 'bonus', 'ref_bonus', 'adjustment'] as const;
export type StaffPostingType = (typeof STAFF_POSTING_TYPES)[number];

/**
 * POST /api/staff/clients/:clientId/postings: profit, bonus, ref. bonus or adjustment. The reason
 * is required for every type: the client sees it beside "Credited by staff" (decision 103).
 */
export const StaffPostingBodySchema = z
  .object({
    type: z.enum(STAFF_POSTING_TYPES, { error: m.postingTypeInvalid }),
    direction: z.enum(['credit', 'debit'], { error: m.directionInvalid }).default('credit'),
    amountMinor: AmountMinorSchema,
    reason: ReasonBodySchema.shape.reason,
  })
  .refine((body) => body.type === 'adjustment' || body.direction === 'credit', {
    message: m.onlyAdjustmentsDebit,
    path: ['direction'],
  });
export type StaffPostingBody = z.infer<typeof StaffPostingBodySchema>;

export const StaffMoneyRequestSchema = TransactionWithTimelineSchema.extend({
  client: z.object({ id: z.string(), name: z.string(), email: z.string() }),
});
export const StaffMoneyRequestListSchema = z.object({ items: z.array(StaffMoneyRequestSchema) });
export type StaffMoneyRequestList = z.infer<typeof StaffMoneyRequestListSchema>;

export const StaffTransactionResponseSchema = z.object({
  message: z.string(),
  transaction: TransactionWithTimelineSchema,
});
export type StaffTransactionResponse = z.infer<typeof StaffTransactionResponseSchema>;

// ---------------------------------------------------------------------------------------------
// The seed's staff call POST /api/transactions/transaction (docs/product.md §7)

export const SEED_TRANSACTION_TYPES = {
  deposit: 'deposit',
  withdrawal: 'withdrawal',
  profit: 'profit',
  bonus: 'bonus',
  refbonus: 'ref_bonus',
  adjustment: 'adjustment',
} as const satisfies Record<string, TransactionType>;

export const SEED_TRANSACTION_STATUSES = ['completed', 'pending', 'failed'] as const;

// The date staff give an event: one the database stores as given (Date.parse also reads
// "+275760-09-13" and "-010000-01-01"), with room for a plan's end (start + up to 3,650 days).
const SEED_DATE_MIN = Date.parse('1900-01-01T00:00:00.000Z');
const SEED_DATE_MAX = Date.parse('2999-12-31T23:59:59.999Z');

const seedDate = z
  .string({ error: m.dateInvalid })
  .trim()
  .max(40, m.dateInvalid)
  .refine((value) => {
    if (value === '') return true;
    const time = Date.parse(value);
    return time >= SEED_DATE_MIN && time <= SEED_DATE_MAX;
  }, m.dateInvalid)
  .transform((value) => (value === '' ? undefined : new Date(value)))
  .optional();

export const OriginTransactionBodySchema = z.object({
  userId: z.uuid({ error: m.clientRequired }),
  type: z
    .string({ error: m.seedTypeInvalid })
    .trim()
    .transform((value) => value.toLowerCase().replace(/[\s._-]/g, ''))
    .pipe(
      z.enum(Object.keys(SEED_TRANSACTION_TYPES) as [keyof typeof SEED_TRANSACTION_TYPES], {
        error: m.seedTypeInvalid,
      }),
    )
    .transform((value) => SEED_TRANSACTION_TYPES[value]),
  amount: DollarAmountSchema,
  status: z
    .string({ error: m.seedStatusInvalid })
    .trim()
    .transform((value) => value.toLowerCase())
    .pipe(z.enum(SEED_TRANSACTION_STATUSES, { error: m.seedStatusInvalid }))
    .optional()
    .default('completed'),
  date: seedDate,
});
export type OriginTransactionBody = z.infer<typeof OriginTransactionBodySchema>;

// The seed's admin form sends numbers or numeric strings for its numeric fields.
const wholeNumber = (message: string, max: number) =>
  z
    .union([z.number(), z.string().trim().regex(/^\d+$/, message)], { error: message })
    .transform(Number)
    .pipe(z.number({ error: message }).int(message).min(0, message).max(max, message));

/** POST /api/subscribe/create (staff): free plan name and amount (docs/product.md §7). */
export const OriginSubscriptionBodySchema = z.object({
  userId: z.uuid({ error: m.clientRequired }),
  planName: z
    .string({ error: m.planNameRequired })
    .trim()
    .min(1, m.planNameRequired)
    .max(100, m.planNameRequired)
    .refine(hasNoNul, NUL_CHARACTER_MESSAGE),
  amount: DollarAmountOrZeroSchema,
  profitPercent: z
    .union(
      [
        z.number(),
        z
          .string()
          .trim()
          .regex(/^\d+(\.\d{1,2})?$/, m.profitPercentInvalid),
      ],
      {
        error: m.profitPercentInvalid,
      },
    )
    .transform(Number)
    .pipe(z.number().min(0, m.profitPercentInvalid).max(1000, m.profitPercentInvalid))
    .optional()
    .default(0),
  duration: wholeNumber(m.durationInvalid, 3650).refine((days) => days >= 1, m.durationInvalid),
  status: z
    .string()
    .trim()
    .max(40, m.statusTooLong)
    .refine(hasNoNul, NUL_CHARACTER_MESSAGE)
    .optional()
    .default('Active'),
  startDate: seedDate,
  endDate: seedDate,
});
export type OriginSubscriptionBody = z.infer<typeof OriginSubscriptionBodySchema>;
