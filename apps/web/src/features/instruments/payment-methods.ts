// The eight deposit methods of the /payment page (docs/origin.md §2 and §9), in the origin's order, with
// descriptions in our own words. Names, processing times and the $0 deposit fee come from the
// shared payment-method catalogue, the one source /withdrawal and the portal read too.
import { DEPOSIT_FEE, PAYMENT_METHODS, type PaymentMethodId } from '@brokerdesk/shared';

export interface DepositMethod {
  name: string;
  /** Card schemes and the like, shown after the name. */
  detail?: string;
  description: string;
  processingTime: string;
  depositFee: string;
}

function fromCatalogue(id: PaymentMethodId) {
  const method = PAYMENT_METHODS.find((candidate) => candidate.id === id);
  if (!method) throw new Error(`unknown payment method ${id}`);
  return {
    name: method.fullName ?? method.name,
    processingTime: method.depositTime,
    depositFee: DEPOSIT_FEE,
  };
}

export const DEPOSIT_METHODS: readonly DepositMethod[] = [
  {
    ...fromCatalogue('bank-transfer'),
    description:
      'Send funds from your own bank account by wire transfer. Include your account e-mail in the payment reference so the transfer can be matched to you.',
  },
  {
    ...fromCatalogue('credit-card'),
    detail: 'VISA, MasterCard, Maestro, Visa Electron',
    description:
      'Pay with a debit or credit card issued in your own name. Once card deposits reach $15,000, or after more than 10 deposits, we ask for the verification documents described in the client agreement.',
  },
  {
    ...fromCatalogue('neteller'),
    description:
      'Move money from your Neteller e-wallet. Sign in to Neteller when asked and confirm the amount.',
  },
  {
    ...fromCatalogue('qiwi'),
    description:
      'Pay from your QiWi wallet and confirm the payment there. Allow for the processing time below before the money reaches your trading account.',
  },
  {
    ...fromCatalogue('bitcoin'),
    description:
      'Send bitcoin to the deposit address shown in your dashboard. Always copy the address from the dashboard and check it before you send.',
  },
  {
    ...fromCatalogue('yandex'),
    description: 'Pay from your Yandex Money (YooMoney) wallet and confirm the payment there.',
  },
  {
    ...fromCatalogue('webmoney'),
    description: 'Transfer funds from your Webmoney purse and approve the payment in Webmoney.',
  },
  {
    ...fromCatalogue('skrill'),
    description:
      'Move money from your Skrill e-wallet. Sign in to Skrill when asked and confirm the amount.',
  },
];
