// The payment methods of the origin, with their processing times and fees: the one source for
// every page that states them (/payment, /withdrawal, the portal's deposit and withdrawal cards).
//
// Every withdrawal is a request that staff review before money leaves (docs/product.md §2), and the
// client agreement asks for 24 hours' written notice, so no withdrawal is "Instant": the origin's
// Bitcoin "Instant" contradicted its own "processed within 1 business day". The time given is from
// the request to the money being sent. Deposit times are the payment network's; the origin's two
// wordings for Bank Transfer ("Between 2-3 days", "up to three working days") are stated once.
// docs/decisions/105-claims-from-configuration.md.

/** What /withdrawal states once, above its tables. */
export const WITHDRAWAL_PROCESSING =
  'Every withdrawal request is reviewed by our staff within 1 business day before any money is sent.';
/** Deposit fee of every method (docs/origin.md §9). */
export const DEPOSIT_FEE = '$0';
/** The fee shown where the origin states none for a withdrawal method. */
export const WITHDRAWAL_FEE_ON_REQUEST = 'Account manager inquiry';

const UP_TO_1_BUSINESS_DAY = 'Up to 1 business day';
const UP_TO_3_BUSINESS_DAYS = 'Up to 3 business days';
export const PAYMENT_METHOD_IDS = [
  'bitcoin',
  'bank-transfer',
  'credit-card',
  'yandex',
  'neteller',
  'webmoney',
  'qiwi',
  'skrill',
] as const;

export type PaymentMethodId = (typeof PAYMENT_METHOD_IDS)[number];

export interface PaymentMethod {
  id: PaymentMethodId;
  name: string;
  /** The name on the public pages where it is longer than the portal's ('Yandex Money'). */
  fullName?: string;
  depositTime: string;
  withdrawalTime: string;
  /** Withdrawal fee in basis points, when the seed states one (Neteller and Skrill 2.9%). */
  withdrawalFeeBp?: number;
  recommended?: boolean;
}

export const PAYMENT_METHODS: readonly PaymentMethod[] = [
  {
    id: 'bitcoin',
    name: 'Bitcoin',
    depositTime: 'Instant',
    withdrawalTime: UP_TO_1_BUSINESS_DAY,
    recommended: true,
  },
  {
    id: 'bank-transfer',
    name: 'Bank Transfer',
    depositTime: UP_TO_3_BUSINESS_DAYS,
    withdrawalTime: 'Up to 2 business days',
  },
  {
    id: 'credit-card',
    name: 'Credit Card',
    depositTime: 'Instant',
    withdrawalTime: UP_TO_1_BUSINESS_DAY,
  },
  {
    id: 'yandex',
    name: 'Yandex',
    fullName: 'Yandex Money',
    depositTime: 'Instant',
    withdrawalTime: UP_TO_1_BUSINESS_DAY,
  },
  {
    id: 'neteller',
    name: 'Neteller',
    depositTime: 'Instant',
    withdrawalTime: UP_TO_1_BUSINESS_DAY,
    withdrawalFeeBp: 290,
  },
  {
    id: 'webmoney',
    name: 'Webmoney',
    depositTime: 'Instant',
    withdrawalTime: UP_TO_1_BUSINESS_DAY,
  },
  {
    id: 'qiwi',
    name: 'QiWi Wallet',
    depositTime: UP_TO_3_BUSINESS_DAYS,
    withdrawalTime: UP_TO_1_BUSINESS_DAY,
  },
  {
    id: 'skrill',
    name: 'Skrill',
    depositTime: 'Instant',
    withdrawalTime: UP_TO_1_BUSINESS_DAY,
    withdrawalFeeBp: 290,
  },
];
