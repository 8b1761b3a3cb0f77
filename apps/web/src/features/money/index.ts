// The money feature's public surface: what the dashboard (and other portal pages) may use.
export { BalanceChart } from './components/balance-chart';
export { OpenRequests } from './components/open-requests';
export { invalidateMoneyQueries, moneyKeys } from './api/query-keys';
