// Staff postings: the back office's own (profit, bonus, ref. bonus, adjustment, with a reason)
// and the origin-compatible `POST /api/transactions/transaction`, which may also open a pending
// request or record a failed one. Each writes its ledger transfer, statement line, timeline
// event and audit record in one transaction.
import { AppError, MESSAGES } from '@brokerdesk/shared';
import type {
  OriginTransactionBody,
  StaffPostingBody,
  TransactionWithTimeline,
} from '@brokerdesk/shared';
import type { Db } from '../../db/client.js';
import type { LedgerTransferKind } from '../../db/schema.js';
import { recordAudit, staffActorId } from '../audit/index.js';
import type { StaffActor } from '../audit/index.js';
import { clientCashCode, refusedForFundsSaying } from '../ledger/index.js';
import type { LedgerAccountCode, LedgerService } from '../ledger/index.js';
import { findClientReferrer } from './money.repo.js';
import type { TransactionRow } from './money.repo.js';
import type { MoneyMoves } from './money-moves.js';
import type { ReferralCommissionPort } from './referral-port.js';
import { clientNotFound } from './statement-lines.js';
import type { StatementLines } from './statement-lines.js';

/** What a statement row of each staff-postable type moves in the ledger. */
const CREDIT_SOURCES = {
  deposit: { account: 'platform:external', kind: 'deposit' },
  profit: { account: 'platform:profit', kind: 'profit' },
  bonus: { account: 'platform:bonus', kind: 'bonus' },
  ref_bonus: { account: 'platform:referral', kind: 'referral_bonus' },
  adjustment: { account: 'platform:adjustments', kind: 'adjustment' },
} as const satisfies Record<string, { account: LedgerAccountCode; kind: LedgerTransferKind }>;

export function makeStaffPostings({
  ledger,
  lines,
  moves,
  referrals,
}: {
  ledger: LedgerService;
  lines: StatementLines;
  moves: MoneyMoves;
  referrals: ReferralCommissionPort;
}) {
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
    // Money paid out voids the referrer's commissions on this client still waiting (decision 110).
    const voided =
      options.type === 'withdrawal'
        ? await referrals.transfersVoidedByWithdrawal(tx, options.clientId, undefined)
        : [];
    await ledger.lockAccountsFor(
      tx,
      options.type === 'deposit'
        ? await moves.depositAccounts(tx, options.clientId)
        : [source.account, cash],
      voided,
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
    const posting = await lines.createLine(
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
    if (options.type === 'deposit') await referrals.earnOnDeposit(tx, posting, transfer.id);
    if (options.type === 'withdrawal') {
      await referrals.voidForWithdrawal(tx, {
        clientId: options.clientId,
        requestedAt: posting.createdAt,
        actor: options.actor,
      });
    }
    return posting;
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
    return lines.idempotent(async (tx) => {
      const replay = await lines.replayCreation(
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
      const posting = await postCompleted(tx, {
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
          transactionId: posting.id,
          direction: posting.direction,
          amountMinor: posting.amountMinor,
          reason: posting.reason,
        },
      });
      return lines.withTimeline(tx, posting);
    });
  }

  /**
   * `POST /api/transactions/transaction` (docs/product.md §7): Completed posts, Pending opens a
   * deposit request or a withdrawal hold, Failed records the row and moves nothing.
   */
  async function recordOriginTransaction({
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
    return lines.idempotent(async (tx) => {
      const replay = await lines.replayCreation(
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
        row = await lines.createLine(
          tx,
          { ...common, status: 'failed' },
          { kind: 'failed', actor },
        );
      } else if (body.status === 'pending' && body.type === 'withdrawal') {
        const hold = await moves.holdWithdrawal(tx, {
          clientId: body.userId,
          amountMinor: body.amount,
          feeMinor: 0,
          actor,
        });
        row = await lines.createLine(
          tx,
          { ...common, status: 'pending', transferId: hold.transferId },
          { kind: 'recorded', actor },
        );
      } else if (body.status === 'pending') {
        row = await lines.createLine(
          tx,
          { ...common, status: 'pending' },
          { kind: 'recorded', actor },
        );
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
      return lines.withTimeline(tx, row);
    });
  }

  return { postForClient, recordOriginTransaction };
}
