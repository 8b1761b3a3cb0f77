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
