import type { InstrumentSettingsBody } from '@brokerdesk/shared/trading';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { getToken } from '../../../lib/auth-tokens';

/** An instrument as the desk has set it (GET /api/staff/trading/instruments). */
export interface InstrumentSettingsView {
  symbol: string;
  displayName: string;
  class: string;
  tradingEnabled: boolean;
  spreadMarkupPoints: number;
  catalogueSpreadPoints: number;
  spreadPoints: number;
  maxVolume: string;
  catalogueMaxVolume: string;
  minVolume: string;
  volumeStep: string;
  catalogueLeverage: number;
  leverageCap: number | null;
  leverage: number;
  swapLongPoints: string;
  swapShortPoints: string;
  catalogueSwapLongPoints: string;
  catalogueSwapShortPoints: string;
  /** Hold back a quote whose mid moves more than this many spreads; null: off (decision 134). */
  badTickSpreads: number | null;
  /** The book's largest net notional on it, whole US$ (decision 135); null: none. */
  exposureLimitUsd: number | null;
  lastChange: { at: string; effectiveAt: string; by: string | null; reason: string } | null;
}

const settingsKey = ['admin', 'staff', 'instrument-settings'] as const;

export function useInstrumentSettings(enabled: boolean) {
  return useQuery(
    queryOptions({
      queryKey: settingsKey,
      queryFn: ({ signal }) =>
        apiRequest<{ instruments: InstrumentSettingsView[] }>('/api/staff/trading/instruments', {
          auth: 'admin',
          signal,
        }),
      enabled: () => enabled && getToken('admin') !== null,
    }),
  );
}

/** A quote the bad-tick filter held back (GET /api/staff/trading/held-ticks). */
export interface HeldTickView {
  id: string;
  symbol: string;
  displayName: string;
  bid: string;
  ask: string;
  lastBid: string;
  lastAsk: string;
  time: string;
  thresholdSpreads: number;
  outcome: 'pending' | 'spike' | 'confirmed';
}

export function useHeldTicks(enabled: boolean) {
  return useQuery(
    queryOptions({
      queryKey: [...settingsKey, 'held-ticks'],
      queryFn: ({ signal }) =>
        apiRequest<{ heldTicks: HeldTickView[] }>('/api/staff/trading/held-ticks', {
          auth: 'admin',
          signal,
        }),
      enabled: () => enabled && getToken('admin') !== null,
      // Like the rest of the desk: a glance shows what the filter did lately.
      refetchInterval: 5_000,
    }),
  );
}

/** PATCH /api/staff/trading/instruments/:symbol with what changed and the reason. */
export function useChangeInstrumentSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ symbol, body }: { symbol: string; body: InstrumentSettingsBody }) =>
      apiRequest<InstrumentSettingsView>(
        `/api/staff/trading/instruments/${encodeURIComponent(symbol)}`,
        { method: 'PATCH', auth: 'admin', body },
      ),
    onSettled: () => queryClient.invalidateQueries({ queryKey: settingsKey }),
  });
}
