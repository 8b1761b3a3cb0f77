// The account feature's public surface: the portal's account page.
export { AccountOverview } from './components/account-overview';
