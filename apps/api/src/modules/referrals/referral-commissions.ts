// Referral commission (docs/product.md §10, decision 110). A referred client's confirmed deposit
// earns the referrer the configured percentage, cut to fit the cap per referred client, as a
// PENDING ledger transfer (platform:referral → referrer's cash): in neither Ref. Bonus nor the
// balance. It is posted on its release date (REFERRAL_HOLD_DAYS later) unless the deposit was
// reversed or the referred client withdrew first; release waits while a withdrawal request of
// the client is open. A self-referral signal holds it for staff, who release or void it.
import { AppError, MONEY_RULES, percentOf, REFERRAL_MESSAGES } from '@brokerdesk/shared';
import type { Db } from '../../db/client.js';
import type { ReferralVoidCauseValue } from '../../db/schema.js';
import type { Clock } from '../../lib/clock.js';
import { isUuid } from '../../lib/ids.js';
import { recordAudit, staffActorId } from '../audit/index.js';
import type { StaffActor } from '../audit/index.js';
import { clientCashCode } from '../ledger/index.js';
import type { LedgerService } from '../ledger/index.js';
import { recordStatementLine, settleStatementLine } from '../money/index.js';
import type { ReferralCommissionPort } from '../money/index.js';
import {
  findCommission,
  findDueCommissions,
  findReferrerOf,
  findVoidableByReversal,
  findVoidableByWithdrawal,
  hasOpenWithdrawal,
  insertCommission,
  lockCommission,
  sumCountedForReferred,
  updateCommission,
} from './referral-commissions.repo.js';
import type { CommissionRow } from './referral-commissions.repo.js';
import { findSelfReferralSignals } from './referral-signals.repo.js';

const DAY_MS = 24 * 60 * 60 * 1000;
/** Commissions one worker pass releases at most; the next pass takes the rest. */
const RELEASE_BATCH = 50;

export interface ReferralCommissionsDeps {
  db: Db;
  clock: Clock;
  ledger: LedgerService;
  /** REFERRAL_HOLD_DAYS: how long a commission waits before it is paid. */
  holdDays: number;
  /** REFERRAL_CAP_USD in cents: the most one referred client can earn their referrer. */
  capMinor: number;
}

const commissionNotFound = () => new AppError('NOT_FOUND', REFERRAL_MESSAGES.commissionNotFound);

/** The words the referrer reads on the cancelled statement line. */
function voidedLineReason(cause: ReferralVoidCauseValue, staffReason: string | null): string {
  if (cause === 'deposit-reversed') return REFERRAL_MESSAGES.voidedDepositReversed;
  if (cause === 'withdrawal') return REFERRAL_MESSAGES.voidedWithdrawal;
  return `${REFERRAL_MESSAGES.voidedByStaff}: ${staffReason ?? ''}`;
}

export function makeReferralCommissions({
  db,
  clock,
  ledger,
  holdDays,
  capMinor,
}: ReferralCommissionsDeps) {
  // ---- the money module's port ----

  const earnOnDeposit: ReferralCommissionPort['earnOnDeposit'] = async (
    tx,
    deposit,
    depositTransferId,
  ) => {
    const referrerId = await findReferrerOf(tx, deposit.clientId);
    if (!referrerId || referrerId === deposit.clientId) return;
    const earnedMinor = percentOf(deposit.amountMinor, MONEY_RULES.referralBonusBp);
    const roomMinor = capMinor - (await sumCountedForReferred(tx, deposit.clientId));
    const amountMinor = Math.min(earnedMinor, roomMinor);
    if (amountMinor <= 0) return; // the cap is reached: nothing more from this client
    const signals = await findSelfReferralSignals(tx, referrerId, deposit.clientId);
    const now = clock.now();
    const { transfer } = await ledger.createTransfer({
      tx,
      debit: 'platform:referral',
      credit: clientCashCode(referrerId),
      amountMinor,
      kind: 'referral_bonus',
      pending: true,
      actor: 'system',
      linkedTransferId: depositTransferId,
    });
    const line = await recordStatementLine(tx, {
      clientId: referrerId,
      type: 'ref_bonus',
      direction: 'credit',
      amountMinor,
      transferId: transfer.id,
      relatedId: deposit.id,
      status: 'pending',
      actor: 'system',
      at: now,
    });
    await insertCommission(tx, {
      referrerId,
      referredId: deposit.clientId,
      depositId: deposit.id,
      lineId: line.id,
      transferId: transfer.id,
      amountMinor,
      earnedMinor,
      capMinor,
      state: signals.length > 0 ? 'held' : 'pending',
      signals,
      releaseAt: new Date(now.getTime() + holdDays * DAY_MS),
      createdAt: now,
    });
  };

  const transfersVoidedByWithdrawal: ReferralCommissionPort['transfersVoidedByWithdrawal'] = async (
    tx,
    clientId,
    requestedAt,
  ) =>
    (await findVoidableByWithdrawal(tx, clientId, requestedAt ?? clock.now(), false)).map(
      (row) => row.transferId,
    );

  const voidForWithdrawal: ReferralCommissionPort['voidForWithdrawal'] = async (
    tx,
    { clientId, requestedAt, actor },
  ) => {
    for (const row of await findVoidableByWithdrawal(tx, clientId, requestedAt, true)) {
      await voidOne(tx, row, { cause: 'withdrawal', actor });
    }
  };

  const transfersVoidedByReversal: ReferralCommissionPort['transfersVoidedByReversal'] = async (
    tx,
    depositId,
  ) => (await findVoidableByReversal(tx, depositId, false)).map((row) => row.transferId);

  const voidForReversal: ReferralCommissionPort['voidForReversal'] = async (
    tx,
    { depositId, actor },
  ) => {
    for (const row of await findVoidableByReversal(tx, depositId, true)) {
      await voidOne(tx, row, { cause: 'deposit-reversed', actor });
    }
  };

  // ---- moving one commission (its transfer's accounts are locked, then its row) ----

  async function voidOne(
    tx: Db,
    row: CommissionRow,
    options: { cause: ReferralVoidCauseValue; actor: string; staffReason?: string },
  ): Promise<CommissionRow> {
    const now = clock.now();
    await ledger.voidPendingTransfer({ tx, id: row.transferId, actor: options.actor });
    await settleStatementLine(tx, row.lineId, {
      status: 'cancelled',
      reason: voidedLineReason(options.cause, options.staffReason ?? null),
      actor: options.actor,
      at: now,
    });
    return updateCommission(tx, row.id, {
      state: 'voided',
      voidedAt: now,
      voidCause: options.cause,
      ...(options.staffReason === undefined
        ? {}
        : { reviewedBy: options.actor, reviewedAt: now, reviewReason: options.staffReason }),
    });
  }

  async function postOne(tx: Db, row: CommissionRow): Promise<CommissionRow> {
    const now = clock.now();
    await ledger.postPendingTransfer({ tx, id: row.transferId, actor: 'system' });
    await settleStatementLine(tx, row.lineId, { status: 'completed', actor: 'system', at: now });
    return updateCommission(tx, row.id, { state: 'released', releasedAt: now });
  }

  /** Due now: its date has come and no withdrawal request of the referred client is open. */
  async function isDue(tx: Db, row: CommissionRow): Promise<boolean> {
    return row.releaseAt <= clock.now() && !(await hasOpenWithdrawal(tx, row.referredId));
  }

  /**
   * Releases one commission if it is still pending and due. A conditional change under the row
   * lock, so two instances (or a worker and staff) never post it twice. A signal that appeared
   * since it was earned holds it instead, unless staff already looked.
   */
  async function releaseOne(id: string, transferId: string): Promise<boolean> {
    return db.transaction(async (tx) => {
      await ledger.lockAccountsFor(tx, [], [transferId]);
      const row = await lockCommission(tx, id);
      if (!row || row.state !== 'pending' || !(await isDue(tx, row))) return false;
      if (row.reviewedAt === null) {
        const signals = await findSelfReferralSignals(tx, row.referrerId, row.referredId);
        if (signals.length > 0) {
          await updateCommission(tx, id, { state: 'held', signals });
          return false;
        }
      }
      await postOne(tx, row);
      return true;
    });
  }

  /** One worker pass: every due commission, a batch at a time. Returns how many were paid. */
  async function releaseDue(): Promise<number> {
    let released = 0;
    for (;;) {
      const due = await findDueCommissions(db, clock.now(), RELEASE_BATCH);
      let moved = 0;
      for (const candidate of due) {
        if (await releaseOne(candidate.id, candidate.transferId)) moved += 1;
      }
      released += moved;
      // Rows another instance took, or held, are skipped: stop when a batch moved nothing new.
      if (due.length < RELEASE_BATCH || moved === 0) return released;
    }
  }

  // ---- staff decisions on one commission ----

  /** Locks the commission for a staff decision (accounts of its transfer first). */
  async function lockForDecision(tx: Db, id: string): Promise<CommissionRow> {
    if (!isUuid(id)) throw commissionNotFound();
    const found = await findCommission(tx, id);
    if (!found) throw commissionNotFound();
    await ledger.lockAccountsFor(tx, [], [found.transferId]);
    const row = await lockCommission(tx, id);
    if (!row) throw commissionNotFound();
    return row;
  }

  /**
   * Staff release a held commission: the signals are answered, it is paid on its release date
   * (now, if that has passed and no withdrawal request of the client is open).
   */
  async function releaseByStaff(options: {
    id: string;
    staff: StaffActor;
    reason: string;
  }): Promise<{ id: string }> {
    return db.transaction(async (tx) => {
      const row = await lockForDecision(tx, options.id);
      if (row.state !== 'held') {
        throw new AppError('CONFLICT', REFERRAL_MESSAGES.onlyHeldReleased);
      }
      const now = clock.now();
      let after = await updateCommission(tx, row.id, {
        state: 'pending',
        reviewedBy: staffActorId(options.staff),
        reviewedAt: now,
        reviewReason: options.reason,
      });
      if (await isDue(tx, after)) after = await postOne(tx, after);
      await recordAudit(tx, options.staff, {
        action: 'referral_commission.release',
        targetType: 'referral_commission',
        targetId: row.id,
        before: { state: row.state, signals: row.signals },
        after: { state: after.state, reason: options.reason },
      });
      return { id: row.id };
    });
  }

  /** Staff void a pending or held commission with a reason the referrer reads. */
  async function voidByStaff(options: {
    id: string;
    staff: StaffActor;
    reason: string;
  }): Promise<{ id: string }> {
    return db.transaction(async (tx) => {
      const row = await lockForDecision(tx, options.id);
      if (row.state !== 'pending' && row.state !== 'held') {
        throw new AppError('CONFLICT', REFERRAL_MESSAGES.onlyOpenVoided);
      }
      const after = await voidOne(tx, row, {
        cause: 'staff',
        actor: staffActorId(options.staff),
        staffReason: options.reason,
      });
      await recordAudit(tx, options.staff, {
        action: 'referral_commission.void',
        targetType: 'referral_commission',
        targetId: row.id,
        before: { state: row.state, signals: row.signals },
        after: { state: after.state, reason: options.reason },
      });
      return { id: row.id };
    });
  }

  const port: ReferralCommissionPort = {
    earnOnDeposit,
    transfersVoidedByWithdrawal,
    voidForWithdrawal,
    transfersVoidedByReversal,
    voidForReversal,
  };

  return { port, releaseDue, releaseByStaff, voidByStaff };
}

export type ReferralCommissions = ReturnType<typeof makeReferralCommissions>;
