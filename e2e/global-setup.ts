import { rmSync } from 'node:fs';
import { makeEmptyDatabaseTemplate } from '../scripts/production-server.mjs';

/**
 * Journeys that need a database of their own start about 25 servers in a run; creating each one's
 * empty database took about 5 s of CPU (PGlite's initdb) and migrating it 2–3 s more. One is made
 * and migrated here, and each server starts on a copy (fixtures.ts `startIsolatedServer`); workers
 * inherit the variable.
 */
export default async function globalSetup(): Promise<() => void> {
  const template = await makeEmptyDatabaseTemplate();
  process.env.E2E_DATABASE_TEMPLATE = template;
  return () => rmSync(template, { recursive: true, force: true });
}
