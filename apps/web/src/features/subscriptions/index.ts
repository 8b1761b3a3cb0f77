// The subscriptions feature's public surface: the portal's packages and subscription pages.
export { PackagesOverview } from './components/packages-overview';
export { SubscriptionOverview } from './components/subscription-overview';
