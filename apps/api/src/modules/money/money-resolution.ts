// Resolving a pending deposit or withdrawal request: staff confirm, approve or reject it (with
// the four-eyes rule above a configured amount), or the client cancels a withdrawal. The ledger
// moves, the line's status, its timeline event, the audit record and the client's mail commit
// together or not at all.
import { AppError, MESSAGES, PAYMENT_METHODS } from '@brokerdesk/shared';
import type { TransactionWithTimeline } from '@brokerdesk/shared';
import type { Db } from '../../db/client.js';
import type { TransactionEventValue } from '../../db/schema.js';
import type { Clock } from '../../lib/clock.js';
import { isUuid } from '../../lib/ids.js';
import { recordAudit, staffActorId } from '../audit/index.js';
import type { StaffActor } from '../audit/index.js';
import { clientCashCode } from '../ledger/index.js';
import type { LedgerService } from '../ledger/index.js';
import type { MailService } from '../mail/index.js';
import {
  findEventByIdempotencyKey,
  findEventsOf,
  findTransactionForUpdate,
  insertEvent,
  updateTransaction,
} from './money.repo.js';
import type { TransactionRow } from './money.repo.js';
import type { MoneyMoves } from './money-moves.js';
import type { ReferralCommissionPort } from './referral-port.js';
import { keyReused, requestNotFound } from './statement-lines.js';
import type { StatementLines } from './statement-lines.js';

export type Resolution = 'confirm' | 'approve' | 'reject' | 'cancel';

const RESOLUTION_EVENT: Record<Resolution, TransactionEventValue> = {
  confirm: 'confirmed',
  approve: 'approved',
  reject: 'rejected',
  cancel: 'cancelled',
};

function methodLabel(method: string | null): string {
  return PAYMENT_METHODS.find((candidate) => candidate.id === method)?.name ?? 'bank';
}

export interface ResolveRequestOptions {
  id: string;
  type: 'deposit' | 'withdrawal';
  resolution: Resolution;
  actor: string;
  /** The client who may act (cancel); staff act on any client's request. */
  ownerClientId?: string;
  reason?: string;
  idempotencyKey?: string | undefined;
  staff?: StaffActor;
}

export function makeMoneyResolution({
  clock,
  ledger,
  mail,
  fourEyesAboveMinor,
  lines,
  moves,
  referrals,
}: {
  clock: Clock;
  ledger: LedgerService;
  mail: MailService;
  /** The four-eyes rule (Config.fourEyesAboveMinor): undefined = off. */
  fourEyesAboveMinor?: number | undefined;
  lines: StatementLines;
  moves: MoneyMoves;
  referrals: ReferralCommissionPort;
}) {
  /** Four-eyes: confirming or approving more than the configured amount takes two staff. */
  function needsTwoApprovers(request: TransactionRow, resolution: Resolution): boolean {
    return (
      fourEyesAboveMinor !== undefined &&
      (resolution === 'confirm' || resolution === 'approve') &&
      request.amountMinor > fourEyesAboveMinor
    );
  }

  /**
   * Locks the row, then decides. A repeat with the idempotency key of the event that resolved it
   * returns the row as it is; any other attempt on a resolved row is 409 and moves nothing.
   */
  async function resolveRequest(options: ResolveRequestOptions): Promise<TransactionWithTimeline> {
    // The client's cancel route takes any string up to 64 characters (a non-id answers like a
    // missing one); the database would refuse the uuid cast with a 500.
    if (!isUuid(options.id)) throw requestNotFound();
    return lines.idempotent(async (tx) => {
      const request = await findTransactionForUpdate(tx, options.id);
      if (
        !request ||
        request.type !== options.type ||
        (options.ownerClientId !== undefined && request.clientId !== options.ownerClientId)
      ) {
        throw requestNotFound();
      }
      if (options.idempotencyKey) {
        const event = await findEventByIdempotencyKey(tx, options.actor, options.idempotencyKey);
        if (event) {
          const sameAction =
            event.kind === RESOLUTION_EVENT[options.resolution] ||
            (event.kind === 'endorsed' && needsTwoApprovers(request, options.resolution));
          if (event.transactionId !== request.id || !sameAction) throw keyReused();
          return lines.withTimeline(tx, request);
        }
      }
      if (request.status !== 'pending') {
        throw new AppError('CONFLICT', `This request is already ${request.status}`);
      }
      if (options.staff && needsTwoApprovers(request, options.resolution)) {
        const events = (await findEventsOf(tx, [request.id])).get(request.id) ?? [];
        const endorsement = events.find((event) => event.kind === 'endorsed');
        if (!endorsement) {
          // The first of two approvals: noted, audited, nothing moves yet.
          await insertEvent(tx, {
            transactionId: request.id,
            kind: 'endorsed',
            actor: options.actor,
            idempotencyKey: options.idempotencyKey ?? null,
            createdAt: clock.now(),
          });
          await recordAudit(tx, options.staff, {
            action: `${options.type}.endorse`,
            targetType: 'transaction',
            targetId: request.id,
            before: { status: request.status },
            after: { status: request.status, endorsed: true },
          });
          return lines.withTimeline(tx, request);
        }
        if (endorsement.actor === options.actor) {
          throw new AppError('CONFLICT', MESSAGES.money.secondApproverNeeded);
        }
      }

      if (options.resolution === 'confirm') {
        await ledger.lockAccountsFor(tx, await moves.depositAccounts(tx, request.clientId));
      } else {
        const holds = [request.transferId, request.feeTransferId].filter(
          (id): id is string => !!id,
        );
        // An approved withdrawal voids the referrer's commissions on this client still waiting.
        const commissions =
          options.resolution === 'approve'
            ? await referrals.transfersVoidedByWithdrawal(tx, request.clientId, request.createdAt)
            : [];
        await ledger.lockAccountsFor(tx, [], [...holds, ...commissions]);
      }
      const before = { status: request.status };
      let resolved: TransactionRow;
      if (options.resolution === 'confirm') {
        resolved = await creditDeposit(tx, request, options.actor);
      } else if (options.resolution === 'approve') {
        if (!request.transferId) throw new Error(`withdrawal ${request.id} has no hold`);
        await ledger.postPendingTransfer({ tx, id: request.transferId, actor: options.actor });
        if (request.feeTransferId) {
          await ledger.postPendingTransfer({ tx, id: request.feeTransferId, actor: options.actor });
        }
        resolved = await updateTransaction(tx, request.id, {
          status: 'completed',
          updatedAt: clock.now(),
        });
        await referrals.voidForWithdrawal(tx, {
          clientId: request.clientId,
          requestedAt: request.createdAt,
          actor: options.actor,
        });
      } else {
        // Reject (either type) or cancel (withdrawal): release any hold.
        if (request.transferId) {
          await ledger.voidPendingTransfer({ tx, id: request.transferId, actor: options.actor });
        }
        if (request.feeTransferId) {
          await ledger.voidPendingTransfer({ tx, id: request.feeTransferId, actor: options.actor });
        }
        resolved = await updateTransaction(tx, request.id, {
          status: options.resolution === 'cancel' ? 'cancelled' : 'rejected',
          reason: options.reason ?? null,
          updatedAt: clock.now(),
        });
      }
      await insertEvent(tx, {
        transactionId: request.id,
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
          targetId: request.id,
          before,
          after: { status: resolved.status, reason: resolved.reason },
        });
        await notifyDecision(tx, resolved, options.resolution);
      }
      return lines.withTimeline(tx, resolved);
    });
  }

  /**
   * The client's mail about a staff decision, queued with the decision itself: it exists only
   * if the decision commits, so a rejected request never gets a "confirmed" mail.
   */
  async function notifyDecision(tx: Db, request: TransactionRow, resolution: Resolution) {
    const method = methodLabel(request.method);
    const amountMinor = request.amountMinor;
    const reason = request.reason ?? '';
    await mail.queueForClient(tx, request.clientId, ({ firstName }, templates) => {
      if (request.type === 'deposit') {
        return resolution === 'confirm'
          ? templates.depositConfirmed({ firstName, amountMinor, method })
          : templates.depositRejected({ firstName, amountMinor, method, reason });
      }
      return resolution === 'approve'
        ? templates.withdrawalApproved({ firstName, amountMinor, method })
        : templates.withdrawalRejected({ firstName, amountMinor, method, reason });
    });
  }

  /**
   * Posts a pending deposit: external → client cash, then the referrer's commission
   * (docs/product.md §10, decision 110): pending, as its own statement row linked to the deposit.
   */
  async function creditDeposit(
    tx: Db,
    deposit: TransactionRow,
    actor: string,
  ): Promise<TransactionRow> {
    const { transfer } = await ledger.createTransfer({
      tx,
      debit: 'platform:external',
      credit: clientCashCode(deposit.clientId),
      amountMinor: deposit.amountMinor,
      kind: 'deposit',
      actor,
      businessDate: deposit.businessDate ?? undefined,
    });
    const credited = await updateTransaction(tx, deposit.id, {
      status: 'completed',
      transferId: transfer.id,
      updatedAt: clock.now(),
    });
    await referrals.earnOnDeposit(tx, credited, transfer.id);
    return credited;
  }

  type StaffDecision = { id: string; staff: StaffActor; idempotencyKey?: string | undefined };

  function decideAsStaff(
    options: StaffDecision & { reason?: string },
    type: 'deposit' | 'withdrawal',
    resolution: Resolution,
  ) {
    return resolveRequest({ ...options, type, resolution, actor: staffActorId(options.staff) });
  }

  return {
    resolveRequest,
    confirmDeposit: (options: StaffDecision) => decideAsStaff(options, 'deposit', 'confirm'),
    rejectDeposit: (options: StaffDecision & { reason: string }) =>
      decideAsStaff(options, 'deposit', 'reject'),
    approveWithdrawal: (options: StaffDecision) => decideAsStaff(options, 'withdrawal', 'approve'),
    rejectWithdrawal: (options: StaffDecision & { reason: string }) =>
      decideAsStaff(options, 'withdrawal', 'reject'),
  };
}

export type MoneyResolution = ReturnType<typeof makeMoneyResolution>;
