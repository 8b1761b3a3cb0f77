import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { tradingKeys } from './query-keys';
import type { CandlesResponse, QuotesResponse, TradingInstrument } from './types';

/** GET /api/trading/instruments (public): the catalogue with staff settings and `open`. */
export function getInstruments(signal?: AbortSignal): Promise<TradingInstrument[]> {
  return apiRequest('/api/trading/instruments', { signal });
}

export function useInstruments() {
  return useQuery(
    queryOptions({
      queryKey: tradingKeys.instruments,
      queryFn: ({ signal }) => getInstruments(signal),
      // Sessions open and close and staff switch instruments: asked again every minute.
      refetchInterval: 60_000,
    }),
  );
}

/** GET /api/trading/quotes (public): the latest quotes with their daily change. */
export function getQuotes(signal?: AbortSignal): Promise<QuotesResponse> {
  return apiRequest('/api/trading/quotes', { signal });
}

export function useQuotes() {
  return useQuery(
    queryOptions({
      queryKey: tradingKeys.quotes,
      queryFn: ({ signal }) => getQuotes(signal),
      // Bid and ask come from the stream; this refreshes the daily change (and fills gaps).
      refetchInterval: 30_000,
    }),
  );
}

export type CandlePeriodName = '1m' | '5m' | '15m' | '1h' | '1d';

/** GET /api/trading/candles (public): oldest first. */
export function getCandles(
  symbol: string,
  period: CandlePeriodName,
  signal?: AbortSignal,
): Promise<CandlesResponse> {
  const query = new URLSearchParams({ symbol, period, limit: '300' });
  return apiRequest(`/api/trading/candles?${query.toString()}`, { signal });
}

export function useCandles(symbol: string, period: CandlePeriodName) {
  return useQuery(
    queryOptions({
      queryKey: tradingKeys.candles(symbol, period),
      queryFn: ({ signal }) => getCandles(symbol, period, signal),
      // The stream extends the last candle; a fresh copy now and then keeps it honest.
      staleTime: 60_000,
    }),
  );
}

/** What the desk lets this client do now (GET /api/trading/status, decision 133). */
export interface TradingStatus {
  mode: 'normal' | 'close_only' | 'halted';
  /** The words that explain a mode other than normal. */
  message: string | null;
}

export function useTradingStatus() {
  return useQuery(
    queryOptions({
      queryKey: tradingKeys.status,
      queryFn: ({ signal }) =>
        apiRequest<TradingStatus>('/api/trading/status', { signal, auth: 'user' }),
      // An incident control applies at once: the terminal asks again every 15 seconds.
      refetchInterval: 15_000,
    }),
  );
}
