// The trading terminal (/userDashboard/trade): the portal's Trade page.
export { TradingTerminal } from './components/trading-terminal';
