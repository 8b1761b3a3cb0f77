// GET /api/activity/recent with a bare fetch (no zod or react-query on public pages).
import type { RecentActivity } from '@brokerdesk/shared';
import { env } from '../../../config/env';

export async function getRecentActivity(signal?: AbortSignal): Promise<RecentActivity> {
  const response = await fetch(`${env.apiBaseUrl}/api/activity/recent`, {
    headers: { Accept: 'application/json' },
    cache: 'no-store',
    signal,
  });
  if (!response.ok) {
    throw new Error(`GET /api/activity/recent failed with status ${response.status}`);
  }
  return (await response.json()) as RecentActivity;
}
