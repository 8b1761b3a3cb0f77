// Reversals: staff undo a completed statement line with a transfer in the opposite direction
// and a reversal line of its own; the ledger is never edited, only added to.
import { AppError } from '@brokerdesk/shared';
import type { TransactionWithTimeline } from '@brokerdesk/shared';
import type { Db } from '../../db/client.js';
import type { Clock } from '../../lib/clock.js';
import { recordAudit, staffActorId } from '../audit/index.js';
import type { StaffActor } from '../audit/index.js';
import { refusedForFundsSaying } from '../ledger/index.js';
import type { LedgerService } from '../ledger/index.js';
import {
  findEventByIdempotencyKey,
  findTransactionForUpdate,
  insertEvent,
  updateTransaction,
} from './money.repo.js';
import type { TransactionRow } from './money.repo.js';
import type { ReferralCommissionPort } from './referral-port.js';
import { keyReused, requestNotFound } from './statement-lines.js';
import type { StatementLines } from './statement-lines.js';

export function makeReversals({
  clock,
  ledger,
  lines,
  referrals,
}: {
  clock: Clock;
  ledger: LedgerService;
  lines: StatementLines;
  referrals: ReferralCommissionPort;
}) {
  /**
   * Reverses a completed row with a new transfer in the opposite direction. A deposit's
   * referral commission still waiting is voided with it; one already released was earned and
   * stays (decision 110), so the referrer's spending it never blocks the reversal.
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
    return lines.idempotent(async (tx) => {
      const row = await findTransactionForUpdate(tx, id);
      if (!row) throw requestNotFound();
      if (idempotencyKey) {
        const event = await findEventByIdempotencyKey(tx, actor, idempotencyKey);
        if (event) {
          if (event.transactionId !== row.id || event.kind !== 'reversed') throw keyReused();
          return lines.withTimeline(tx, row);
        }
      }
      if (row.status !== 'completed' || !row.transferId || row.type === 'reversal') {
        throw new AppError('CONFLICT', 'Only a completed transaction can be reversed');
      }
      const commissions =
        row.type === 'deposit' ? await referrals.transfersVoidedByReversal(tx, row.id) : [];
      await ledger.lockAccountsFor(
        tx,
        [],
        [row.transferId, row.feeTransferId, ...commissions].filter((id): id is string => !!id),
      );
      const updated = await reverseOne(tx, row, actor, reason, idempotencyKey ?? null);
      if (row.type === 'deposit') await referrals.voidForReversal(tx, { depositId: row.id, actor });
      await recordAudit(tx, staff, {
        action: `${row.type}.reverse`,
        targetType: 'transaction',
        targetId: row.id,
        before: { status: row.status },
        after: { status: updated.status, reason },
      });
      return lines.withTimeline(tx, updated);
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
    await lines.createLine(
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

  return { reverseTransaction };
}
