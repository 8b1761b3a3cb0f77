import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { getToken } from '../../../lib/auth-tokens';

/** An open position of any client (GET /api/staff/trading/positions). */
export interface DeskPosition {
  id: string;
  symbol: string;
  side: 'buy' | 'sell';
  volume: string;
  openPrice: string;
  openTime: string;
  sl: string | null;
  tp: string | null;
  marginMinor: number;
  swapMinor: number;
  floatingPnlMinor: number;
  closePrice: string | null;
  accountId: string;
  accountKind: 'demo' | 'live';
  clientId: string;
  clientName: string;
  clientEmail: string;
}

export interface DeskPositions {
  priceSource: string;
  positions: DeskPosition[];
}

/** The live book's open lots on one instrument (GET /api/staff/trading/exposure). */
export interface DeskExposure {
  symbol: string;
  long: string;
  short: string;
  net: string;
  positions: number;
  /** The net lots in USD cents at the price that would close them, signed like `net`. */
  netNotionalMinor: number | null;
  clientsFloatingPnlMinor: number | null;
  /** The instrument's exposure limit in cents and the share in use (decision 135); null: none. */
  limitMinor: number | null;
  limitUsedPercent: number | null;
}

/** A client at 80 % of their exposure limit or more. */
export interface ClientNearLimit {
  clientId: string;
  clientName: string;
  clientEmail: string;
  grossNotionalMinor: number;
  limitMinor: number;
  limitUsedPercent: number;
}

export interface DeskBook {
  priceSource: string;
  instruments: DeskExposure[];
  /** The clients' floating P/L on live accounts; the book's (the platform's) is its opposite. */
  clientsFloatingPnlMinor: number | null;
  bookFloatingPnlMinor: number | null;
  clientsNearLimit: ClientNearLimit[];
}

/** Under the back office's reads: a close refreshes the desk and the client's pages. */
const deskKey = ['admin', 'staff', 'dealing-desk'] as const;

/** Floating P/L and exposure move with every quote: the desk asks again this often. */
export const DESK_REFRESH_MS = 5_000;

const signedIn = () => getToken('admin') !== null;

export function useDeskPositions(enabled: boolean) {
  return useQuery(
    queryOptions({
      queryKey: [...deskKey, 'positions'],
      queryFn: ({ signal }) =>
        apiRequest<DeskPositions>('/api/staff/trading/positions', { auth: 'admin', signal }),
      enabled: () => enabled && signedIn(),
      refetchInterval: DESK_REFRESH_MS,
    }),
  );
}

export function useDeskExposure(enabled: boolean) {
  return useQuery(
    queryOptions({
      queryKey: [...deskKey, 'exposure'],
      queryFn: ({ signal }) =>
        apiRequest<DeskBook>('/api/staff/trading/exposure', { auth: 'admin', signal }),
      enabled: () => enabled && signedIn(),
      refetchInterval: DESK_REFRESH_MS,
    }),
  );
}

interface DeskOwner {
  clientId: string;
  clientName: string;
  accountKind: 'demo' | 'live';
}

/** What the risk rules are doing (GET /api/staff/trading/risk). */
export interface DeskRisk {
  priceSource: string;
  marginCalls: (DeskOwner & {
    accountId: string;
    since: string | null;
    equityMinor: number;
    usedMarginMinor: number;
    marginLevel: string | null;
  })[];
  stopOuts: (DeskOwner & {
    id: string;
    symbol: string;
    side: 'buy' | 'sell';
    volume: string;
    price: string;
    time: string;
    pnlMinor: number;
  })[];
  protections: (DeskOwner & { id: string; accountId: string; amountMinor: number; time: string })[];
}

export function useDeskRisk(enabled: boolean) {
  return useQuery(
    queryOptions({
      queryKey: [...deskKey, 'risk'],
      queryFn: ({ signal }) =>
        apiRequest<DeskRisk>('/api/staff/trading/risk', { auth: 'admin', signal }),
      enabled: () => enabled && signedIn(),
      refetchInterval: DESK_REFRESH_MS,
    }),
  );
}

/** A client's account on their back-office page (GET /api/staff/clients/:id/trading). */
export interface ClientTradingAccount {
  id: string;
  kind: 'demo' | 'live';
  status: string;
  balanceMinor: number;
  equityMinor: number;
  usedMarginMinor: number;
  freeMarginMinor: number;
  marginLevel: string | null;
  marginCall: boolean;
  positions: Omit<
    DeskPosition,
    'accountId' | 'accountKind' | 'clientId' | 'clientName' | 'clientEmail'
  >[];
  deals: {
    id: string;
    symbol: string;
    side: 'buy' | 'sell';
    entry: 'in' | 'out';
    volume: string;
    price: string;
    time: string;
    pnlMinor: number;
    reason: string;
    note: string | null;
    trailing: boolean;
    /** Set when the desk corrected it (decision 136): what it was and why. */
    correction: DealCorrection | null;
  }[];
}

export interface DealCorrection {
  originalPrice: string;
  originalPnlMinor: number;
  reason: string;
  time: string;
}

export function useClientTrading(clientId: string, enabled: boolean) {
  return useQuery(
    queryOptions({
      queryKey: [...deskKey, 'client', clientId],
      queryFn: ({ signal }) =>
        apiRequest<{ priceSource: string; accounts: ClientTradingAccount[] }>(
          `/api/staff/clients/${encodeURIComponent(clientId)}/trading`,
          { auth: 'admin', signal },
        ),
      enabled: () => enabled && signedIn(),
      refetchInterval: DESK_REFRESH_MS,
    }),
  );
}

export interface DeskCloseInput {
  positionId: string;
  reason: string;
  /** One Idempotency-Key per attempt the member makes, reused if the request is retried. */
  idempotencyKey: string;
}

/** POST /api/staff/trading/positions/:id/close {reason}: the whole position, at market. */
export function useDeskClose() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ positionId, reason, idempotencyKey }: DeskCloseInput) =>
      apiRequest<{ deal: { pnlMinor: number; price: string; volume: string } }>(
        `/api/staff/trading/positions/${encodeURIComponent(positionId)}/close`,
        { method: 'POST', auth: 'admin', body: { reason }, idempotencyKey },
      ),
    // A 409 (closed meanwhile by the client or a stop) means the list is stale either way.
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['admin', 'staff'] }),
  });
}

export interface DealCorrectionInput {
  dealId: string;
  price: string;
  reason: string;
  idempotencyKey: string;
}

/**
 * POST /api/staff/trading/deals/:id/correct {price, reason} (decision 136): the deal's price
 * corrected, and each P/L it changes reversed and posted again.
 */
export function useDealCorrection() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ dealId, price, reason, idempotencyKey }: DealCorrectionInput) =>
      apiRequest<{
        deal: { price: string; pnlMinor: number };
        adjustments: { dealId: string; oldPnlMinor: number; newPnlMinor: number }[];
      }>(`/api/staff/trading/deals/${encodeURIComponent(dealId)}/correct`, {
        method: 'POST',
        auth: 'admin',
        body: { price, reason },
        idempotencyKey,
      }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['admin', 'staff'] }),
  });
}
