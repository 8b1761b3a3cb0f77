import { formatCents, MESSAGES, MONEY_RULES, type Cents } from '@brokerdesk/shared';
import { ApiError, NETWORK_ERROR_STATUS } from '../../lib/api-client';

/** The seed's withdrawal message carries no sign; the deposit one does. Both show it. */
export const WITHDRAWAL_AMOUNT_REQUIRED = `⚠️ ${MESSAGES.withdrawal.amountRequired}`;

/** The shared wording when the minimum is the agreement's; otherwise the figure asked. */
export function belowMinimumMessage(minimum: Cents): string {
  return minimum === MONEY_RULES.minimumFirstDepositCents
    ? MESSAGES.money.belowMinimumDeposit
    : `Your deposit must be at least ${formatCents(minimum)}`;
}

/**
 * What a failed money request says: the server's own words for a 4xx (below the minimum,
 * insufficient funds, already resolved), the client's text for a lost connection, else
 * `fallback`.
 */
export function moneyFailureMessage(error: unknown, fallback: string): string {
  if (error instanceof ApiError) {
    if (error.status === NETWORK_ERROR_STATUS) return error.message;
    if (error.code === 'INSUFFICIENT_FUNDS')
      return error.serverMessage ?? MESSAGES.money.insufficientFunds;
    if (error.status >= 400 && error.status < 500 && error.serverMessage)
      return error.serverMessage;
  }
  return fallback;
}
