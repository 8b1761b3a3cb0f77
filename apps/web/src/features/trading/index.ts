// The trading terminal (/userDashboard/trade): the portal's Trade page; its statement page
// (/userDashboard/tradingStatement); and the margin-call warning the dashboard shows.
export { TradingTerminal } from './components/trading-terminal';
export { TradingStatementPage } from './components/trading-statement';
export { MarginCallBanner } from './components/margin-call-banner';
