// A property of the whole money API: whatever clients and staff do, in whatever order (requests,
// confirmations, rejections, cancels, plans, postings, reversals, the seed's staff call, repeats
// with the same Idempotency-Key), every answer is one a plain model of the rules predicts (never
// a 5xx), the ledger keeps its invariants, no available balance goes below zero, and each
// client's statement, summary and dashboard figures are the ones the model predicts.
//
// The model is deliberately naive: per-client sums in cents, written from the rules as
// docs/money-api.md and docs/product.md §10 state them, not from the service's code.
import { randomUUID } from 'node:crypto';
import { PLANS, percentOf } from '@brokerdesk/shared';
import { feeOf } from '@brokerdesk/shared/withdrawal-rules';
import type {
  DashboardResponse,
  ErrorBody,
  MoneySummary,
  PaymentMethodId,
  ReferralOverview,
  StaffPostingType,
  Transaction,
  TransactionPage,
  TransactionStatus,
  TransactionType,
} from '@brokerdesk/shared';
import type { LightMyRequestResponse } from 'fastify';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { approveIdentityDocuments } from '../../test/documents-fixtures.js';
import { createTestApp } from '../../test/test-app.js';
import type { TestApp } from '../../test/test-app.js';
import { checkLedger } from '../ledger/index.js';

// ---------------------------------------------------------------------------------------------
// The rules, as the spec states them (docs/product.md §10, docs/ledger.md)

/** The first deposit request must be at least $300. */
const MINIMUM_FIRST_DEPOSIT = 30_000;
/** MIN_WITHDRAWAL_USD's default, $10. */
const MINIMUM_WITHDRAWAL = 1_000;
/**
 * The referrer earns 10% of each confirmed deposit of a client they referred, at most $250 per
 * referred client (pending, held and paid together), as a pending commission: in neither the
 * balance nor Ref. Bonus until its release date 30 days on (which no run reaches). The referred
 * client's withdrawal, or the deposit's reversal, voids it (decision 110).
 */
const REFERRAL_BONUS_BP = 1_000;
const REFERRAL_CAP = 25_000;
/** Neteller and Skrill withdrawals carry a 2.9% fee on top of the amount. */
const WITHDRAWAL_FEE_BP: Partial<Record<PaymentMethodId, number>> = { neteller: 290, skrill: 290 };

const METHODS: PaymentMethodId[] = [
  'bitcoin',
  'bank-transfer',
  'credit-card',
  'yandex',
  'neteller',
  'webmoney',
  'qiwi',
  'skrill',
];
const ORIGIN_TYPES = {
  Deposit: 'deposit',
  Withdrawal: 'withdrawal',
  Profit: 'profit',
  Bonus: 'bonus',
  RefBonus: 'ref_bonus',
  Adjustment: 'adjustment',
} as const;
type OriginType = keyof typeof ORIGIN_TYPES;
type OriginStatus = 'Completed' | 'Pending' | 'Failed';

// Three clients per run: 1 was referred by 0, and 2 by 1.
const REFERRERS: readonly (number | null)[] = [null, 0, 1];
/** A well-formed id that no row and no client has: always 404. */
const UNKNOWN_ID = randomUUID();

// ---------------------------------------------------------------------------------------------
// The model

interface ModelClient {
  index: number;
  id: string;
  token: string;
  referrer: number | null;
  /** Posted: credits − debits. */
  balance: number;
  /** Pending withdrawals and their fees. */
  held: number;
  deposited: number;
  profit: number;
  bonus: number;
  refBonus: number;
  /** Pending or completed deposits: the opening minimum applies while there are none. */
  liveDeposits: number;
  /** Rows the service writes on its own (bonuses, plan rows, reversals), not yet seen by id. */
  unseen: UnseenRow[];
}

interface ModelRow {
  id: string;
  client: number;
  type: TransactionType;
  direction: 'credit' | 'debit';
  amount: number;
  fee: number;
  status: TransactionStatus;
  /** A referral bonus: the deposit that earned it. */
  relatedId: string | null;
}

type UnseenRow = Omit<ModelRow, 'id' | 'client'>;

type Call =
  | { kind: 'deposit'; client: number; amountMinor: number; method: PaymentMethodId }
  | {
      kind: 'withdraw';
      client: number;
      amountMinor: number;
      method: PaymentMethodId;
      destination: string;
    }
  | { kind: 'cancel'; client: number; id: string }
  | { kind: 'confirm' | 'approve'; id: string }
  | { kind: 'rejectDeposit' | 'rejectWithdrawal'; id: string; reason: string }
  | { kind: 'reverse'; id: string; reason: string }
  | { kind: 'subscribe'; client: number; planId: string }
  | {
      kind: 'posting';
      client: number;
      type: StaffPostingType;
      direction: 'credit' | 'debit';
      amountMinor: number;
      reason: string | undefined;
    }
  | {
      kind: 'seed';
      client: number | null;
      userId: string;
      type: OriginType;
      status: OriginStatus;
      amountMinor: number;
      asNumber: boolean;
    };

interface Expectation {
  status: number;
  code?: string;
  /** The id the answer must carry (a replay answers with the stored row). */
  id?: string;
  /** The effects, given the id of the created or changed row or subscription. */
  apply?: (id: string) => void;
}

const notFound: Expectation = { status: 404, code: 'NOT_FOUND' };
const conflict: Expectation = { status: 409, code: 'CONFLICT' };
const insufficient: Expectation = { status: 409, code: 'INSUFFICIENT_FUNDS' };
const invalid: Expectation = { status: 400, code: 'VALIDATION_FAILED' };

/** Which finances figure a credit of this type counts under (adjustments count under none). */
function financesField(
  type: TransactionType,
): 'deposited' | 'profit' | 'bonus' | 'refBonus' | null {
  if (type === 'deposit') return 'deposited';
  if (type === 'profit') return 'profit';
  if (type === 'bonus' || type === 'plan_bonus') return 'bonus';
  if (type === 'ref_bonus') return 'refBonus';
  return null;
}

class Model {
  readonly rows = new Map<string, ModelRow>();
  /** Creating requests that succeeded, by actor and key: the row and what was asked. */
  private readonly createdKeys = new Map<string, { id: string; signature: string }>();
  /** Resolutions (confirm, reject, cancel, reverse…) that succeeded, by actor and key. */
  private readonly eventKeys = new Map<string, { id: string; kind: Call['kind'] }>();

  constructor(readonly clients: ModelClient[]) {}

  client(index: number): ModelClient {
    const client = this.clients[index];
    if (!client) throw new Error(`no client ${index}`);
    return client;
  }

  available(index: number): number {
    const client = this.client(index);
    return client.balance - client.held;
  }

  private addRow(row: ModelRow): void {
    this.rows.set(row.id, row);
  }

  private count(client: ModelClient, type: TransactionType, delta: number): void {
    const field = financesField(type);
    if (field) client[field] += delta;
  }

  /** A repeat of a creating request: the stored answer, or 409 for a key used for another. */
  private replayOf(scope: string, key: string | undefined, signature: string): Expectation | null {
    if (key === undefined) return null;
    const stored = this.createdKeys.get(`${scope}|${key}`);
    if (!stored) return null;
    return stored.signature === signature ? { status: 201, id: stored.id } : conflict;
  }

  private remember(scope: string, key: string | undefined, id: string, signature: string) {
    if (key !== undefined) this.createdKeys.set(`${scope}|${key}`, { id, signature });
  }

  /** The referrer's pending commissions earned by this client's deposits (seen and unseen). */
  private openCommissions(client: number): (ModelRow | UnseenRow)[] {
    const referrer = this.client(client).referrer;
    if (referrer === null) return [];
    const deposits = new Set(
      [...this.rows.values()]
        .filter((row) => row.client === client && row.type === 'deposit')
        .map((row) => row.id),
    );
    return [...this.rows.values(), ...this.client(referrer).unseen].filter(
      (row) =>
        row.type === 'ref_bonus' &&
        row.status === 'pending' &&
        row.relatedId !== null &&
        deposits.has(row.relatedId),
    );
  }

  private earnCommission(deposit: ModelRow): void {
    const referrer = this.client(deposit.client).referrer;
    if (referrer === null) return;
    const counted = this.openCommissions(deposit.client).reduce((sum, row) => sum + row.amount, 0);
    const commission = Math.min(
      percentOf(deposit.amount, REFERRAL_BONUS_BP),
      REFERRAL_CAP - counted,
    );
    if (commission <= 0) return;
    this.client(referrer).unseen.push({
      type: 'ref_bonus',
      direction: 'credit',
      amount: commission,
      fee: 0,
      status: 'pending',
      relatedId: deposit.id,
    });
  }

  /** Money paid out to the client voids every commission its deposits still have waiting. */
  private voidCommissionsOf(client: number): void {
    for (const row of this.openCommissions(client)) row.status = 'cancelled';
  }

  /** What `call` must answer now, and what it changes. */
  expect(call: Call, key: string | undefined): Expectation {
    // A staff reason is checked at the edge, before anything else.
    if ('reason' in call && call.kind !== 'posting' && call.reason.trim() === '') return invalid;
    switch (call.kind) {
      case 'deposit': {
        const client = this.client(call.client);
        const scope = `client:${call.client}`;
        const signature = `deposit|${call.amountMinor}|${call.method}`;
        const replay = this.replayOf(scope, key, signature);
        if (replay) return replay;
        if (client.liveDeposits === 0 && call.amountMinor < MINIMUM_FIRST_DEPOSIT) return invalid;
        return {
          status: 201,
          apply: (id) => {
            this.addRow({
              id,
              client: call.client,
              type: 'deposit',
              direction: 'credit',
              amount: call.amountMinor,
              fee: 0,
              status: 'pending',
              relatedId: null,
            });
            client.liveDeposits += 1;
            this.remember(scope, key, id, signature);
          },
        };
      }

      case 'withdraw': {
        const client = this.client(call.client);
        const scope = `client:${call.client}`;
        const signature = `withdrawal|${call.amountMinor}|${call.method}|${call.destination}`;
        const replay = this.replayOf(scope, key, signature);
        if (replay) return replay;
        if (call.amountMinor < MINIMUM_WITHDRAWAL) return invalid;
        // A fee is rounded up to the cent.
        const fee = feeOf(call.amountMinor, WITHDRAWAL_FEE_BP[call.method] ?? 0);
        if (this.available(call.client) < call.amountMinor + fee) return insufficient;
        return {
          status: 201,
          apply: (id) => {
            this.addRow({
              id,
              client: call.client,
              type: 'withdrawal',
              direction: 'debit',
              amount: call.amountMinor,
              fee,
              status: 'pending',
              relatedId: null,
            });
            client.held += call.amountMinor + fee;
            this.remember(scope, key, id, signature);
          },
        };
      }

      case 'confirm':
      case 'rejectDeposit':
      case 'approve':
      case 'rejectWithdrawal':
      case 'cancel':
        return this.expectResolution(call, key);

      case 'reverse':
        return this.expectReversal(call, key);

      case 'subscribe': {
        const plan = PLANS.find((candidate) => candidate.id === call.planId);
        if (!plan) return notFound;
        const client = this.client(call.client);
        const scope = `subscriptions:${call.client}`;
        const replay = this.replayOf(scope, key, call.planId);
        if (replay) return replay;
        if (this.available(call.client) < plan.priceCents) return insufficient;
        return {
          status: 201,
          apply: (id) => {
            const bonus = percentOf(plan.priceCents, plan.depositBonusBp);
            client.balance += bonus - plan.priceCents;
            client.bonus += bonus;
            client.unseen.push({
              type: 'subscription',
              direction: 'debit',
              amount: plan.priceCents,
              fee: 0,
              status: 'completed',
              relatedId: null,
            });
            if (bonus > 0) {
              client.unseen.push({
                type: 'plan_bonus',
                direction: 'credit',
                amount: bonus,
                fee: 0,
                status: 'completed',
                relatedId: null,
              });
            }
            this.remember(scope, key, id, call.planId);
          },
        };
      }

      case 'posting': {
        if (call.type !== 'adjustment' && call.direction === 'debit') return invalid;
        // Every back-office posting carries the reason the client sees (decision 103).
        if (!call.reason) return invalid;
        const client = this.client(call.client);
        const signature = `posting|${client.id}|${call.type}|${call.direction}|${call.amountMinor}`;
        const replay = this.replayOf('staff', key, signature);
        if (replay) return replay;
        if (call.direction === 'debit' && this.available(call.client) < call.amountMinor) {
          return insufficient;
        }
        return {
          status: 201,
          apply: (id) => {
            this.addRow({
              id,
              client: call.client,
              type: call.type,
              direction: call.direction,
              amount: call.amountMinor,
              fee: 0,
              status: 'completed',
              relatedId: null,
            });
            if (call.direction === 'credit') {
              client.balance += call.amountMinor;
              this.count(client, call.type, call.amountMinor);
            } else {
              client.balance -= call.amountMinor;
            }
            this.remember('staff', key, id, signature);
          },
        };
      }

      case 'seed':
        return this.expectSeed(call, key);
    }
  }

  private expectResolution(
    call: Extract<
      Call,
      { kind: 'confirm' | 'rejectDeposit' | 'approve' | 'rejectWithdrawal' | 'cancel' }
    >,
    key: string | undefined,
  ): Expectation {
    const type =
      call.kind === 'confirm' || call.kind === 'rejectDeposit' ? 'deposit' : 'withdrawal';
    const actor = call.kind === 'cancel' ? `client:${call.client}` : 'staff';
    const row = this.rows.get(call.id);
    if (!row || row.type !== type || (call.kind === 'cancel' && row.client !== call.client)) {
      return notFound;
    }
    if (key !== undefined) {
      const event = this.eventKeys.get(`${actor}|${key}`);
      if (event) {
        return event.id === row.id && event.kind === call.kind
          ? { status: 200, id: row.id }
          : conflict;
      }
    }
    if (row.status !== 'pending') return conflict;
    const client = this.client(row.client);
    return {
      status: 200,
      id: row.id,
      apply: () => {
        if (call.kind === 'confirm') {
          row.status = 'completed';
          client.balance += row.amount;
          client.deposited += row.amount;
          this.earnCommission(row);
        } else if (call.kind === 'rejectDeposit') {
          row.status = 'rejected';
          client.liveDeposits -= 1;
        } else if (call.kind === 'approve') {
          row.status = 'completed';
          client.balance -= row.amount + row.fee;
          client.held -= row.amount + row.fee;
          this.voidCommissionsOf(row.client);
        } else {
          row.status = call.kind === 'cancel' ? 'cancelled' : 'rejected';
          client.held -= row.amount + row.fee;
        }
        if (key !== undefined)
          this.eventKeys.set(`${actor}|${key}`, { id: row.id, kind: call.kind });
      },
    };
  }

  /**
   * A completed row is reversed by a transfer the other way, with its fee; a deposit's pending
   * commission is voided with it. Refused if the client it debits cannot afford it.
   */
  private expectReversal(
    call: Extract<Call, { kind: 'reverse' }>,
    key: string | undefined,
  ): Expectation {
    const row = this.rows.get(call.id);
    if (!row) return notFound;
    if (key !== undefined) {
      const event = this.eventKeys.get(`staff|${key}`);
      if (event) {
        return event.id === row.id && event.kind === 'reverse'
          ? { status: 200, id: row.id }
          : conflict;
      }
    }
    if (row.status !== 'completed' || row.type === 'reversal') return conflict;
    if (row.direction === 'credit' && this.available(row.client) < row.amount) return insufficient;
    return {
      status: 200,
      id: row.id,
      apply: () => {
        if (row.type === 'deposit') {
          for (const commission of this.openCommissions(row.client)) {
            if (commission.relatedId === row.id) commission.status = 'cancelled';
          }
        }
        this.reverseRow(row);
        if (key !== undefined) this.eventKeys.set(`staff|${key}`, { id: row.id, kind: 'reverse' });
      },
    };
  }

  private reverseRow(row: ModelRow): void {
    const client = this.client(row.client);
    const total = row.amount + row.fee;
    row.status = 'reversed';
    if (row.direction === 'credit') {
      client.balance -= total;
      this.count(client, row.type, -row.amount);
    } else {
      client.balance += total;
    }
    if (row.type === 'deposit') client.liveDeposits -= 1;
    client.unseen.push({
      type: 'reversal',
      direction: row.direction === 'credit' ? 'debit' : 'credit',
      amount: total,
      fee: 0,
      status: 'completed',
      relatedId: null,
    });
  }

  /**
   * The seed's staff call: Completed posts, Pending opens a deposit request or a withdrawal hold
   * (nothing else may be pending), Failed records the row and moves nothing.
   */
  private expectSeed(call: Extract<Call, { kind: 'seed' }>, key: string | undefined): Expectation {
    const type = ORIGIN_TYPES[call.type];
    if (call.status === 'Pending' && type !== 'deposit' && type !== 'withdrawal') return invalid;
    const signature = `seed|${call.userId}|${type}|${call.amountMinor}`;
    const replay = this.replayOf('staff', key, signature);
    if (replay) return replay;
    if (call.client === null) return notFound;
    const index = call.client;
    const client = this.client(index);
    const direction = type === 'withdrawal' ? 'debit' : 'credit';
    const amount = call.amountMinor;
    const spends = type === 'withdrawal' && call.status !== 'Failed';
    if (spends && this.available(index) < amount) return insufficient;
    return {
      status: 201,
      apply: (id) => {
        const status: TransactionStatus =
          call.status === 'Failed' ? 'failed' : call.status === 'Pending' ? 'pending' : 'completed';
        const row: ModelRow = {
          id,
          client: index,
          type,
          direction,
          amount,
          fee: 0,
          status,
          relatedId: null,
        };
        this.addRow(row);
        if (status === 'pending' && type === 'withdrawal') client.held += amount;
        if (status !== 'failed' && type === 'deposit') client.liveDeposits += 1;
        if (status === 'completed') {
          if (direction === 'debit') {
            client.balance -= amount;
            this.voidCommissionsOf(index);
          } else {
            client.balance += amount;
            this.count(client, type, amount);
            if (type === 'deposit') this.earnCommission(row);
          }
        }
        this.remember('staff', key, id, signature);
      },
    };
  }
}

/** The same request with a different amount (or plan): with the same key, a 409. */
function altered(call: Call): Call {
  switch (call.kind) {
    case 'deposit':
    case 'withdraw':
    case 'posting':
    case 'seed':
      return { ...call, amountMinor: call.amountMinor + 1 };
    case 'subscribe':
      return { ...call, planId: call.planId === 'basic' ? 'deluxe' : 'basic' };
    default:
      return call;
  }
}

// ---------------------------------------------------------------------------------------------
// Operations, as fast-check generates them (ids and amounts resolved against the model)

/** An amount: fixed cents, or a share (per mille) of the client's available balance. */
type Spend = { cents: number } | { permille: number };
/**
 * A row id, among: the rows the operation can act on now (`open`), every row of its kind
 * (`kind`: resolved ones answer 409), or every row and an unknown id (`any`: 404 or 409).
 */
type Pick = { index: number; from: 'open' | 'kind' | 'any' };

type Op =
  | { op: 'deposit'; client: number; amountMinor: number; method: PaymentMethodId; keyed: boolean }
  | { op: 'withdraw'; client: number; amount: Spend; method: PaymentMethodId; keyed: boolean }
  | { op: 'cancel'; client: number; pick: Pick; keyed: boolean }
  | { op: 'confirm' | 'approve'; pick: Pick; keyed: boolean }
  | {
      op: 'rejectDeposit' | 'rejectWithdrawal' | 'reverse';
      pick: Pick;
      blankReason: boolean;
      keyed: boolean;
    }
  | { op: 'subscribe'; client: number; planId: string; keyed: boolean }
  | {
      op: 'posting';
      client: number;
      type: StaffPostingType;
      debit: boolean;
      amount: Spend;
      reason: boolean;
      keyed: boolean;
    }
  | {
      op: 'seed';
      client: number | null;
      type: OriginType;
      status: OriginStatus;
      amount: Spend;
      asNumber: boolean;
      keyed: boolean;
    }
  /** A deposit request and, if it was accepted, staff confirming it at once. */
  | { op: 'fund'; client: number; amountMinor: number; method: PaymentMethodId; keyed: boolean }
  | { op: 'repeat'; pick: number; altered: boolean };

function weighted<T>(often: T, rarely: T, ratio: number): fc.Arbitrary<T> {
  return fc.oneof(
    { arbitrary: fc.constant(often), weight: ratio },
    { arbitrary: fc.constant(rarely), weight: 1 },
  );
}

const clientArb = fc.integer({ min: 0, max: REFERRERS.length - 1 });
const keyedArb = weighted(true, false, 5);
const pickArb: fc.Arbitrary<Pick> = fc.record({
  index: fc.nat({ max: 1_000 }),
  from: fc.oneof(
    { arbitrary: fc.constant('open' as const), weight: 4 },
    { arbitrary: fc.constantFrom('kind' as const, 'any' as const), weight: 2 },
  ),
});
const methodArb = fc.constantFrom(...METHODS);
const spendArb: fc.Arbitrary<Spend> = fc.oneof(
  { arbitrary: fc.record({ permille: fc.integer({ min: 1, max: 1_100 }) }), weight: 4 },
  { arbitrary: fc.record({ permille: fc.constant(1_000) }), weight: 1 },
  { arbitrary: fc.record({ cents: fc.integer({ min: 1, max: 2_000_000 }) }), weight: 1 },
);
const depositAmountArb = fc.oneof(
  { arbitrary: fc.integer({ min: 1, max: MINIMUM_FIRST_DEPOSIT - 1 }), weight: 1 },
  { arbitrary: fc.constantFrom(MINIMUM_FIRST_DEPOSIT, 100_500), weight: 1 },
  { arbitrary: fc.integer({ min: MINIMUM_FIRST_DEPOSIT, max: 3_000_000 }), weight: 4 },
);

const fundArb = fc.record({
  op: fc.constant('fund' as const),
  client: clientArb,
  amountMinor: fc.integer({ min: MINIMUM_FIRST_DEPOSIT, max: 3_000_000 }),
  method: methodArb,
  keyed: keyedArb,
});

const resolutionArb = <T extends string>(op: T) =>
  fc.record({ op: fc.constant(op), pick: pickArb, keyed: keyedArb });
const withReasonArb = <T extends string>(op: T) =>
  fc.record({
    op: fc.constant(op),
    pick: pickArb,
    blankReason: weighted(false, true, 9),
    keyed: keyedArb,
  });

const opArb: fc.Arbitrary<Op> = fc.oneof(
  { weight: 2, arbitrary: fundArb },
  {
    weight: 3,
    arbitrary: fc.record({
      op: fc.constant('deposit' as const),
      client: clientArb,
      amountMinor: depositAmountArb,
      method: methodArb,
      keyed: keyedArb,
    }),
  },
  { weight: 3, arbitrary: resolutionArb('confirm' as const) },
  { weight: 1, arbitrary: withReasonArb('rejectDeposit' as const) },
  {
    weight: 4,
    arbitrary: fc.record({
      op: fc.constant('withdraw' as const),
      client: clientArb,
      amount: spendArb,
      method: methodArb,
      keyed: keyedArb,
    }),
  },
  { weight: 3, arbitrary: resolutionArb('approve' as const) },
  { weight: 1, arbitrary: withReasonArb('rejectWithdrawal' as const) },
  {
    weight: 1,
    arbitrary: fc.record({
      op: fc.constant('cancel' as const),
      client: clientArb,
      pick: pickArb,
      keyed: keyedArb,
    }),
  },
  { weight: 3, arbitrary: withReasonArb('reverse' as const) },
  {
    weight: 2,
    arbitrary: fc.record({
      op: fc.constant('subscribe' as const),
      client: clientArb,
      planId: fc.constantFrom(...PLANS.map((plan) => plan.id), 'no-such-plan'),
      keyed: keyedArb,
    }),
  },
  {
    weight: 2,
    arbitrary: fc.record({
      op: fc.constant('posting' as const),
      client: clientArb,
      type: fc.constantFrom(
        'profit' as const,
        'bonus' as const,
        'ref_bonus' as const,
        'adjustment' as const,
      ),
      debit: weighted(false, true, 2),
      amount: spendArb,
      reason: weighted(true, false, 6),
      keyed: keyedArb,
    }),
  },
  {
    weight: 2,
    arbitrary: fc.record({
      op: fc.constant('seed' as const),
      client: fc.oneof(
        { arbitrary: clientArb, weight: 12 },
        { arbitrary: fc.constant(null), weight: 1 },
      ),
      type: fc.constantFrom(...(Object.keys(ORIGIN_TYPES) as OriginType[])),
      status: fc.oneof(
        { arbitrary: fc.constant('Completed' as const), weight: 4 },
        { arbitrary: fc.constantFrom('Pending' as const, 'Failed' as const), weight: 2 },
      ),
      amount: spendArb,
      asNumber: fc.boolean(),
      keyed: keyedArb,
    }),
  },
  {
    weight: 3,
    arbitrary: fc.record({
      op: fc.constant('repeat' as const),
      pick: fc.nat({ max: 1_000 }),
      altered: weighted(false, true, 3),
    }),
  },
);

function pickId(
  model: Model,
  pick: Pick,
  ofKind: (row: ModelRow) => boolean,
  openStatus: TransactionStatus,
): string {
  const ids = [...model.rows.values()]
    .filter(
      (row) =>
        pick.from === 'any' || (ofKind(row) && (pick.from === 'kind' || row.status === openStatus)),
    )
    .map((row) => row.id);
  if (pick.from === 'any') ids.push(UNKNOWN_ID);
  return ids[pick.index % Math.max(ids.length, 1)] ?? UNKNOWN_ID;
}

/** Spending goes to a client with money, if there is one, so that it often succeeds. */
function spender(model: Model, index: number): number {
  const funded = model.clients.filter((client) => model.available(client.index) > 0);
  return funded[index % Math.max(funded.length, 1)]?.index ?? index;
}

function amountOf(model: Model, client: number | null, spend: Spend): number {
  if ('cents' in spend) return spend.cents;
  const available = client === null ? 0 : model.available(client);
  return Math.max(1, Math.floor((available * spend.permille) / 1_000));
}

/** Turns a generated operation into a concrete request, against the model as it is now. */
function callOf(model: Model, op: Exclude<Op, { op: 'repeat' | 'fund' }>): Call {
  switch (op.op) {
    case 'deposit':
      return { kind: 'deposit', client: op.client, amountMinor: op.amountMinor, method: op.method };
    case 'withdraw': {
      const client = spender(model, op.client);
      return {
        kind: 'withdraw',
        client,
        amountMinor: amountOf(model, client, op.amount),
        method: op.method,
        destination: `${op.method}-wallet-${client}`,
      };
    }
    case 'cancel':
      return {
        kind: 'cancel',
        client: op.client,
        id: pickId(
          model,
          op.pick,
          (row) => row.type === 'withdrawal' && row.client === op.client,
          'pending',
        ),
      };
    case 'confirm':
      return {
        kind: 'confirm',
        id: pickId(model, op.pick, (row) => row.type === 'deposit', 'pending'),
      };
    case 'approve':
      return {
        kind: 'approve',
        id: pickId(model, op.pick, (row) => row.type === 'withdrawal', 'pending'),
      };
    case 'rejectDeposit':
    case 'rejectWithdrawal':
      return {
        kind: op.op,
        id: pickId(
          model,
          op.pick,
          (row) => row.type === (op.op === 'rejectDeposit' ? 'deposit' : 'withdrawal'),
          'pending',
        ),
        reason: op.blankReason ? '   ' : 'Checked by the property test',
      };
    case 'reverse':
      return {
        kind: 'reverse',
        id: pickId(model, op.pick, (row) => row.type !== 'reversal', 'completed'),
        reason: op.blankReason ? '   ' : 'Checked by the property test',
      };
    case 'subscribe':
      return { kind: 'subscribe', client: spender(model, op.client), planId: op.planId };
    case 'posting':
      return {
        kind: 'posting',
        client: op.client,
        type: op.type,
        direction: op.debit ? 'debit' : 'credit',
        amountMinor: amountOf(model, op.client, op.amount),
        reason: op.reason ? 'Property test posting' : undefined,
      };
    case 'seed':
      return {
        kind: 'seed',
        client: op.client,
        userId: op.client === null ? UNKNOWN_ID : model.client(op.client).id,
        type: op.type,
        status: op.status,
        amountMinor: amountOf(model, op.client, op.amount),
        asNumber: op.asNumber,
      };
  }
}

// ---------------------------------------------------------------------------------------------
// Talking to the API

let t: TestApp;
let staffToken: string;

beforeAll(async () => {
  // Two-factor sign-in is tested elsewhere; here staff act with a password alone.
  t = await createTestApp({ env: { STAFF_2FA: 'optional' } });
  staffToken = await t.staffLogin();
});
afterAll(async () => {
  await t?.close();
});

function dollars(cents: number, asNumber: boolean): string | number {
  const text = `${Math.trunc(cents / 100)}.${String(cents % 100).padStart(2, '0')}`;
  return asNumber ? Number(text) : text;
}

function send(model: Model, call: Call, key: string | undefined): Promise<LightMyRequestResponse> {
  const client = (index: number) => ({ 'user-token': model.client(index).token });
  const staff = { 'x-auth-token': staffToken };
  const post = (url: string, headers: Record<string, string>, payload?: object) =>
    t.app.inject({
      method: 'POST',
      url,
      headers: key === undefined ? headers : { ...headers, 'idempotency-key': key },
      ...(payload ? { payload } : {}),
    });
  switch (call.kind) {
    case 'deposit':
      return post('/api/deposits', client(call.client), {
        amountMinor: call.amountMinor,
        method: call.method,
      });
    case 'withdraw':
      return post('/api/withdrawals', client(call.client), {
        amountMinor: call.amountMinor,
        method: call.method,
        destination: call.destination,
      });
    case 'cancel':
      return post(`/api/withdrawals/${call.id}/cancel`, client(call.client));
    case 'confirm':
      return post(`/api/staff/deposits/${call.id}/confirm`, staff);
    case 'approve':
      return post(`/api/staff/withdrawals/${call.id}/approve`, staff);
    case 'rejectDeposit':
      return post(`/api/staff/deposits/${call.id}/reject`, staff, { reason: call.reason });
    case 'rejectWithdrawal':
      return post(`/api/staff/withdrawals/${call.id}/reject`, staff, { reason: call.reason });
    case 'reverse':
      return post(`/api/staff/transactions/${call.id}/reverse`, staff, { reason: call.reason });
    case 'subscribe':
      return post('/api/subscriptions', client(call.client), { planId: call.planId });
    case 'posting':
      return post(`/api/staff/clients/${model.client(call.client).id}/postings`, staff, {
        type: call.type,
        direction: call.direction,
        amountMinor: call.amountMinor,
        ...(call.reason === undefined ? {} : { reason: call.reason }),
      });
    case 'seed':
      return post('/api/transactions/transaction', staff, {
        userId: call.userId,
        type: call.type,
        amount: dollars(call.amountMinor, call.asNumber),
        status: call.status,
      });
  }
}

/** The id an answer carries: the request, the staff's transaction or the subscription. */
function answeredId(response: LightMyRequestResponse): string | undefined {
  const body = response.json<{
    request?: { id: string };
    transaction?: { id: string };
    subscription?: { id: string };
  }>();
  return body.request?.id ?? body.transaction?.id ?? body.subscription?.id;
}

async function getJson<T>(url: string, token: string): Promise<T> {
  const response = await t.app.inject({ method: 'GET', url, headers: { 'user-token': token } });
  expect(response.statusCode, `GET ${url}: ${response.body}`).toBe(200);
  return response.json<T>();
}

async function statementOf(client: ModelClient): Promise<Transaction[]> {
  const rows: Transaction[] = [];
  let cursor: string | null = null;
  do {
    const query: string = cursor ? `&cursor=${encodeURIComponent(cursor)}` : '';
    const page: TransactionPage = await getJson<TransactionPage>(
      `/api/transactions?limit=100${query}`,
      client.token,
    );
    rows.push(...page.items);
    cursor = page.nextCursor;
  } while (cursor);
  return rows;
}

/** Fresh clients, each referred (if at all) through the referral code of an earlier one. */
async function newClients(): Promise<ModelClient[]> {
  const made: { email: string; token: string; code: string; referrer: number | null }[] = [];
  for (const referrer of REFERRERS) {
    const ref = referrer === null ? undefined : made[referrer]?.code;
    const { email, password } = await t.createClient(ref ? { ref } : {});
    // The model has no documents: every client may withdraw and deposit freely (decision 104).
    await approveIdentityDocuments(t, { email });
    const token = await t.login(email, password);
    const { code } = await getJson<ReferralOverview>('/api/referrals', token);
    made.push({ email, token, code, referrer });
  }
  const users = await t.app.inject({
    method: 'GET',
    url: '/api/allUsers/users',
    headers: { 'x-auth-token': staffToken },
  });
  expect(users.statusCode).toBe(200);
  const idByEmail = new Map(
    users.json<{ _id: string; email: string }[]>().map((user) => [user.email, user._id]),
  );
  for (const { token, referrer } of made) {
    if (referrer === null) continue;
    const referrals = await getJson<ReferralOverview>(
      '/api/referrals',
      made[referrer]?.token ?? token,
    );
    expect(referrals.referrals).toHaveLength(1);
  }
  return made.map((client, index) => ({
    index,
    id: idByEmail.get(client.email) ?? '',
    token: client.token,
    referrer: client.referrer,
    balance: 0,
    held: 0,
    deposited: 0,
    profit: 0,
    bonus: 0,
    refBonus: 0,
    liveDeposits: 0,
    unseen: [],
  }));
}

/** Sends `call`, checks the answer against the model, then applies the model's effects. */
async function perform(
  model: Model,
  call: Call,
  key: string | undefined,
): Promise<string | undefined> {
  const expected = model.expect(call, key);
  const response = await send(model, call, key);
  const actual = {
    status: response.statusCode,
    code: response.statusCode >= 400 ? response.json<ErrorBody>().code : undefined,
  };
  expect(
    actual,
    `${JSON.stringify(call)} (key ${key ?? 'none'}) answered ${response.body}`,
  ).toEqual({ status: expected.status, code: expected.code });
  if (expected.status >= 400) return undefined;
  const id = answeredId(response);
  if (!id) throw new Error(`${call.kind} answered without an id: ${response.body}`);
  if (expected.id) expect(id, `${call.kind} answered another row`).toBe(expected.id);
  expected.apply?.(id);
  await learnUnseenRows(model);
  return id;
}

/** Finds, on the statements, the rows the service wrote on its own, and learns their ids. */
async function learnUnseenRows(model: Model): Promise<void> {
  for (const client of model.clients) {
    if (client.unseen.length === 0) continue;
    for (const row of await statementOf(client)) {
      if (model.rows.has(row.id)) continue;
      const match = client.unseen.findIndex(
        (unseen) =>
          unseen.type === row.type &&
          unseen.direction === row.direction &&
          unseen.amount === row.amountMinor &&
          unseen.status === row.status,
      );
      expect(match, `client ${client.index} has an unexpected row ${JSON.stringify(row)}`).not.toBe(
        -1,
      );
      const [unseen] = client.unseen.splice(match, 1);
      if (unseen) model.rows.set(row.id, { ...unseen, id: row.id, client: client.index });
    }
    expect(client.unseen, `rows missing from client ${client.index}'s statement`).toEqual([]);
  }
}

const toCents = (dollarAmount: number) => Math.round(dollarAmount * 100);

/** The ledger, each client's summary, dashboard finances and statement against the model. */
async function verify(model: Model): Promise<void> {
  expect(await checkLedger(t.database.db)).toEqual([]);
  for (const client of model.clients) {
    const summary = await getJson<MoneySummary>('/api/money/summary', client.token);
    expect(summary.availableMinor).toBeGreaterThanOrEqual(0);
    expect(summary, `client ${client.index}'s summary`).toEqual({
      balanceMinor: client.balance,
      availableMinor: client.balance - client.held,
      heldMinor: client.held,
      minimumDepositMinor: client.liveDeposits === 0 ? MINIMUM_FIRST_DEPOSIT : 1,
      minimumWithdrawalMinor: MINIMUM_WITHDRAWAL,
    });

    const dashboard = await getJson<DashboardResponse>('/api/userDashboard/send/', client.token);
    const finances = dashboard.userInfo.finances[0];
    expect(finances, `client ${client.index}'s finances`).toBeDefined();
    expect(
      {
        deposited: toCents(finances?.deposited ?? NaN),
        bonus: toCents(finances?.bonus ?? NaN),
        profit: toCents(finances?.profit ?? NaN),
        refBonus: toCents(finances?.refBonus ?? NaN),
        balance: toCents(finances?.balance ?? NaN),
      },
      `client ${client.index}'s dashboard finances`,
    ).toEqual({
      deposited: client.deposited,
      bonus: client.bonus,
      profit: client.profit,
      refBonus: client.refBonus,
      balance: client.balance - client.held,
    });

    const shown = (await statementOf(client))
      .map((row) => ({
        id: row.id,
        type: row.type,
        status: row.status,
        amount: row.amountMinor,
        fee: row.feeMinor,
      }))
      .sort((a, b) => a.id.localeCompare(b.id));
    const modelled = [...model.rows.values()]
      .filter((row) => row.client === client.index)
      .map((row) => ({
        id: row.id,
        type: row.type,
        status: row.status,
        amount: row.amount,
        fee: row.fee,
      }))
      .sort((a, b) => a.id.localeCompare(b.id));
    expect(shown, `client ${client.index}'s statement`).toEqual(modelled);
  }
}

describe('money API (property)', () => {
  it('answers as the model predicts and keeps the ledger whole, whatever clients and staff do', async () => {
    await fc.assert(
      fc.asyncProperty(
        // A few funded clients first, so that spending, plans and reversals often succeed.
        fc.array(fundArb, { minLength: 1, maxLength: 3 }),
        fc.array(opArb, { minLength: 1, maxLength: 22, size: 'max' }),
        async (opening, rest) => {
          const ops: Op[] = [...opening, ...rest];
          const model = new Model(await newClients());
          const sent: { call: Call; key: string }[] = [];
          const request = (call: Call, keyed: boolean) => {
            const key = keyed ? randomUUID() : undefined;
            if (key !== undefined) sent.push({ call, key });
            return perform(model, call, key);
          };
          for (const op of ops) {
            if (op.op === 'repeat') {
              const earlier = sent[op.pick % Math.max(sent.length, 1)];
              if (!earlier) continue;
              const call = op.altered ? altered(earlier.call) : earlier.call;
              if (call !== earlier.call) sent.push({ call, key: earlier.key });
              await perform(model, call, earlier.key);
            } else if (op.op === 'fund') {
              const { client, amountMinor, method, keyed } = op;
              const id = await request({ kind: 'deposit', client, amountMinor, method }, keyed);
              if (id) await request({ kind: 'confirm', id }, keyed);
            } else {
              await request(callOf(model, op), op.keyed);
            }
          }
          await verify(model);
        },
      ),
      { numRuns: 20 },
    );
  }, 180_000);
});
