// The ledger core (LEDGER.md, docs/decisions/040-ledger.md): double-entry transfers between
// accounts with maintained totals, two-phase (pending → posted | voided), idempotent per actor,
// corrected only by reversing transfers. Every money movement locks the account rows it touches
// (in id order) and updates their totals in the same database transaction.
import { AppError, MAX_AMOUNT_CENTS } from '@brokerdesk/shared';
import type { Db } from '../../db/client.js';
import { isUniqueViolation } from '../../db/errors.js';
import type { LedgerTransferKind } from '../../db/schema.js';
import type { Clock } from '../../lib/clock.js';
import {
  addToAccountTotals,
  addToKindTotal,
  findAccountByCode,
  findAccountIdsOfTransfers,
  findClientCashAccount,
  findClientCashTotals,
  findReversalOf,
  findTransferByIdempotencyKey,
  findTransferForUpdate,
  insertTransfer,
  lockAccounts,
  setTransferState,
  upsertAccount,
} from './ledger.repo.js';
import type { ClientCashTotals, LedgerAccount, LedgerTransfer } from './ledger.repo.js';
import { isUuid } from '../../lib/ids.js';

export type { LedgerAccount, LedgerTransfer } from './ledger.repo.js';

export const PLATFORM_ACCOUNT_CODES = [
  'platform:external',
  'platform:profit',
  'platform:bonus',
  'platform:referral',
  'platform:plans',
  'platform:fees',
  'platform:adjustments',
] as const;
export type PlatformAccountCode = (typeof PLATFORM_ACCOUNT_CODES)[number];
export type ClientAccountCode = `client:${string}:cash`;
export type LedgerAccountCode = PlatformAccountCode | ClientAccountCode;

export function clientCashCode(clientId: string): ClientAccountCode {
  return `client:${clientId}:cash`;
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

export interface ClientFinances {
  depositedMinor: number;
  profitMinor: number;
  bonusMinor: number;
  refBonusMinor: number;
  /** The available balance (the seed's "balance" card). */
  balanceMinor: number;
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

const IDEMPOTENCY_INDEX = 'ledger_transfers_idempotency_unique';
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

  /**
   * Runs an idempotent money movement. If two requests with the same key race, the loser's
   * insert hits the unique index; when we own the transaction we retry once, which then finds
   * the winner's transfer and returns it. In a caller's transaction the error propagates.
   */
  async function withIdempotencyRetry(
    tx: Db | undefined,
    work: (tx: Db) => Promise<TransferResult>,
  ): Promise<TransferResult> {
    try {
      return await inTransaction(tx, work);
    } catch (error) {
      if (!tx && isUniqueViolation(error, IDEMPOTENCY_INDEX)) return inTransaction(undefined, work);
      throw error;
    }
  }

  async function ensureClientAccount(tx: Db, clientId: string): Promise<LedgerAccount> {
    const code = clientCashCode(clientId);
    return (await findAccountByCode(tx, code)) ?? upsertAccount(tx, { code, clientId });
  }

  async function resolveAccount(tx: Db, code: string): Promise<LedgerAccount> {
    const existing = await findAccountByCode(tx, code);
    if (existing) return existing;
    const clientId = clientIdOfCode(code);
    if (clientId) return upsertAccount(tx, { code, clientId });
    if (isPlatformCode(code)) return upsertAccount(tx, { code, clientId: null });
    throw new Error(`unknown ledger account code ${code}`);
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

  /** Posted money also moves the per-kind totals behind the finances entry (both sides). */
  async function addToKindTotals(
    tx: Db,
    transfer: { debitId: string; creditId: string; amountMinor: number; kind: LedgerTransferKind },
  ): Promise<void> {
    await addToKindTotal(tx, transfer.creditId, transfer.kind, transfer.amountMinor);
    await addToKindTotal(tx, transfer.debitId, transfer.kind, -transfer.amountMinor);
  }

  /** The core move, inside `tx`; the caller has already checked idempotency. */
  async function moveInTx(
    tx: Db,
    options: {
      debitId: string;
      creditId: string;
      amountMinor: number;
      kind: LedgerTransferKind;
      pending: boolean;
      idempotencyKey?: string;
      actor: string;
      linkedTransferId?: string;
      reversesTransferId?: string;
      /** The kind the posting counts under in the finances (a reversal: the original's). */
      countAs?: LedgerTransferKind;
      businessDate?: Date;
    },
  ): Promise<LedgerTransfer> {
    const { amountMinor, debitId, creditId } = options;
    if (debitId === creditId) {
      throw new AppError('BAD_REQUEST', 'A transfer needs two different accounts');
    }
    // Locked in id order (lockAccounts sorts), then checked against the locked row.
    const locked = await lockAccounts(tx, [debitId, creditId]);
    const debit = locked.find((account) => account.id === debitId);
    if (!debit || locked.length !== 2) throw new Error('ledger account missing while locking');
    if (debit.clientId !== null && availableOf(debit) < amountMinor) throw insufficientFunds();

    const transfer = await insertTransfer(tx, {
      debitAccountId: debitId,
      creditAccountId: creditId,
      amountMinor,
      kind: options.kind,
      state: options.pending ? 'pending' : 'posted',
      idempotencyKey: options.idempotencyKey ?? null,
      actor: options.actor,
      linkedTransferId: options.linkedTransferId ?? null,
      reversesTransferId: options.reversesTransferId ?? null,
      businessDate: options.businessDate ?? null,
      createdAt: clock.now(),
    });
    if (options.pending) {
      await addToAccountTotals(tx, debitId, { debitsPending: amountMinor });
      await addToAccountTotals(tx, creditId, { creditsPending: amountMinor });
    } else {
      await addToAccountTotals(tx, debitId, { debitsPosted: amountMinor });
      await addToAccountTotals(tx, creditId, { creditsPosted: amountMinor });
      await addToKindTotals(tx, {
        debitId,
        creditId,
        amountMinor,
        kind: options.countAs ?? options.kind,
      });
    }
    return transfer;
  }

  async function createTransfer(options: CreateTransferOptions): Promise<TransferResult> {
    assertAmount(options.amountMinor);
    return withIdempotencyRetry(options.tx, async (tx) => {
      const debit = await resolveAccount(tx, options.debit);
      const credit = await resolveAccount(tx, options.credit);
      if (options.idempotencyKey !== undefined) {
        const stored = await findTransferByIdempotencyKey(
          tx,
          options.actor,
          options.idempotencyKey,
        );
        if (stored) {
          if (!sameRequest(stored, debit.id, credit.id, options)) {
            throw new AppError('CONFLICT', 'This idempotency key was used for another request');
          }
          return { transfer: stored, replayed: true };
        }
      }
      const transfer = await moveInTx(tx, {
        ...options,
        debitId: debit.id,
        creditId: credit.id,
        pending: options.pending ?? false,
      });
      return { transfer, replayed: false };
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
      const amount = transfer.amountMinor;
      await lockAccounts(tx, [transfer.debitAccountId, transfer.creditAccountId]);
      const post = outcome === 'posted' ? amount : 0;
      await addToAccountTotals(tx, transfer.debitAccountId, {
        debitsPending: -amount,
        debitsPosted: post,
      });
      await addToAccountTotals(tx, transfer.creditAccountId, {
        creditsPending: -amount,
        creditsPosted: post,
      });
      if (outcome === 'posted') {
        await addToKindTotals(tx, {
          debitId: transfer.debitAccountId,
          creditId: transfer.creditAccountId,
          amountMinor: amount,
          kind: transfer.kind,
        });
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
    return withIdempotencyRetry(tx, async (tx) => {
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
      try {
        const transfer = await moveInTx(tx, {
          debitId: original.creditAccountId,
          creditId: original.debitAccountId,
          amountMinor: original.amountMinor,
          kind: 'reversal',
          pending: false,
          idempotencyKey,
          actor,
          reversesTransferId: original.id,
          countAs: original.kind,
        });
        return { transfer, replayed: false };
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
    const ids = new Set<string>();
    for (const code of new Set(codes)) ids.add((await resolveAccount(tx, code)).id);
    for (const id of await findAccountIdsOfTransfers(tx, [...transferIds])) ids.add(id);
    if (ids.size > 0) await lockAccounts(tx, [...ids]);
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
   * The seed's finances entry, read from the maintained per-kind totals (reversals already net
   * out under their original's kind) — never summed from history.
   */
  async function getClientFinances(handle: Db, clientId: string): Promise<ClientFinances> {
    const totals = await findClientCashTotals(handle, clientId);
    if (!totals) {
      return {
        depositedMinor: 0,
        profitMinor: 0,
        bonusMinor: 0,
        refBonusMinor: 0,
        balanceMinor: 0,
      };
    }
    const of = (kind: LedgerTransferKind) => totals.byKind.get(kind) ?? 0;
    return {
      depositedMinor: of('deposit'),
      profitMinor: of('profit'),
      bonusMinor: of('bonus') + of('plan_bonus'),
      refBonusMinor: of('referral_bonus'),
      balanceMinor: availableOf(totals.account),
    };
  }

  return {
    ensureClientAccount,
    lockAccountsFor,
    createTransfer,
    postPendingTransfer,
    voidPendingTransfer,
    reverseTransfer,
    getClientBalances,
    getClientFinances,
  };
}

export type LedgerService = ReturnType<typeof makeLedgerService>;
