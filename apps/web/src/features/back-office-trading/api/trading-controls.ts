import type { TradingControlBody, TradingMode } from '@brokerdesk/shared/trading';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { getToken } from '../../../lib/auth-tokens';

/** A mode in force and its latest change (null fields: never changed). */
export interface TradingControlView {
  mode: TradingMode;
  /** Whole US$ of gross notional on live accounts (decision 135); null: none set. */
  exposureLimitUsd: number | null;
  reason: string | null;
  by: string | null;
  at: string | null;
}

export interface ClientControlView extends TradingControlView {
  clientId: string;
  clientName: string;
  clientEmail: string;
}

/** GET /api/staff/trading/controls: the platform's mode and the clients not trading normally. */
export interface TradingControlsView {
  platform: TradingControlView;
  clients: ClientControlView[];
}

const controlsKey = ['admin', 'staff', 'trading-controls'] as const;

export function useTradingControls(enabled: boolean) {
  return useQuery(
    queryOptions({
      queryKey: controlsKey,
      queryFn: ({ signal }) =>
        apiRequest<TradingControlsView>('/api/staff/trading/controls', { auth: 'admin', signal }),
      enabled: () => enabled && getToken('admin') !== null,
    }),
  );
}

/** GET /api/staff/trading/controls/clients/:clientId: the client's own mode and the platform's. */
export function useClientTradingMode(clientId: string) {
  return useQuery(
    queryOptions({
      queryKey: [...controlsKey, clientId],
      queryFn: ({ signal }) =>
        apiRequest<{ client: TradingControlView; platform: TradingControlView }>(
          `/api/staff/trading/controls/clients/${encodeURIComponent(clientId)}`,
          { auth: 'admin', signal },
        ),
      enabled: () => getToken('admin') !== null,
    }),
  );
}

/** PUT …/controls/platform or …/controls/clients/:clientId with the mode and the reason. */
export function useSetTradingMode() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ clientId, body }: { clientId: string | null; body: TradingControlBody }) =>
      apiRequest<TradingControlView>(
        clientId === null
          ? '/api/staff/trading/controls/platform'
          : `/api/staff/trading/controls/clients/${encodeURIComponent(clientId)}`,
        { method: 'PUT', auth: 'admin', body },
      ),
    onSettled: () => queryClient.invalidateQueries({ queryKey: controlsKey }),
  });
}
