// Run-time settings every instance keeps in memory (the desk's instrument settings, decision 130;
// its trading controls, decision 133) follow other instances' changes by polling the newest row
// id: a cheap query that reads everything again only when it has moved. PGlite is one process, so
// there is nothing to follow there.
import type { FastifyBaseLogger } from 'fastify';
import { poolOf } from './client.js';
import type { Db } from './client.js';

export function followChanges({
  db,
  log,
  pollMs,
  what,
  latestId,
  seenId,
  reload,
}: {
  db: Db;
  log?: FastifyBaseLogger;
  pollMs: number;
  /** Named in the warning when a poll fails. */
  what: string;
  latestId: (db: Db) => Promise<number>;
  /** The newest id this instance holds. */
  seenId: () => number;
  reload: () => Promise<void>;
}) {
  let timer: NodeJS.Timeout | null = null;
  let polling: Promise<void> | null = null;

  async function catchUp(): Promise<void> {
    if ((await latestId(db)) > seenId()) await reload();
  }

  return {
    /** Loads the rows in force; on PostgreSQL, then follows other instances' changes. */
    async start(): Promise<void> {
      await reload();
      if (!poolOf(db) || timer) return;
      timer = setInterval(() => {
        if (polling) return;
        polling = catchUp()
          .catch((error: unknown) => log?.warn({ err: error }, `${what} poll failed`))
          .finally(() => {
            polling = null;
          });
      }, pollMs);
      timer.unref();
    },
    async stop(): Promise<void> {
      if (timer) clearInterval(timer);
      timer = null;
      await polling;
    },
  };
}
