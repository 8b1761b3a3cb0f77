// Who runs the price source (PRODUCT §11.15). PostgreSQL: a session advisory lock held on a
// connection of its own; the lock goes when that connection does (the process dies, the network
// drops), and a follower retrying every few seconds takes it. PGlite is one process: it leads.
import type pg from 'pg';

/** Arbitrary but fixed: every BrokerDesk instance on one database competes for this key. */
export const PRICE_LEADER_LOCK_KEY = 727_405_121;
export const LEADER_RETRY_MS = 3_000;

export interface Leadership {
  /** Resolves after the first attempt, so a lone instance leads as soon as start returns. */
  start(): Promise<void>;
  stop(): Promise<void>;
  isLeader(): boolean;
}

interface LeadershipLog {
  warn(object: { err: unknown }, message: string): void;
  info(message: string): void;
}

export function alwaysLeader(onChange: (leader: boolean) => void): Leadership {
  let leader = false;
  return {
    async start() {
      leader = true;
      onChange(true);
    },
    async stop() {
      if (!leader) return;
      leader = false;
      onChange(false);
    },
    isLeader: () => leader,
  };
}

export function advisoryLockLeadership({
  connection,
  onChange,
  log,
  retryMs = LEADER_RETRY_MS,
  key = PRICE_LEADER_LOCK_KEY,
}: {
  /** A new, unconnected client each time (the lock lives and dies with it). */
  connection: () => pg.Client;
  onChange: (leader: boolean) => void;
  log: LeadershipLog;
  retryMs?: number;
  key?: number;
}): Leadership {
  let client: pg.Client | null = null;
  let leader = false;
  let stopped = false;
  let timer: NodeJS.Timeout | null = null;

  function setLeader(next: boolean) {
    if (next === leader) return;
    leader = next;
    onChange(next);
  }

  function schedule() {
    if (stopped || timer) return;
    timer = setTimeout(() => {
      timer = null;
      void attempt();
    }, retryMs);
    timer.unref();
  }

  function lost(current: pg.Client) {
    if (client !== current) return;
    client = null;
    if (leader) log.info('price leadership lost with its database connection');
    setLeader(false);
    schedule();
  }

  async function attempt(): Promise<void> {
    if (stopped || leader) return;
    try {
      if (!client) {
        const next = connection();
        next.on('error', (error) => {
          log.warn({ err: error }, 'price leader connection failed');
          lost(next);
        });
        next.on('end', () => lost(next));
        client = next;
        await next.connect();
      }
      const current = client;
      const { rows } = await current.query<{ locked: boolean }>(
        'select pg_try_advisory_lock($1) as locked',
        [key],
      );
      if (stopped) return;
      if (rows[0]?.locked && client === current) {
        log.info('this instance leads the prices');
        setLeader(true);
        return;
      }
    } catch (error) {
      log.warn({ err: error }, 'price leadership attempt failed');
      const failed = client;
      if (failed) {
        failed.end().catch(() => undefined);
        lost(failed);
        return;
      }
    }
    schedule();
  }

  return {
    start: attempt,
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      timer = null;
      const current = client;
      client = null;
      setLeader(false);
      // Ending the session releases the lock; a follower's next attempt takes it.
      if (current) await current.end().catch(() => undefined);
    },
    isLeader: () => leader,
  };
}
