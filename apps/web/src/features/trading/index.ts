// The trading terminal (/userDashboard/trade): the portal's Trade page; and the margin-call
// warning the dashboard shows.
export { TradingTerminal } from './components/trading-terminal';
export { MarginCallBanner } from './components/margin-call-banner';
