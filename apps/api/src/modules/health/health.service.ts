// Readiness: the database answers. Throws when it does not; the route turns that into a 503.
import type { Db } from '../../db/client.js';
import { pingDatabase } from './health.repo.js';

export function makeHealthService({ db }: { db: Db }) {
  return {
    async checkReadiness(): Promise<void> {
      await pingDatabase(db);
    },
  };
}

export type HealthService = ReturnType<typeof makeHealthService>;
