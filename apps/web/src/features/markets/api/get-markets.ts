// GET /api/markets with a bare fetch: the home page keeps zod and react-query out of its
// initial bundle, so the body is trusted by type only (the API validates what it sends).
import type { MarketsResponse } from '@brokerdesk/shared';
import { env } from '../../../config/env';

export async function getMarkets(signal?: AbortSignal): Promise<MarketsResponse> {
  const response = await fetch(`${env.apiBaseUrl}/api/markets`, {
    headers: { Accept: 'application/json' },
    signal,
  });
  if (!response.ok) throw new Error(`GET /api/markets failed with status ${response.status}`);
  return (await response.json()) as MarketsResponse;
}
