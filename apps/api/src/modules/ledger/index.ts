// The ledger module's only door: double-entry accounts and transfers, and the invariant check.
export {
  clientCashCode,
  clientTradingCode,
  makeLedgerService,
  refusedForFundsSaying,
} from './ledger.service.js';
export type { LedgerAccountCode, LedgerService } from './ledger.service.js';
export { findClientCashAccount, tradingBalanceSql } from './ledger.repo.js';
export { checkLedger, LEDGER_INVARIANTS } from './ledger.check.js';
