// The back office's entry forms: Manage Registration, Manage Subscription, Manage Transaction.
export { ClientRegistrationForm } from './components/client-registration-form';
export { SubscriptionForm } from './components/subscription-form';
export { TransactionForm } from './components/transaction-form';
