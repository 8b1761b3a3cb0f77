// What the money module asks of referral commission when a referred client's money moves
// (decision 110). The referrals module implements it and services.ts hands it in, so money
// never imports referrals (referrals writes its statement lines through money's door).
//
// Lock order, everywhere: ledger accounts first (in id order, with the commissions' pending
// transfers among the transfers whose accounts are locked), then commission rows. So a
// withdrawal's approval or a deposit's reversal asks for the transfers it will void before it
// locks, and voids after.
import type { Db } from '../../db/client.js';

export interface ReferralCommissionPort {
  /**
   * In a deposit's confirmation (its accounts and the referrer's already locked): the
   * referrer's pending commission on it, if the client was referred.
   */
  earnOnDeposit(
    tx: Db,
    deposit: { id: string; clientId: string; amountMinor: number },
    depositTransferId: string,
  ): Promise<void>;
  /**
   * The pending transfers of the commissions a withdrawal of this client, requested at
   * `requestedAt` (undefined: now, for money staff pay out directly), would void.
   */
  transfersVoidedByWithdrawal(
    tx: Db,
    clientId: string,
    requestedAt: Date | undefined,
  ): Promise<string[]>;
  /** After the client's withdrawal (requested at `requestedAt`) is posted. */
  voidForWithdrawal(
    tx: Db,
    options: { clientId: string; requestedAt: Date; actor: string },
  ): Promise<void>;
  /** The pending transfers of the commissions reversing this deposit would void. */
  transfersVoidedByReversal(tx: Db, depositId: string): Promise<string[]>;
  /** After the deposit is reversed. */
  voidForReversal(tx: Db, options: { depositId: string; actor: string }): Promise<void>;
}
