// The payment methods of the seed, with the processing times and fees it states.
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
    withdrawalTime: 'Instant',
    recommended: true,
  },
  {
    id: 'bank-transfer',
    name: 'Bank Transfer',
    depositTime: 'Between 2-3 days',
    withdrawalTime: 'Up to 2 business days',
  },
  {
    id: 'credit-card',
    name: 'Credit Card',
    depositTime: 'Instant',
    withdrawalTime: 'Up to 1 business day',
  },
  { id: 'yandex', name: 'Yandex', depositTime: 'Instant', withdrawalTime: 'Up to 1 business day' },
  {
    id: 'neteller',
    name: 'Neteller',
    depositTime: 'Instant',
    withdrawalTime: 'Up to 1 business day',
    withdrawalFeeBp: 290,
  },
  {
    id: 'webmoney',
    name: 'Webmoney',
    depositTime: 'Instant',
    withdrawalTime: 'Up to 1 business day',
  },
  {
    id: 'qiwi',
    name: 'QiWi Wallet',
    depositTime: 'Up to three working days',
    withdrawalTime: 'Up to 1 business day',
  },
  {
    id: 'skrill',
    name: 'Skrill',
    depositTime: 'Instant',
    withdrawalTime: 'Up to 1 business day',
    withdrawalFeeBp: 290,
  },
];
