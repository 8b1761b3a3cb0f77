// A deposit or withdrawal request as the money API answers it (shared schema), for the portal's
// and the back office's component tests.
import type { TransactionWithTimeline } from '@brokerdesk/shared';

/** A pending $500.00 bitcoin deposit requested 03-03-2026 14:05:09 UTC, with `overrides`. */
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
