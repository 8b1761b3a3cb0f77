// The client's money: deposit and withdrawal requests and their resolution (pending → confirmed
// / approved | rejected | cancelled), staff postings (the origin-compatible transaction call
// among them), the referrer's commission (through the referral port) and reversals. Every change runs in one database transaction
// that writes the ledger transfers, the statement line, its timeline event and (for staff) the
// audit record together. Each use case has its own file; this factory wires them together.
import type { Db } from '../../db/client.js';
import type { Clock } from '../../lib/clock.js';
import type { IdentityGate } from '../documents/index.js';
import type { LedgerService } from '../ledger/index.js';
import type { MailService } from '../mail/index.js';
import { makeMoneyMoves } from './money-moves.js';
import { makeMoneyRequests } from './money-requests.js';
import { makeMoneyResolution } from './money-resolution.js';
import type { ReferralCommissionPort } from './referral-port.js';
import { makeReversals } from './reversals.js';
import { makeStaffPostings } from './staff-postings.js';
import { makeStatementLines } from './statement-lines.js';

export interface MoneyServiceDeps {
  db: Db;
  clock: Clock;
  ledger: LedgerService;
  /** The four-eyes rule (Config.fourEyesAboveMinor): undefined = off. */
  fourEyesAboveMinor?: number | undefined;
  /** The least a client may ask to withdraw (MIN_WITHDRAWAL_USD); default 0, none. */
  minWithdrawalMinor?: number;
  /** Tells the client when staff decide a request (in the decision's transaction). */
  mail: MailService;
  /** What waits for proof of ID and of residence (decision 104). */
  identityGate: IdentityGate;
  /** The referrer's commission: earned on deposits, voided by withdrawals and reversals. */
  referrals: ReferralCommissionPort;
}

export function makeMoneyService({
  db,
  clock,
  ledger,
  fourEyesAboveMinor,
  minWithdrawalMinor = 0,
  mail,
  identityGate,
  referrals,
}: MoneyServiceDeps) {
  const lines = makeStatementLines({ db, clock });
  const moves = makeMoneyMoves({ ledger });
  const resolution = makeMoneyResolution({
    clock,
    ledger,
    mail,
    fourEyesAboveMinor,
    lines,
    moves,
    referrals,
  });
  const requests = makeMoneyRequests({
    lines,
    moves,
    resolveRequest: resolution.resolveRequest,
    identityGate,
    minWithdrawalMinor,
  });
  const postings = makeStaffPostings({ ledger, lines, moves, referrals });
  const reversals = makeReversals({ clock, ledger, lines, referrals });

  return {
    requestDeposit: requests.requestDeposit,
    requestWithdrawal: requests.requestWithdrawal,
    cancelWithdrawal: requests.cancelWithdrawal,
    confirmDeposit: resolution.confirmDeposit,
    rejectDeposit: resolution.rejectDeposit,
    approveWithdrawal: resolution.approveWithdrawal,
    rejectWithdrawal: resolution.rejectWithdrawal,
    postForClient: postings.postForClient,
    recordOriginTransaction: postings.recordOriginTransaction,
    reverseTransaction: reversals.reverseTransaction,
  };
}

export type MoneyService = ReturnType<typeof makeMoneyService>;
