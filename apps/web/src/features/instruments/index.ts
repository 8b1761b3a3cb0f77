// The instruments feature's public surface: the trading pages' tables and the rows they show.
export { ContractTable, ForexTable } from './components/instrument-table';
export { FeeTable } from './components/fee-tables';
export { PaymentMethodsAccordion } from './components/payment-methods-accordion';
export { SwapRates } from './components/swap-rates';
export { TradingSessionsTable } from './components/trading-sessions-table';
export { carrierRows, forexRows, futuresRows, indexRows } from './instrument-rows';
export { DEPOSIT_METHODS } from './payment-methods';
export { depositFeeRows, withdrawalFeeRows } from './withdrawal-rows';
