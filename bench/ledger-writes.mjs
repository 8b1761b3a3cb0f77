// Ledger writes (issue 8, item 3): posted transfers per second through the ledger service's own
// posting function (makeLedgerService(...).createTransfer: locks both accounts, checks funds,
// inserts the transfer, moves both accounts' totals and kind totals — one statement since
// decision 082), vs. raw single-row INSERTs per second into a scratch table, on the same
// database and connection path, one writer each, for the same total time. The two take turns in
// short slices (transfers, inserts, inserts, transfers, …) so that the machine's drift — it is
// shared and noisy — weighs on both alike. Target: ratio ≥ 0.3. Then checkLedger() on the
// result. Runs in-process: the API's TypeScript is loaded through tsx, as `npm run serve` does.
import { randomUUID } from 'node:crypto';
import { register } from 'tsx/esm/api';
import {
  QUICK,
  databaseKinds,
  emit,
  main,
  printTable,
  round,
  scratchDatabase,
} from './api-lib.mjs';

register();
const { loadConfig } = await import('../apps/api/src/config.ts');
const { openDatabase } = await import('../apps/api/src/db/client.ts');
const { clients } = await import('../apps/api/src/db/schema.ts');
const { systemClock } = await import('../apps/api/src/lib/clock.ts');
const { checkLedger } = await import('../apps/api/src/modules/ledger/ledger.check.ts');
const { clientCashCode, makeLedgerService } =
  await import('../apps/api/src/modules/ledger/ledger.service.ts');
const { sql } = await import('drizzle-orm');

const BENCH = 'ledger-writes';
/** Time each side runs in all, in SLICES turns. */
const DURATION_MS = QUICK ? 2_000 : 5_000;
const SLICES = QUICK ? 4 : 10;
const WARMUP = 50;
const RATIO_TARGET = 0.3;

/**
 * Runs `a` and `b` in turns (a b b a a b …) of DURATION_MS / SLICES each, after a warm-up of
 * both, until each has run DURATION_MS; returns operations per second of each.
 */
async function perSecondInTurns(a, b) {
  const sides = [a, b].map((work) => ({ work, done: 0, ms: 0 }));
  for (const side of sides) for (let i = 0; i < WARMUP; i += 1) await side.work(i);
  for (let slice = 0; slice < SLICES; slice += 1) {
    const order = slice % 2 === 0 ? sides : [...sides].reverse();
    for (const side of order) {
      const started = performance.now();
      while (performance.now() - started < DURATION_MS / SLICES) {
        await side.work(side.done);
        side.done += 1;
      }
      side.ms += performance.now() - started;
    }
  }
  return sides.map((side) => ({ perSec: side.done / (side.ms / 1000), count: side.done }));
}

await main(async () => {
  const rows = [];
  for (const kind of await databaseKinds(BENCH)) {
    const scratch = await scratchDatabase(kind);
    const config = loadConfig({
      NODE_ENV: 'production',
      DATA_DIR: scratch.dataDir,
      DATABASE_URL: scratch.databaseUrl,
      ADMIN_PASSWORD: 'unused-bench-password',
    });
    const database = await openDatabase(config);
    try {
      await database.migrate();
      const { db } = database;
      const [client] = await db
        .insert(clients)
        .values({
          firstName: 'Bench',
          lastName: 'Writer',
          email: `bench-${randomUUID()}@example.com`,
          phone: '447700900123',
          country: 'United Kingdom',
          passwordHash: 'not-a-real-hash',
          referralCode: randomUUID().slice(0, 8),
        })
        .returning({ id: clients.id });
      const ledger = makeLedgerService({ db, clock: systemClock });
      const credit = clientCashCode(client.id);

      await db.execute(
        sql`create table bench_raw_inserts (id bigserial primary key, amount_minor bigint not null, created_at timestamptz not null default now())`,
      );
      const [transfers, inserts] = await perSecondInTurns(
        (i) =>
          ledger.createTransfer({
            debit: 'platform:bonus',
            credit,
            amountMinor: 100 + (i % 900),
            kind: 'bonus',
            actor: 'system',
            idempotencyKey: randomUUID(),
          }),
        (i) =>
          db.execute(sql`insert into bench_raw_inserts (amount_minor) values (${100 + (i % 900)})`),
      );
      await db.execute(sql`drop table bench_raw_inserts`);

      const breaches = await checkLedger(db);
      const ratio = round(transfers.perSec / inserts.perSec, 3);
      const result = {
        bench: BENCH,
        database: kind,
        durationMs: DURATION_MS,
        slices: SLICES,
        transfersPerSec: round(transfers.perSec, 0),
        insertsPerSec: round(inserts.perSec, 0),
        ratio,
        target: { ratio: RATIO_TARGET, met: ratio >= RATIO_TARGET },
        transfers: transfers.count,
        inserts: inserts.count,
        ledgerCheck: breaches.length === 0 ? 'ok' : `${breaches.length} breach(es)`,
      };
      emit(result);
      rows.push({
        database: kind,
        'transfers/s': result.transfersPerSec,
        'inserts/s': result.insertsPerSec,
        ratio,
        target: result.target.met ? 'met' : `MISSED (< ${RATIO_TARGET})`,
        ledgerCheck: result.ledgerCheck,
      });
    } finally {
      await database.close();
    }
  }
  printTable(`Ledger writes: one writer, ${DURATION_MS / 1000} s each in ${SLICES} turns`, rows);
});
