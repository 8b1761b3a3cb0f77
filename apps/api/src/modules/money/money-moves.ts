// Ledger moves more than one use case makes: the accounts a deposit touches (the referrer's
// commission is earned through the referral port) and a withdrawal's hold (amount and fee).
import { MESSAGES } from '@brokerdesk/shared';
import type { Db } from '../../db/client.js';
import { clientCashCode, refusedForFundsSaying } from '../ledger/index.js';
import type { LedgerAccountCode, LedgerService } from '../ledger/index.js';
import { findClientReferrer } from './money.repo.js';

export function makeMoneyMoves({ ledger }: { ledger: LedgerService }) {
  /** The accounts a confirmed deposit touches: the client's, and the referrer's commission pair. */
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

  return { depositAccounts, holdWithdrawal };
}

export type MoneyMoves = ReturnType<typeof makeMoneyMoves>;
