// The money feature's public surface: the portal's deposit/withdrawal and history pages, and what
// the dashboard shows (balance chart, open requests).
export { DepositWithdrawal } from './components/deposit-withdrawal';
export { TransactionHistory } from './components/transaction-history';
export { BalanceChart } from './components/balance-chart';
export { OpenRequests } from './components/open-requests';
export { invalidateMoneyQueries, moneyKeys } from './api/query-keys';
