// The eight deposit methods of the /payment page (docs/origin.md §2 and §9), in the seed's order, with
// descriptions in our own words. Processing times and the $0 deposit fee are the seed's.

export interface DepositMethod {
  name: string;
  /** Card schemes and the like, shown after the name. */
  detail?: string;
  description: string;
  processingTime: string;
  depositFee: string;
}

const INSTANT = 'Instant';
const UP_TO_THREE_DAYS = 'Up to three working days';

export const DEPOSIT_METHODS: readonly DepositMethod[] = [
  {
    name: 'Bank Transfer',
    description:
      'Send funds from your own bank account by wire transfer. Include your account e-mail in the payment reference so the transfer can be matched to you.',
    processingTime: UP_TO_THREE_DAYS,
    depositFee: '$0',
  },
  {
    name: 'Credit Card',
    detail: 'VISA, MasterCard, Maestro, Visa Electron',
    description:
      'Pay with a debit or credit card issued in your own name. Once card deposits reach $15,000, or after more than 10 deposits, we ask for the verification documents described in the client agreement.',
    processingTime: INSTANT,
    depositFee: '$0',
  },
  {
    name: 'Neteller',
    description:
      'Move money from your Neteller e-wallet. Sign in to Neteller when asked and confirm the amount.',
    processingTime: INSTANT,
    depositFee: '$0',
  },
  {
    name: 'QiWi Wallet',
    description:
      'Pay from your QiWi wallet and confirm the payment there. Allow up to three working days for the money to reach your trading account.',
    processingTime: UP_TO_THREE_DAYS,
    depositFee: '$0',
  },
  {
    name: 'Bitcoin',
    description:
      'Send bitcoin to the deposit address shown in your dashboard. Always copy the address from the dashboard and check it before you send.',
    processingTime: INSTANT,
    depositFee: '$0',
  },
  {
    name: 'Yandex Money',
    description: 'Pay from your Yandex Money (YooMoney) wallet and confirm the payment there.',
    processingTime: INSTANT,
    depositFee: '$0',
  },
  {
    name: 'Webmoney',
    description: 'Transfer funds from your Webmoney purse and approve the payment in Webmoney.',
    processingTime: INSTANT,
    depositFee: '$0',
  },
  {
    name: 'Skrill',
    description:
      'Move money from your Skrill e-wallet. Sign in to Skrill when asked and confirm the amount.',
    processingTime: INSTANT,
    depositFee: '$0',
  },
];
