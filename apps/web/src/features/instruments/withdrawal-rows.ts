// The two tables of /withdrawal (docs/origin.md §9 "Payments"), read from the shared payment-method
// catalogue, the one source of processing times and fees (docs/decisions/105-claims-from-configuration.md),
// in the origin's row order.
import {
  DEPOSIT_FEE,
  PAYMENT_METHODS,
  WITHDRAWAL_FEE_ON_REQUEST,
  type PaymentMethod,
  type PaymentMethodId,
} from '@brokerdesk/shared';

export interface FeeRow {
  method: string;
  processTime: string;
  fee: string;
}

/** The origin's order of both tables. */
const DEPOSIT_ORDER: readonly PaymentMethodId[] = [
  'bitcoin',
  'credit-card',
  'yandex',
  'bank-transfer',
  'qiwi',
  'neteller',
  'webmoney',
  'skrill',
];

function method(id: PaymentMethodId): PaymentMethod {
  const found = PAYMENT_METHODS.find((candidate) => candidate.id === id);
  if (!found) throw new Error(`unknown payment method ${id}`);
  return found;
}

/** The public pages' name of a payment method ('Yandex Money' where the portal says 'Yandex'). */
export function publicMethodName(id: PaymentMethodId): string {
  const found = method(id);
  return found.fullName ?? found.name;
}

export const depositFeeRows: readonly FeeRow[] = DEPOSIT_ORDER.map((id) => ({
  method: publicMethodName(id),
  processTime: method(id).depositTime,
  fee: DEPOSIT_FEE,
}));

export const withdrawalFeeRows: readonly FeeRow[] = DEPOSIT_ORDER.map((id) => {
  const { withdrawalTime, withdrawalFeeBp } = method(id);
  return {
    method: publicMethodName(id),
    processTime: withdrawalTime,
    fee: withdrawalFeeBp === undefined ? WITHDRAWAL_FEE_ON_REQUEST : `${withdrawalFeeBp / 100}%`,
  };
});
