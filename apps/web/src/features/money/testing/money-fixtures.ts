// Answers of the money API for component tests, shaped by the shared schemas. (A request:
// moneyRequest in src/testing/money-request.ts, shared with the back office's tests.)
import type { MoneySummary } from '@brokerdesk/shared';

export const TOKEN = 'tok-1';

export function signIn(): void {
  window.localStorage.setItem('user-token', TOKEN);
}

export function summary(overrides: Partial<MoneySummary> = {}): MoneySummary {
  return {
    balanceMinor: 100_000,
    availableMinor: 100_000,
    heldMinor: 0,
    minimumDepositMinor: 1,
    minimumWithdrawalMinor: 1_000,
    ...overrides,
  };
}
