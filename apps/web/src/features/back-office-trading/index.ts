// The back office's dealing desk (issue 19): the book's exposure, open positions across clients
// and closing one with a reason the client sees; and a client's trading on their page.
export { DealingDesk } from './components/dealing-desk';
export { ClientTrading } from './components/client-trading';
export { ClientTradingProfileSection } from './components/client-onboarding';
