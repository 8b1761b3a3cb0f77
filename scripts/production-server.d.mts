export interface ProductionServer {
  baseUrl: string;
  /** The server's own DATA_DIR (its dev mail outbox is `${dataDir}/outbox`). */
  dataDir: string;
  pid: number;
  /** SIGTERM, wait for the exit, remove its own temporary data directory. */
  stop(): Promise<void>;
  /** Sends `signal` (default SIGKILL) and waits for the exit; nothing is cleaned up. */
  kill(signal?: NodeJS.Signals): Promise<void>;
}

/**
 * A migrated embedded database with no rows, to copy instead of creating and migrating one on each
 * start (its directory).
 */
export function makeEmptyDatabaseTemplate(): Promise<string>;

export function startProductionServer(
  env?: Record<string, string>,
  options?: { template?: string },
): Promise<ProductionServer>;
