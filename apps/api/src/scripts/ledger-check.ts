// `npm run ledger:check`: opens the configured database (DATA_DIR's PGlite or DATABASE_URL),
// checks every ledger invariant, prints one line per invariant and exits 1 on any breach.
// It does not migrate: it checks the database as the server left it.
import { ConfigError, loadConfig } from '../config.js';
import { openDatabase } from '../db/client.js';
import { DatabaseLockedError } from '../db/pglite-lock.js';
import { LEDGER_INVARIANTS, checkLedger } from '../modules/ledger/index.js';

async function main(): Promise<number> {
  let database;
  try {
    // A check over millions of entries may take longer than the 5 s a request's statement gets.
    database = await openDatabase(loadConfig(), { unlimitedStatements: true });
  } catch (error) {
    if (error instanceof DatabaseLockedError) {
      console.error(
        `ledger:check cannot open the embedded database while the server runs. ${error.message}`,
      );
      return 2;
    }
    if (error instanceof ConfigError) {
      console.error(`ledger:check: ${error.message}`);
      return 2;
    }
    throw error;
  }
  try {
    const breaches = await checkLedger(database.db);
    for (const invariant of LEDGER_INVARIANTS) {
      const found = breaches.filter((breach) => breach.invariant === invariant.id);
      console.log(`${found.length === 0 ? 'ok    ' : 'BREACH'} ${invariant.id}. ${invariant.name}`);
      for (const breach of found) console.log(`         ${breach.message}`);
    }
    console.log(breaches.length === 0 ? 'ledger ok' : `${breaches.length} breach(es)`);
    return breaches.length === 0 ? 0 : 1;
  } finally {
    await database.close();
  }
}

/** undefined_table: the database was never migrated (the server applies migrations at start). */
function isMissingTable(error: unknown): boolean {
  for (let current = error, depth = 0; current && depth < 5; depth += 1) {
    if ((current as { code?: unknown }).code === '42P01') return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    if (isMissingTable(error)) {
      console.error(
        'ledger:check: the ledger tables do not exist; start the server once to apply migrations.',
      );
      process.exit(2);
    }
    console.error('ledger:check failed:', error instanceof Error ? error.message : error);
    process.exit(1);
  },
);
