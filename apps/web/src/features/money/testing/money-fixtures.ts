// Answers of the money API for component tests, shaped by the shared schemas.
import type { MoneySummary, TransactionWithTimeline } from '@brokerdesk/shared';

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
    ...overrides,
  };
}

export function moneyRequest(
  overrides: Partial<TransactionWithTimeline> = {},
): TransactionWithTimeline {
  const date = overrides.date ?? '2026-03-03T14:05:09.000Z';
  return {
    id: 'req-1',
    date,
    type: 'deposit',
    direction: 'credit',
    amountMinor: 50_000,
    feeMinor: 0,
    status: 'pending',
    method: 'bitcoin',
    destination: null,
    reason: null,
    needsDocuments: false,
    events: [{ kind: 'requested', at: date, reason: null }],
    ...overrides,
  };
}

/** The URLs the app fetched (the fake API records paths only), for query-string checks. */
export function fetchedUrls(path: string): URL[] {
  const calls = (fetch as unknown as { mock: { calls: unknown[][] } }).mock.calls;
  return calls
    .map(([input]) => new URL(String(input), 'http://localhost'))
    .filter((url) => url.pathname === path);
}
