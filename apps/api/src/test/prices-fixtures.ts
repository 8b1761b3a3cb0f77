// Price hubs for the prices module's tests: the manual source on a test database, with a clock
// the test chooses, silent logs and quick leadership retries.
import { loadConfig } from '../config.js';
import type { Database } from '../db/client.js';
import { makePriceHub } from '../modules/prices/index.js';
import type { PriceHub, PriceHubDeps } from '../modules/prices/index.js';

export const silentLog = { info: () => undefined, warn: () => undefined, error: () => undefined };
export const MONDAY_8AM = '2026-03-02T08:00:00.000Z';

export function manualHub(
  database: Database,
  {
    startIso = MONDAY_8AM,
    env = {},
    redisPrefix,
  }: { startIso?: string; env?: Record<string, string>; redisPrefix?: string } = {},
): PriceHub {
  const config = loadConfig({ NODE_ENV: 'test', MARKET_DATA_PROVIDER: 'manual', ...env });
  const deps: PriceHubDeps = {
    db: database.db,
    config,
    clock: { now: () => new Date(startIso) },
    log: silentLog,
    timing: { leaderRetryMs: 50 },
    redis: redisPrefix ? { prefix: redisPrefix } : undefined,
  };
  return makePriceHub(deps);
}
