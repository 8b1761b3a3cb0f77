// Recent platform activity for the public popup: every source's events within the configured
// window, merged newest first and capped.
import { ACTIVITY_MAX_EVENTS } from '@brokerdesk/shared';
import type { RecentActivity } from '@brokerdesk/shared';
import type { Db } from '../../db/client.js';
import type { Clock } from '../../lib/clock.js';
import { ACTIVITY_SOURCES } from './activity.repo.js';
import type { ActivitySource } from './activity.repo.js';

const HOUR_MS = 60 * 60 * 1000;

export interface ActivityServiceDeps {
  db: Db;
  clock: Clock;
  enabled: boolean;
  windowHours: number;
  sources?: readonly ActivitySource[];
}

export function makeActivityService({
  db,
  clock,
  enabled,
  windowHours,
  sources = ACTIVITY_SOURCES,
}: ActivityServiceDeps) {
  return {
    async listRecentActivity(): Promise<RecentActivity> {
      if (!enabled) return { enabled: false, events: [] };
      const since = new Date(clock.now().getTime() - windowHours * HOUR_MS);
      const batches = await Promise.all(
        sources.map((source) => source(db, since, ACTIVITY_MAX_EVENTS)),
      );
      const events = batches
        .flat()
        .sort((a, b) => Date.parse(b.at) - Date.parse(a.at))
        .slice(0, ACTIVITY_MAX_EVENTS);
      return { enabled: true, events };
    },
  };
}

export type ActivityService = ReturnType<typeof makeActivityService>;
