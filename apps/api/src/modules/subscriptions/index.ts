// The subscriptions module's only door: plans bought by clients and plans set up by staff.
export { makeSubscriptionService } from './subscriptions.service.js';
export type { SubscriptionService } from './subscriptions.service.js';
export { subscriptionRoutes } from './subscriptions.routes.js';
export { findSubscriptionsNewestFirst } from './subscriptions.repo.js';
export type { SubscriptionRow } from './subscriptions.repo.js';
export { toDashboardSubscription, toSubscription } from './subscriptions.view.js';
