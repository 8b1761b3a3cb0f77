// The client's money: deposit and withdrawal requests and their life (pending → confirmed /
// approved | rejected | cancelled), staff postings, the seed's staff transaction call, referral
// bonuses and reversals. Every change runs in one database transaction that writes the ledger
// transfers, the statement row, its timeline event and (for staff) the audit record together.
import { AppError, MESSAGES, MONEY_RULES, PAYMENT_METHODS, percentOf } from '@brokerdesk/shared';
import type {
  DepositRequestBody,
  OriginTransactionBody,
  StaffPostingBody,
  TransactionWithTimeline,
  WithdrawalRequestBody,
} from '@brokerdesk/shared';
import type { Db } from '../../db/client.js';
import { inIdempotentTransaction } from '../../db/retry.js';
import type { LedgerTransferKind, TransactionEventValue } from '../../db/schema.js';
import type { Clock } from '../../lib/clock.js';
import { isUuid } from '../../lib/ids.js';
import { recordAudit, staffActorId } from '../audit/audit.repo.js';
import type { StaffActor } from '../audit/audit.repo.js';
import { clientCashCode, refusedForFundsSaying } from '../ledger/ledger.service.js';
import type { LedgerAccountCode, LedgerService } from '../ledger/ledger.service.js';
import {
  countLiveDeposits,
  findClientReferrer,
  findEventByIdempotencyKey,
  findEventsOf,
  findRelatedTransactions,
  findTransactionByIdempotencyKey,
  findTransactionForUpdate,
  insertEvent,
  insertTransaction,
  updateTransaction,
} from './money.repo.js';
import type { NewTransactionRow, TransactionRow } from './money.repo.js';
import { toTransactionWithTimeline } from './money.view.js';
import type { MailService } from '../mail/mail.service.js';

export interface TransactionServiceDeps {
  db: Db;
  clock: Clock;
  ledger: LedgerService;
  /** The four-eyes rule (Config.fourEyesAboveMinor): undefined = off. */
  fourEyesAboveMinor?: number | undefined;
  /** Tells the client when staff decide a request (in the decision's transaction). */
  mail: MailService;
}

/** What a statement row of each staff-postable type moves in the ledger. */
const CREDIT_SOURCES = {
  deposit: { account: 'platform:external', kind: 'deposit' },
  profit: { account: 'platform:profit', kind: 'profit' },
  bonus: { account: 'platform:bonus', kind: 'bonus' },
  ref_bonus: { account: 'platform:referral', kind: 'referral_bonus' },
  adjustment: { account: 'platform:adjustments', kind: 'adjustment' },
} as const satisfies Record<string, { account: LedgerAccountCode; kind: LedgerTransferKind }>;

const STATEMENT_IDEMPOTENCY_INDEX = 'client_transactions_idempotency_unique';
const EVENT_IDEMPOTENCY_INDEX = 'client_transaction_events_idempotency_unique';

const requestNotFound = () => new AppError('NOT_FOUND', MESSAGES.money.requestNotFound);
const clientNotFound = () => new AppError('NOT_FOUND', MESSAGES.money.clientNotFound);
const keyReused = () =>
  new AppError('CONFLICT', 'This idempotency key was used for another request');

function methodLabel(method: string | null): string {
  return PAYMENT_METHODS.find((candidate) => candidate.id === method)?.name ?? 'bank';
}

function feeFor(method: string, amountMinor: number): number {
  const bp = PAYMENT_METHODS.find((candidate) => candidate.id === method)?.withdrawalFeeBp;
  return bp ? percentOf(amountMinor, bp) : 0;
}

export function makeMoneyService({
  db,
  clock,
  ledger,
  fourEyesAboveMinor,
  mail,
}: TransactionServiceDeps) {
  async function withTimeline(handle: Db, row: TransactionRow): Promise<TransactionWithTimeline> {
    const events = await findEventsOf(handle, [row.id]);
    return toTransactionWithTimeline(row, events.get(row.id) ?? []);
  }

  const idempotent = <T>(work: (tx: Db) => Promise<T>) =>
    inIdempotentTransaction(db, [STATEMENT_IDEMPOTENCY_INDEX, EVENT_IDEMPOTENCY_INDEX], work);

  /** The accounts a confirmed deposit touches: the client's, and the referrer's bonus pair. */
  async function depositAccounts(tx: Db, clientId: string): Promise<LedgerAccountCode[]> {
    const { referredBy } = await findClientReferrer(tx, clientId);
    const codes: LedgerAccountCode[] = ['platform:external', clientCashCode(clientId)];
    if (referredBy) codes.push('platform:referral', clientCashCode(referredBy));
    return codes;
  }

  /** A repeat of a creating request: the same row, or 409 if the key was used for another. */
  async function replayCreation(
    tx: Db,
    createdBy: string,
    idempotencyKey: string | undefined,
    matches: (row: TransactionRow) => boolean,
  ): Promise<TransactionWithTimeline | null> {
    if (!idempotencyKey) return null;
    const stored = await findTransactionByIdempotencyKey(tx, createdBy, idempotencyKey);
    if (!stored) return null;
    if (!matches(stored)) throw keyReused();
    return withTimeline(tx, stored);
  }

  async function createRow(
    tx: Db,
    row: Omit<NewTransactionRow, 'createdAt' | 'updatedAt'>,
    event: { kind: TransactionEventValue; actor: string; reason?: string | null },
  ): Promise<TransactionRow> {
    const now = clock.now();
    const inserted = await insertTransaction(tx, { ...row, createdAt: now, updatedAt: now });
    await insertEvent(tx, { transactionId: inserted.id, createdAt: now, ...event });
    return inserted;
  }

  // -------------------------------------------------------------------------------------------
  // Client requests

  async function requestDeposit({
    clientId,
    body,
    idempotencyKey,
  }: {
    clientId: string;
    body: DepositRequestBody;
    idempotencyKey?: string | undefined;
  }): Promise<TransactionWithTimeline> {
    const actor = `client:${clientId}`;
    return idempotent(async (tx) => {
      const replay = await replayCreation(
        tx,
        actor,
        idempotencyKey,
        (row) =>
          row.type === 'deposit' &&
          row.amountMinor === body.amountMinor &&
          row.method === body.method,
      );
      if (replay) return replay;

      const earlier = await countLiveDeposits(tx, clientId);
      if (earlier === 0 && body.amountMinor < MONEY_RULES.minimumFirstDepositCents) {
        throw new AppError('VALIDATION_FAILED', MESSAGES.money.belowMinimumDeposit, {
          amountMinor: [MESSAGES.money.belowMinimumDeposit],
        });
      }
      // Seed §5: a large card deposit, or any after the tenth, needs card documents first.
      const needsDocuments =
        (body.method === 'credit-card' &&
          body.amountMinor >= MONEY_RULES.cardDocumentsThresholdCents) ||
        earlier >= MONEY_RULES.depositsBeforeDocuments;

      const row = await createRow(
        tx,
        {
          clientId,
          type: 'deposit',
          direction: 'credit',
          amountMinor: body.amountMinor,
          status: 'pending',
          method: body.method,
          needsDocuments,
          createdBy: actor,
          idempotencyKey: idempotencyKey ?? null,
        },
        { kind: 'requested', actor },
      );
      return withTimeline(tx, row);
    });
  }

  /** Holds amount + fee at once (two pending transfers); refused whole if either does not fit. */
  async function holdWithdrawal(
    tx: Db,
    options: { clientId: string; amountMinor: number; feeMinor: number; actor: string },
  ): Promise<{ transferId: string; feeTransferId: string | null }> {
    const cash = clientCashCode(options.clientId);
    await ledger.lockAccountsFor(tx, [cash, 'platform:external', 'platform:fees']);
    return refusedForFundsSaying(MESSAGES.money.withdrawalExceedsAvailable, async () => {
      const { transfer } = await ledger.createTransfer({
        tx,
        debit: cash,
        credit: 'platform:external',
        amountMinor: options.amountMinor,
        kind: 'withdrawal',
        pending: true,
        actor: options.actor,
      });
      if (options.feeMinor === 0) return { transferId: transfer.id, feeTransferId: null };
      const { transfer: fee } = await ledger.createTransfer({
        tx,
        debit: cash,
        credit: 'platform:fees',
        amountMinor: options.feeMinor,
        kind: 'withdrawal_fee',
        pending: true,
        actor: options.actor,
        linkedTransferId: transfer.id,
      });
      return { transferId: transfer.id, feeTransferId: fee.id };
    });
  }

  async function requestWithdrawal({
    clientId,
    body,
    idempotencyKey,
  }: {
    clientId: string;
    body: WithdrawalRequestBody;
    idempotencyKey?: string | undefined;
  }): Promise<TransactionWithTimeline> {
    const actor = `client:${clientId}`;
    return idempotent(async (tx) => {
      const replay = await replayCreation(
        tx,
        actor,
        idempotencyKey,
        (row) =>
          row.type === 'withdrawal' &&
          row.amountMinor === body.amountMinor &&
          row.method === body.method &&
          row.destination === body.destination,
      );
      if (replay) return replay;

      const feeMinor = feeFor(body.method, body.amountMinor);
      const hold = await holdWithdrawal(tx, {
        clientId,
        amountMinor: body.amountMinor,
        feeMinor,
        actor,
      });
      const row = await createRow(
        tx,
        {
          clientId,
          type: 'withdrawal',
          direction: 'debit',
          amountMinor: body.amountMinor,
          feeMinor,
          status: 'pending',
          method: body.method,
          destination: body.destination,
          transferId: hold.transferId,
          feeTransferId: hold.feeTransferId,
          createdBy: actor,
          idempotencyKey: idempotencyKey ?? null,
        },
        { kind: 'requested', actor },
      );
      return withTimeline(tx, row);
    });
  }

  // -------------------------------------------------------------------------------------------
  // Resolving a pending request (staff, or the client cancelling a withdrawal)

  type Resolution = 'confirm' | 'approve' | 'reject' | 'cancel';

  const RESOLUTION_EVENT: Record<Resolution, TransactionEventValue> = {
    confirm: 'confirmed',
    approve: 'approved',
    reject: 'rejected',
    cancel: 'cancelled',
  };

  /**
   * Locks the row, then decides. A repeat with the idempotency key of the event that resolved it
   * returns the row as it is; any other attempt on a resolved row is 409 and moves nothing.
   */
  async function resolveRequest(options: {
    id: string;
    type: 'deposit' | 'withdrawal';
    resolution: Resolution;
    actor: string;
    /** The client who may act (cancel); staff act on any client's request. */
    ownerClientId?: string;
    reason?: string;
    idempotencyKey?: string | undefined;
    staff?: StaffActor;
  }): Promise<TransactionWithTimeline> {
    // The client's cancel route takes any string up to 64 characters (a non-id answers like a
    // missing one); the database would refuse the uuid cast with a 500.
    if (!isUuid(options.id)) throw requestNotFound();
    return idempotent(async (tx) => {
      const row = await findTransactionForUpdate(tx, options.id);
      if (
        !row ||
        row.type !== options.type ||
        (options.ownerClientId !== undefined && row.clientId !== options.ownerClientId)
      ) {
        throw requestNotFound();
      }
      if (options.idempotencyKey) {
        const event = await findEventByIdempotencyKey(tx, options.actor, options.idempotencyKey);
        if (event) {
          const sameAction =
            event.kind === RESOLUTION_EVENT[options.resolution] ||
            (event.kind === 'endorsed' && needsTwoApprovers(row, options.resolution));
          if (event.transactionId !== row.id || !sameAction) throw keyReused();
          return withTimeline(tx, row);
        }
      }
      if (row.status !== 'pending') {
        throw new AppError('CONFLICT', `This request is already ${row.status}`);
      }
      if (options.staff && needsTwoApprovers(row, options.resolution)) {
        const events = (await findEventsOf(tx, [row.id])).get(row.id) ?? [];
        const endorsement = events.find((event) => event.kind === 'endorsed');
        if (!endorsement) {
          // The first of two approvals: noted, audited, nothing moves yet.
          await insertEvent(tx, {
            transactionId: row.id,
            kind: 'endorsed',
            actor: options.actor,
            idempotencyKey: options.idempotencyKey ?? null,
            createdAt: clock.now(),
          });
          await recordAudit(tx, options.staff, {
            action: `${options.type}.endorse`,
            targetType: 'transaction',
            targetId: row.id,
            before: { status: row.status },
            after: { status: row.status, endorsed: true },
          });
          return withTimeline(tx, row);
        }
        if (endorsement.actor === options.actor) {
          throw new AppError('CONFLICT', MESSAGES.money.secondApproverNeeded);
        }
      }

      if (options.resolution === 'confirm') {
        await ledger.lockAccountsFor(tx, await depositAccounts(tx, row.clientId));
      } else {
        const holds = [row.transferId, row.feeTransferId].filter((id): id is string => !!id);
        await ledger.lockAccountsFor(tx, [], holds);
      }
      const before = { status: row.status };
      let updated: TransactionRow;
      if (options.resolution === 'confirm') {
        updated = await postCredit(tx, row, options.actor);
      } else if (options.resolution === 'approve') {
        if (!row.transferId) throw new Error(`withdrawal ${row.id} has no hold`);
        await ledger.postPendingTransfer({ tx, id: row.transferId, actor: options.actor });
        if (row.feeTransferId) {
          await ledger.postPendingTransfer({ tx, id: row.feeTransferId, actor: options.actor });
        }
        updated = await updateTransaction(tx, row.id, {
          status: 'completed',
          updatedAt: clock.now(),
        });
      } else {
        // Reject (either type) or cancel (withdrawal): release any hold.
        if (row.transferId) {
          await ledger.voidPendingTransfer({ tx, id: row.transferId, actor: options.actor });
        }
        if (row.feeTransferId) {
          await ledger.voidPendingTransfer({ tx, id: row.feeTransferId, actor: options.actor });
        }
        updated = await updateTransaction(tx, row.id, {
          status: options.resolution === 'cancel' ? 'cancelled' : 'rejected',
          reason: options.reason ?? null,
          updatedAt: clock.now(),
        });
      }
      await insertEvent(tx, {
        transactionId: row.id,
        kind: RESOLUTION_EVENT[options.resolution],
        actor: options.actor,
        reason: options.reason ?? null,
        idempotencyKey: options.idempotencyKey ?? null,
        createdAt: clock.now(),
      });
      if (options.staff) {
        await recordAudit(tx, options.staff, {
          action: `${options.type}.${options.resolution}`,
          targetType: 'transaction',
          targetId: row.id,
          before,
          after: { status: updated.status, reason: updated.reason },
        });
        await notifyDecision(tx, updated, options.resolution);
      }
      return withTimeline(tx, updated);
    });
  }

  /**
   * The client's mail about a staff decision, queued with the decision itself: it exists only
   * if the decision commits, so a rejected request never gets a "confirmed" mail.
   */
  async function notifyDecision(tx: Db, row: TransactionRow, resolution: Resolution) {
    const method = methodLabel(row.method);
    const amountMinor = row.amountMinor;
    const reason = row.reason ?? '';
    await mail.queueForClient(tx, row.clientId, ({ firstName }, templates) => {
      if (row.type === 'deposit') {
        return resolution === 'confirm'
          ? templates.depositConfirmed({ firstName, amountMinor, method })
          : templates.depositRejected({ firstName, amountMinor, method, reason });
      }
      return resolution === 'approve'
        ? templates.withdrawalApproved({ firstName, amountMinor, method })
        : templates.withdrawalRejected({ firstName, amountMinor, method, reason });
    });
  }

  /** Four-eyes: confirming or approving more than the configured amount takes two staff. */
  function needsTwoApprovers(row: TransactionRow, resolution: Resolution): boolean {
    return (
      fourEyesAboveMinor !== undefined &&
      (resolution === 'confirm' || resolution === 'approve') &&
      row.amountMinor > fourEyesAboveMinor
    );
  }

  /**
   * Posts a pending deposit: external → client cash, then the referrer's bonus (PRODUCT.md §10)
   * as its own statement row, linked to the deposit in the ledger and the statement.
   */
  async function postCredit(tx: Db, row: TransactionRow, actor: string): Promise<TransactionRow> {
    const { transfer } = await ledger.createTransfer({
      tx,
      debit: 'platform:external',
      credit: clientCashCode(row.clientId),
      amountMinor: row.amountMinor,
      kind: 'deposit',
      actor,
      businessDate: row.businessDate ?? undefined,
    });
    const updated = await updateTransaction(tx, row.id, {
      status: 'completed',
      transferId: transfer.id,
      updatedAt: clock.now(),
    });
    await creditReferralBonus(tx, updated, transfer.id);
    return updated;
  }

  async function creditReferralBonus(
    tx: Db,
    deposit: TransactionRow,
    depositTransferId: string,
  ): Promise<void> {
    const { referredBy } = await findClientReferrer(tx, deposit.clientId);
    if (!referredBy) return;
    const bonusMinor = percentOf(deposit.amountMinor, MONEY_RULES.referralBonusBp);
    if (bonusMinor <= 0) return;
    const { transfer } = await ledger.createTransfer({
      tx,
      debit: 'platform:referral',
      credit: clientCashCode(referredBy),
      amountMinor: bonusMinor,
      kind: 'referral_bonus',
      actor: 'system',
      linkedTransferId: depositTransferId,
    });
    await createRow(
      tx,
      {
        clientId: referredBy,
        type: 'ref_bonus',
        direction: 'credit',
        amountMinor: bonusMinor,
        status: 'completed',
        transferId: transfer.id,
        relatedId: deposit.id,
        createdBy: 'system',
      },
      { kind: 'recorded', actor: 'system' },
    );
  }

  function confirmDeposit(options: {
    id: string;
    staff: StaffActor;
    idempotencyKey?: string | undefined;
  }) {
    return resolveRequest({
      ...options,
      type: 'deposit',
      resolution: 'confirm',
      actor: staffActorId(options.staff),
    });
  }

  function rejectDeposit(options: {
    id: string;
    staff: StaffActor;
    reason: string;
    idempotencyKey?: string | undefined;
  }) {
    return resolveRequest({
      ...options,
      type: 'deposit',
      resolution: 'reject',
      actor: staffActorId(options.staff),
    });
  }

  function approveWithdrawal(options: {
    id: string;
    staff: StaffActor;
    idempotencyKey?: string | undefined;
  }) {
    return resolveRequest({
      ...options,
      type: 'withdrawal',
      resolution: 'approve',
      actor: staffActorId(options.staff),
    });
  }

  function rejectWithdrawal(options: {
    id: string;
    staff: StaffActor;
    reason: string;
    idempotencyKey?: string | undefined;
  }) {
    return resolveRequest({
      ...options,
      type: 'withdrawal',
      resolution: 'reject',
      actor: staffActorId(options.staff),
    });
  }

  function cancelWithdrawal(options: {
    id: string;
    clientId: string;
    idempotencyKey?: string | undefined;
  }) {
    return resolveRequest({
      id: options.id,
      type: 'withdrawal',
      resolution: 'cancel',
      actor: `client:${options.clientId}`,
      ownerClientId: options.clientId,
      idempotencyKey: options.idempotencyKey,
    });
  }

  // -------------------------------------------------------------------------------------------
  // Staff postings and the seed's transaction call

  async function assertClientExists(tx: Db, clientId: string): Promise<void> {
    if (!(await findClientReferrer(tx, clientId)).exists) throw clientNotFound();
  }

  /** A completed credit or debit of one of the staff-postable types, with its statement row. */
  async function postCompleted(
    tx: Db,
    options: {
      clientId: string;
      type: keyof typeof CREDIT_SOURCES | 'withdrawal';
      direction: 'credit' | 'debit';
      amountMinor: number;
      reason: string | null;
      actor: string;
      idempotencyKey: string | null;
      businessDate: Date | null;
    },
  ): Promise<TransactionRow> {
    const cash = clientCashCode(options.clientId);
    const source =
      options.type === 'withdrawal'
        ? { account: 'platform:external' as const, kind: 'withdrawal' as const }
        : CREDIT_SOURCES[options.type];
    await ledger.lockAccountsFor(
      tx,
      options.type === 'deposit'
        ? await depositAccounts(tx, options.clientId)
        : [source.account, cash],
    );
    const { transfer } = await ledger.createTransfer({
      tx,
      debit: options.direction === 'credit' ? source.account : cash,
      credit: options.direction === 'credit' ? cash : source.account,
      amountMinor: options.amountMinor,
      kind: source.kind,
      actor: options.actor,
      businessDate: options.businessDate ?? undefined,
    });
    const row = await createRow(
      tx,
      {
        clientId: options.clientId,
        type: options.type,
        direction: options.direction,
        amountMinor: options.amountMinor,
        status: 'completed',
        reason: options.reason,
        transferId: transfer.id,
        createdBy: options.actor,
        idempotencyKey: options.idempotencyKey,
        businessDate: options.businessDate,
      },
      { kind: 'recorded', actor: options.actor, reason: options.reason },
    );
    if (options.type === 'deposit') await creditReferralBonus(tx, row, transfer.id);
    return row;
  }

  async function postForClient({
    clientId,
    body,
    staff,
    idempotencyKey,
  }: {
    clientId: string;
    body: StaffPostingBody;
    staff: StaffActor;
    idempotencyKey?: string | undefined;
  }): Promise<TransactionWithTimeline> {
    const actor = staffActorId(staff);
    return idempotent(async (tx) => {
      const replay = await replayCreation(
        tx,
        actor,
        idempotencyKey,
        (row) =>
          row.clientId === clientId &&
          row.type === body.type &&
          row.direction === body.direction &&
          row.amountMinor === body.amountMinor,
      );
      if (replay) return replay;
      await assertClientExists(tx, clientId);
      const row = await postCompleted(tx, {
        clientId,
        type: body.type,
        direction: body.direction,
        amountMinor: body.amountMinor,
        reason: body.reason || null,
        actor,
        idempotencyKey: idempotencyKey ?? null,
        businessDate: null,
      });
      await recordAudit(tx, staff, {
        action: `posting.${body.type}`,
        targetType: 'client',
        targetId: clientId,
        after: {
          transactionId: row.id,
          direction: row.direction,
          amountMinor: row.amountMinor,
          reason: row.reason,
        },
      });
      return withTimeline(tx, row);
    });
  }

  /**
   * `POST /api/transactions/transaction` (PRODUCT.md §7): Completed posts, Pending opens a
   * deposit request or a withdrawal hold, Failed records the row and moves nothing.
   */
  async function recordSeedTransaction({
    body,
    staff,
    idempotencyKey,
  }: {
    body: OriginTransactionBody;
    staff: StaffActor;
    idempotencyKey?: string | undefined;
  }): Promise<TransactionWithTimeline> {
    const actor = staffActorId(staff);
    const direction = body.type === 'withdrawal' ? 'debit' : 'credit';
    if (body.status === 'pending' && body.type !== 'deposit' && body.type !== 'withdrawal') {
      throw new AppError('VALIDATION_FAILED', MESSAGES.money.onlyRequestsPending, {
        status: [MESSAGES.money.onlyRequestsPending],
      });
    }
    return idempotent(async (tx) => {
      const replay = await replayCreation(
        tx,
        actor,
        idempotencyKey,
        (row) =>
          row.clientId === body.userId && row.type === body.type && row.amountMinor === body.amount,
      );
      if (replay) return replay;
      await assertClientExists(tx, body.userId);
      const common = {
        clientId: body.userId,
        type: body.type,
        direction,
        amountMinor: body.amount,
        createdBy: actor,
        idempotencyKey: idempotencyKey ?? null,
        businessDate: body.date ?? null,
      } as const;

      let row: TransactionRow;
      if (body.status === 'failed') {
        row = await createRow(tx, { ...common, status: 'failed' }, { kind: 'failed', actor });
      } else if (body.status === 'pending' && body.type === 'withdrawal') {
        const hold = await holdWithdrawal(tx, {
          clientId: body.userId,
          amountMinor: body.amount,
          feeMinor: 0,
          actor,
        });
        row = await createRow(
          tx,
          { ...common, status: 'pending', transferId: hold.transferId },
          { kind: 'recorded', actor },
        );
      } else if (body.status === 'pending') {
        row = await createRow(tx, { ...common, status: 'pending' }, { kind: 'recorded', actor });
      } else {
        row = await refusedForFundsSaying(
          'The withdrawal is more than the client’s available balance',
          () => postCompleted(tx, { ...common, reason: null, actor }),
        );
      }
      await recordAudit(tx, staff, {
        action: `transaction.${body.status}`,
        targetType: 'client',
        targetId: body.userId,
        after: {
          transactionId: row.id,
          type: row.type,
          amountMinor: row.amountMinor,
          status: row.status,
        },
      });
      return withTimeline(tx, row);
    });
  }

  /**
   * Reverses a completed row with a new transfer in the opposite direction; a deposit's
   * referral bonuses are reversed with it (PRODUCT.md §2), all or nothing.
   */
  async function reverseTransaction({
    id,
    staff,
    reason,
    idempotencyKey,
  }: {
    id: string;
    staff: StaffActor;
    reason: string;
    idempotencyKey?: string | undefined;
  }): Promise<TransactionWithTimeline> {
    const actor = staffActorId(staff);
    return idempotent(async (tx) => {
      const row = await findTransactionForUpdate(tx, id);
      if (!row) throw requestNotFound();
      if (idempotencyKey) {
        const event = await findEventByIdempotencyKey(tx, actor, idempotencyKey);
        if (event) {
          if (event.transactionId !== row.id || event.kind !== 'reversed') throw keyReused();
          return withTimeline(tx, row);
        }
      }
      if (row.status !== 'completed' || !row.transferId || row.type === 'reversal') {
        throw new AppError('CONFLICT', 'Only a completed transaction can be reversed');
      }
      const bonuses = (
        row.type === 'deposit' ? await findRelatedTransactions(tx, row.id, 'ref_bonus') : []
      ).filter((bonus) => bonus.status === 'completed');
      await ledger.lockAccountsFor(
        tx,
        [],
        [row, ...bonuses].flatMap((each) =>
          [each.transferId, each.feeTransferId].filter((id): id is string => !!id),
        ),
      );
      for (const bonus of bonuses) await reverseOne(tx, bonus, actor, reason, null);
      const updated = await reverseOne(tx, row, actor, reason, idempotencyKey ?? null);
      await recordAudit(tx, staff, {
        action: `${row.type}.reverse`,
        targetType: 'transaction',
        targetId: row.id,
        before: { status: row.status },
        after: { status: updated.status, reason },
      });
      return withTimeline(tx, updated);
    });
  }

  async function reverseOne(
    tx: Db,
    row: TransactionRow,
    actor: string,
    reason: string,
    idempotencyKey: string | null,
  ): Promise<TransactionRow> {
    if (!row.transferId) throw new Error(`completed row ${row.id} has no transfer`);
    const transferId = row.transferId;
    const reversalId = await refusedForFundsSaying(
      'The client’s available balance is too low to reverse this; post an adjustment instead',
      async () => {
        const { transfer } = await ledger.reverseTransfer({ tx, id: transferId, actor });
        if (row.feeTransferId) await ledger.reverseTransfer({ tx, id: row.feeTransferId, actor });
        return transfer.id;
      },
    );
    const now = clock.now();
    const updated = await updateTransaction(tx, row.id, {
      status: 'reversed',
      reason,
      updatedAt: now,
    });
    await insertEvent(tx, {
      transactionId: row.id,
      kind: 'reversed',
      actor,
      reason,
      idempotencyKey,
      createdAt: now,
    });
    await createRow(
      tx,
      {
        clientId: row.clientId,
        type: 'reversal',
        direction: row.direction === 'credit' ? 'debit' : 'credit',
        amountMinor: row.amountMinor + row.feeMinor,
        status: 'completed',
        reason,
        transferId: reversalId,
        relatedId: row.id,
        createdBy: actor,
      },
      { kind: 'recorded', actor, reason },
    );
    return updated;
  }

  return {
    requestDeposit,
    requestWithdrawal,
    cancelWithdrawal,
    confirmDeposit,
    rejectDeposit,
    approveWithdrawal,
    rejectWithdrawal,
    postForClient,
    recordSeedTransaction,
    reverseTransaction,
  };
}

export type MoneyService = ReturnType<typeof makeMoneyService>;
