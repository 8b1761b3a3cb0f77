// The money module's only door: deposit and withdrawal requests, their resolution by staff,
// staff postings, reversals and the client's statement (docs/decisions/100).
export { makeMoneyService } from './money.service.js';
export type { MoneyService, MoneyServiceDeps } from './money.service.js';
export { makeMoneyQueries } from './money.queries.js';
export type { MoneyQueries } from './money.queries.js';
export { moneyRoutes } from './money.routes.js';
export { staffMoneyRoutes } from './staff-money.routes.js';
export { findEventsOf, findHistoryPage, insertEvent, insertTransaction } from './money.repo.js';
export type { StatementRow, TransactionEventRow, TransactionRow } from './money.repo.js';
export { recordStatementLine, settleStatementLine } from './statement-lines.js';
export type { ReferralCommissionPort } from './referral-port.js';
export { toDashboardTransaction, toTransactionWithTimeline } from './money.view.js';
