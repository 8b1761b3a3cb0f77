// The subscriptions module's only door: plans bought by clients and plans set up by staff.
export { makeSubscriptionService } from './subscriptions.service.js';
export type { SubscriptionService } from './subscriptions.service.js';
export { subscriptionRoutes } from './subscriptions.routes.js';
export {
  findSubscriptionsNewestFirst,
  toDashboardSubscription,
  toSubscription,
} from './subscriptions.service.js';
