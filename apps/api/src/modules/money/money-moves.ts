// Ledger moves more than one use case makes: the accounts a deposit touches, a withdrawal's
// hold (amount and fee) and the referrer's bonus on a deposit.
import { MESSAGES, MONEY_RULES, percentOf } from '@brokerdesk/shared';
import type { Db } from '../../db/client.js';
import { clientCashCode, refusedForFundsSaying } from '../ledger/index.js';
import type { LedgerAccountCode, LedgerService } from '../ledger/index.js';
import { findClientReferrer } from './money.repo.js';
import type { TransactionRow } from './money.repo.js';
import type { StatementLines } from './statement-lines.js';

export function makeMoneyMoves({
  ledger,
  lines,
}: {
  ledger: LedgerService;
  lines: StatementLines;
}) {
  /** The accounts a confirmed deposit touches: the client's, and the referrer's bonus pair. */
  async function depositAccounts(tx: Db, clientId: string): Promise<LedgerAccountCode[]> {
    const { referredBy } = await findClientReferrer(tx, clientId);
    const codes: LedgerAccountCode[] = ['platform:external', clientCashCode(clientId)];
    if (referredBy) codes.push('platform:referral', clientCashCode(referredBy));
    return codes;
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

  /**
   * The referrer's bonus on a completed deposit (docs/product.md §10), as its own statement line,
   * linked to the deposit in the ledger and the statement.
   */
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
    await lines.createLine(
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

  return { depositAccounts, holdWithdrawal, creditReferralBonus };
}

export type MoneyMoves = ReturnType<typeof makeMoneyMoves>;
