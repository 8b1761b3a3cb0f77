// The ledger core (docs/ledger.md, docs/decisions/040-ledger.md): double-entry transfers between
// accounts with maintained totals, two-phase (pending → posted | voided), idempotent per actor,
// corrected only by reversing transfers. Every money movement locks the account rows it touches
// (in id order) and updates their totals in the same database transaction; a transfer is posted
// by one statement that does all of it (docs/decisions/082-one-statement-postings.md).
import { AppError, MAX_AMOUNT_CENTS } from '@brokerdesk/shared';
import type { ProfitBreakdown } from '@brokerdesk/shared';
import type { Db } from '../../db/client.js';
import { isUniqueViolation } from '../../db/errors.js';
import type { LedgerTransferKind } from '../../db/schema.js';
import type { Clock } from '../../lib/clock.js';
import {
  addToAccountTotals,
  addToKindTotals,
  findAccountByCode,
  findAccountTotalsByCode,
  findClientCashAccount,
  findClientCashTotals,
  findReversalOf,
  findTransferByIdempotencyKey,
  findTransferForUpdate,
  lockAccounts,
  lockAccountsOf,
  postTransfer,
  setTransferState,
  upsertAccount,
} from './ledger.repo.js';
import type { PostTransferInput, PostTransferOutcome } from './ledger.repo.js';
import type { ClientCashTotals, LedgerAccount, LedgerTransfer } from './ledger.repo.js';
import { isUuid } from '../../lib/ids.js';
import { makeBatchPostings } from './ledger-batch.js';

export type { LedgerAccount, LedgerTransfer } from './ledger.repo.js';

export const PLATFORM_ACCOUNT_CODES = [
  'platform:external',
  'platform:profit',
  'platform:bonus',
  'platform:referral',
  'platform:plans',
  'platform:fees',
  'platform:adjustments',
  // Trading (§11.14): the platform's side of every trade; swaps and NBP (issue 19).
  'platform:dealing',
  'platform:swaps',
  'platform:nbp',
] as const;
export type PlatformAccountCode = (typeof PLATFORM_ACCOUNT_CODES)[number];
export type ClientAccountCode = `client:${string}:cash`;
/**
 * A client's live trading account. Its row has no client_id (that column names the one cash
 * account a client has): it is never balance-checked by a posting, because realised losses may
 * take it below zero (§11.14); the trading module checks what may leave it under its own lock.
 */
export type TradingAccountCode = `client:${string}:trading`;
export type LedgerAccountCode = PlatformAccountCode | ClientAccountCode | TradingAccountCode;

export function clientCashCode(clientId: string): ClientAccountCode {
  return `client:${clientId}:cash`;
}

export function clientTradingCode(clientId: string): TradingAccountCode {
  return `client:${clientId}:trading`;
}

function isTradingCode(code: string): boolean {
  const match = /^client:(.+):trading$/.exec(code);
  return match?.[1] !== undefined && isUuid(match[1]);
}

function clientIdOfCode(code: string): string | null {
  const match = /^client:(.+):cash$/.exec(code);
  return match?.[1] !== undefined && isUuid(match[1]) ? match[1] : null;
}

function isPlatformCode(code: string): code is PlatformAccountCode {
  return (PLATFORM_ACCOUNT_CODES as readonly string[]).includes(code);
}

export interface ClientBalances {
  /** credits_posted − debits_posted: what the platform owes the client. */
  balanceMinor: number;
  /** balance − held: what the client may spend or withdraw now. */
  availableMinor: number;
  /** debits_pending: pending withdrawals and fees. */
  heldMinor: number;
}

/**
 * What a client holds with the platform across the wallet and the live trading account (§11.14),
 * as the client's dashboard and the back office both show it: one rule, so the two never differ.
 */
export interface ClientTotals {
  /** The wallet's posted balance plus the live trading account's. */
  balanceMinor: number;
  /** The wallet's available balance plus the live account's: the dashboard's Balance card. */
  availableMinor: number;
  /** The wallet's pending debits (withdrawals and fees awaiting a decision). */
  heldMinor: number;
  /** The live trading account's posted balance, counted in both figures above. */
  liveTradingMinor: number;
  depositedMinor: number;
  bonusMinor: number;
  refBonusMinor: number;
  /** The Profit card: the sum of profitParts (negative when trades lost). */
  profitMinor: number;
  /**
   * Where the profit came from (decision 103): `staff` for `profit` postings, `trading` for the
   * live account's net realised P/L, swaps and negative balance protection. A part is listed
   * only when it has moved money, so no one is shown a "$0.00 from trading" no trade produced.
   */
  profitParts: ProfitBreakdown['parts'];
}

export interface CreateTransferOptions {
  /** Run inside the caller's transaction (e.g. with the request row it belongs to). */
  tx?: Db;
  debit: LedgerAccountCode;
  credit: LedgerAccountCode;
  amountMinor: number;
  kind: Exclude<LedgerTransferKind, 'reversal'>;
  /** Hold the funds (two-phase): post or void later. */
  pending?: boolean;
  idempotencyKey?: string;
  /** 'client:<id>', 'staff:<id>' or 'system'. */
  actor: string;
  linkedTransferId?: string;
  businessDate?: Date;
}

export interface TransferResult {
  transfer: LedgerTransfer;
  /** True when the idempotency key matched an earlier transfer and nothing moved. */
  replayed: boolean;
}

export interface LedgerServiceDeps {
  db: Db;
  clock: Clock;
}

const REVERSAL_INDEX = 'ledger_transfers_reverses_unique';

function assertAmount(amountMinor: number): void {
  if (!Number.isSafeInteger(amountMinor) || amountMinor <= 0 || amountMinor > MAX_AMOUNT_CENTS) {
    throw new AppError('VALIDATION_FAILED', 'Invalid amount', {
      amountMinor: [`Must be a whole number of cents between 1 and ${MAX_AMOUNT_CENTS}`],
    });
  }
}

function availableOf(account: ClientCashTotals['account']): number {
  return account.creditsPosted - account.debitsPosted - account.debitsPending;
}

const insufficientFunds = () => new AppError('INSUFFICIENT_FUNDS', 'Insufficient funds');

/**
 * Runs `work`; if the ledger refuses it for insufficient funds, the refusal says `message` —
 * the words the caller's user needs ("this withdrawal with its fee…") — with the same code.
 */
export async function refusedForFundsSaying<T>(
  message: string,
  work: () => Promise<T>,
): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof AppError && error.code === 'INSUFFICIENT_FUNDS') {
      throw new AppError('INSUFFICIENT_FUNDS', message);
    }
    throw error;
  }
}

export function makeLedgerService({ db, clock }: LedgerServiceDeps) {
  /** Uses the caller's transaction, or opens one. */
  function inTransaction<T>(tx: Db | undefined, work: (tx: Db) => Promise<T>): Promise<T> {
    return tx ? work(tx) : db.transaction((own) => work(own));
  }

  /** Creates the account of a code on its first use (a concurrent creator wins quietly). */
  async function createAccount(tx: Db, code: string): Promise<LedgerAccount> {
    const clientId = clientIdOfCode(code);
    if (clientId) return upsertAccount(tx, { code, clientId });
    if (isPlatformCode(code) || isTradingCode(code)) {
      return upsertAccount(tx, { code, clientId: null });
    }
    throw new Error(`unknown ledger account code ${code}`);
  }

  async function ensureClientAccount(tx: Db, clientId: string): Promise<LedgerAccount> {
    const code = clientCashCode(clientId);
    return (await findAccountByCode(tx, code)) ?? createAccount(tx, code);
  }

  function sameRequest(
    stored: LedgerTransfer,
    debitId: string,
    creditId: string,
    options: {
      amountMinor: number;
      kind: LedgerTransferKind;
    },
  ): boolean {
    return (
      stored.debitAccountId === debitId &&
      stored.creditAccountId === creditId &&
      stored.amountMinor === options.amountMinor &&
      stored.kind === options.kind
    );
  }

  /**
   * Why a posting moved nothing although both accounts exist: the actor's idempotency key is
   * taken (the stored transfer is replayed, or refused if it was another request — checked
   * first, so a replay never fails for funds spent since), or the debit was not covered.
   */
  async function explainNothingMoved(
    handle: Db,
    posting: PostTransferInput,
    accounts: PostTransferOutcome['accounts'],
  ): Promise<TransferResult> {
    const debit = accounts.find((account) => account.code === posting.debitCode);
    const credit = accounts.find((account) => account.code === posting.creditCode);
    if (!debit || !credit) throw new Error('ledger account missing while posting');
    if (posting.idempotencyKey !== null) {
      const stored = await findTransferByIdempotencyKey(
        handle,
        posting.actor,
        posting.idempotencyKey,
      );
      if (stored) {
        if (!sameRequest(stored, debit.id, credit.id, posting)) {
          throw new AppError('CONFLICT', 'This idempotency key was used for another request');
        }
        return { transfer: stored, replayed: true };
      }
    }
    if (debit.clientId !== null && debit.availableMinor < posting.amountMinor) {
      throw insufficientFunds();
    }
    throw new Error('ledger posting moved nothing for no known reason');
  }

  /**
   * Posts in one statement (postTransfer): locks both accounts in id order, checks a client's
   * available balance on the locked row, inserts the transfer and moves every total. Alone it
   * is atomic, so without a caller's transaction it needs none of its own. The first use of an
   * account finds nothing to lock: the account is created, then the posting runs again, in one
   * transaction.
   */
  async function post(tx: Db | undefined, posting: PostTransferInput): Promise<TransferResult> {
    if (posting.debitCode === posting.creditCode) {
      throw new AppError('BAD_REQUEST', 'A transfer needs two different accounts');
    }
    const first = await postTransfer(tx ?? db, posting);
    if (first.transfer) return { transfer: first.transfer, replayed: false };
    if (first.accounts.length === 2) return explainNothingMoved(tx ?? db, posting, first.accounts);
    return inTransaction(tx, async (tx) => {
      await createAccount(tx, posting.debitCode);
      await createAccount(tx, posting.creditCode);
      const again = await postTransfer(tx, posting);
      if (again.transfer) return { transfer: again.transfer, replayed: false };
      return explainNothingMoved(tx, posting, again.accounts);
    });
  }

  async function createTransfer(options: CreateTransferOptions): Promise<TransferResult> {
    assertAmount(options.amountMinor);
    return post(options.tx, {
      debitCode: options.debit,
      creditCode: options.credit,
      amountMinor: options.amountMinor,
      kind: options.kind,
      state: options.pending ? 'pending' : 'posted',
      idempotencyKey: options.idempotencyKey ?? null,
      actor: options.actor,
      linkedTransferId: options.linkedTransferId ?? null,
      reversesTransferId: null,
      businessDate: options.businessDate ?? null,
      createdAt: clock.now(),
      countAs: options.kind,
    });
  }

  async function resolvePending(
    id: string,
    outcome: 'posted' | 'voided',
    tx?: Db,
  ): Promise<LedgerTransfer> {
    return inTransaction(tx, async (tx) => {
      const transfer = await findTransferForUpdate(tx, id);
      if (!transfer) throw new AppError('NOT_FOUND', 'Transfer not found');
      if (transfer.state !== 'pending') {
        throw new AppError('CONFLICT', `The transfer is already ${transfer.state}`);
      }
      const { amountMinor: amount, debitAccountId, creditAccountId } = transfer;
      await lockAccounts(tx, [debitAccountId, creditAccountId]);
      const postedMinor = outcome === 'posted' ? amount : 0;
      await addToAccountTotals(tx, [
        { accountId: debitAccountId, debitsPending: -amount, debitsPosted: postedMinor },
        { accountId: creditAccountId, creditsPending: -amount, creditsPosted: postedMinor },
      ]);
      if (outcome === 'posted') {
        // Posted money also moves the per-kind totals behind the finances entry (both sides).
        await addToKindTotals(tx, [
          { accountId: creditAccountId, kind: transfer.kind, deltaMinor: amount },
          { accountId: debitAccountId, kind: transfer.kind, deltaMinor: -amount },
        ]);
      }
      return setTransferState(tx, id, outcome, clock.now());
    });
  }

  /** Completes a hold: the pending amounts become posted. */
  function postPendingTransfer({ id, tx }: { id: string; actor: string; tx?: Db }) {
    return resolvePending(id, 'posted', tx);
  }

  /** Cancels a hold: the pending amounts are released. */
  function voidPendingTransfer({ id, tx }: { id: string; actor: string; tx?: Db }) {
    return resolvePending(id, 'voided', tx);
  }

  /**
   * Undoes a posted transfer with a new posted one in the opposite direction. A transfer is
   * reversed at most once, a reversal is not itself reversed (post a new transfer instead), and
   * a reversal that would take a client's available balance below zero is refused.
   */
  async function reverseTransfer({
    id,
    actor,
    idempotencyKey,
    tx,
  }: {
    id: string;
    actor: string;
    idempotencyKey?: string;
    tx?: Db;
  }): Promise<TransferResult> {
    return inTransaction(tx, async (tx) => {
      if (idempotencyKey !== undefined) {
        const stored = await findTransferByIdempotencyKey(tx, actor, idempotencyKey);
        if (stored) {
          if (stored.reversesTransferId !== id) {
            throw new AppError('CONFLICT', 'This idempotency key was used for another request');
          }
          return { transfer: stored, replayed: true };
        }
      }
      const original = await findTransferForUpdate(tx, id);
      if (!original) throw new AppError('NOT_FOUND', 'Transfer not found');
      if (original.state !== 'posted') {
        throw new AppError('CONFLICT', 'Only a posted transfer can be reversed');
      }
      if (original.kind === 'reversal') {
        throw new AppError('CONFLICT', 'A reversal cannot be reversed');
      }
      if (await findReversalOf(tx, id)) {
        throw new AppError('CONFLICT', 'The transfer is already reversed');
      }
      // The transfer row first, then its accounts (in id order): the order resolving uses too.
      const accounts = await lockAccounts(tx, [original.debitAccountId, original.creditAccountId]);
      const codeOf = (accountId: string) => {
        const account = accounts.find((candidate) => candidate.id === accountId);
        if (!account) throw new Error('ledger account missing while reversing');
        return account.code;
      };
      try {
        return await post(tx, {
          debitCode: codeOf(original.creditAccountId),
          creditCode: codeOf(original.debitAccountId),
          amountMinor: original.amountMinor,
          kind: 'reversal',
          state: 'posted',
          idempotencyKey: idempotencyKey ?? null,
          actor,
          linkedTransferId: null,
          reversesTransferId: original.id,
          businessDate: null,
          createdAt: clock.now(),
          countAs: original.kind,
        });
      } catch (error) {
        if (isUniqueViolation(error, REVERSAL_INDEX)) {
          throw new AppError('CONFLICT', 'The transfer is already reversed');
        }
        throw error;
      }
    });
  }

  /**
   * Locks every account a multi-transfer change will touch, in one statement in id order, before
   * its first transfer. Each transfer locks its own pair again (a no-op by then); without this,
   * two changes could take the same accounts in opposite orders across their transfers and
   * deadlock (e.g. a deposit's confirmation and a reversal of a deposit with a referral bonus).
   */
  async function lockAccountsFor(
    tx: Db,
    codes: readonly LedgerAccountCode[],
    transferIds: readonly string[] = [],
  ): Promise<void> {
    const wanted = { codes: [...new Set<string>(codes)], transferIds: [...transferIds] };
    if (wanted.codes.length === 0 && wanted.transferIds.length === 0) return;
    const lockedAll = (locked: string[]) => wanted.codes.every((code) => locked.includes(code));
    if (lockedAll(await lockAccountsOf(tx, wanted))) return;
    // A first use: nothing was locked. Create the missing accounts, then lock the set in order.
    for (const code of wanted.codes) await createAccount(tx, code);
    if (!lockedAll(await lockAccountsOf(tx, wanted))) {
      throw new Error('ledger account missing after creating it');
    }
  }

  /** From the maintained totals; never sums history. A client with no account has zeros. */
  async function getClientBalances(handle: Db, clientId: string): Promise<ClientBalances> {
    const account = await findClientCashAccount(handle, clientId);
    if (!account) return { balanceMinor: 0, availableMinor: 0, heldMinor: 0 };
    const balanceMinor = account.creditsPosted - account.debitsPosted;
    return {
      balanceMinor,
      availableMinor: balanceMinor - account.debitsPending,
      heldMinor: account.debitsPending,
    };
  }

  /**
   * A live trading account's posted balance (credits − debits) and its net realised P/L
   * (trade_pnl), swaps and protections, from the maintained totals; zeros before first use.
   */
  async function getTradingAccountTotals(
    handle: Db,
    clientId: string,
  ): Promise<{ balanceMinor: number; tradePnlMinor: number; swapMinor: number; nbpMinor: number }> {
    const totals = await findAccountTotalsByCode(handle, clientTradingCode(clientId));
    if (!totals) return { balanceMinor: 0, tradePnlMinor: 0, swapMinor: 0, nbpMinor: 0 };
    const of = (kind: LedgerTransferKind) => totals.byKind.get(kind) ?? 0;
    return {
      balanceMinor: totals.account.creditsPosted - totals.account.debitsPosted,
      tradePnlMinor: of('trade_pnl'),
      swapMinor: of('swap'),
      nbpMinor: of('nbp'),
    };
  }

  /**
   * The wallet and the live trading account together (ClientTotals), read from the maintained
   * per-kind totals (reversals already net out under their original's kind), never summed from
   * history; zeros before first use. Demo accounts are not in the ledger, so they never count.
   */
  async function getClientTotals(handle: Db, clientId: string): Promise<ClientTotals> {
    const [cash, trading] = await Promise.all([
      findClientCashTotals(handle, clientId),
      getTradingAccountTotals(handle, clientId),
    ]);
    const of = (kind: LedgerTransferKind) => cash?.byKind.get(kind) ?? 0;
    const walletMinor = cash ? cash.account.creditsPosted - cash.account.debitsPosted : 0;
    const staffProfitMinor = of('profit');
    const tradingProfitMinor = trading.tradePnlMinor + trading.swapMinor + trading.nbpMinor;
    const profitParts: ProfitBreakdown['parts'] = [];
    if (staffProfitMinor !== 0) {
      profitParts.push({ source: 'staff', amountMinor: staffProfitMinor });
    }
    if (tradingProfitMinor !== 0) {
      profitParts.push({ source: 'trading', amountMinor: tradingProfitMinor });
    }
    return {
      balanceMinor: walletMinor + trading.balanceMinor,
      availableMinor: (cash ? availableOf(cash.account) : 0) + trading.balanceMinor,
      heldMinor: cash?.account.debitsPending ?? 0,
      liveTradingMinor: trading.balanceMinor,
      depositedMinor: of('deposit'),
      bonusMinor: of('bonus') + of('plan_bonus'),
      refBonusMinor: of('referral_bonus'),
      profitMinor: staffProfitMinor + tradingProfitMinor,
      profitParts,
    };
  }

  return {
    ...makeBatchPostings({ clock }),
    getTradingAccountTotals,
    getClientTotals,
    ensureClientAccount,
    lockAccountsFor,
    createTransfer,
    postPendingTransfer,
    voidPendingTransfer,
    reverseTransfer,
    getClientBalances,
  };
}

export type LedgerService = ReturnType<typeof makeLedgerService>;
