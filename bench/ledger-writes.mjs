// Ledger writes (issue 8, item 3): posted transfers per second through the ledger service's own
// posting function (makeLedgerService(...).createTransfer: locks both accounts, checks funds,
// inserts the transfer, moves both accounts' totals and kind totals, in one transaction), vs.
// raw single-row INSERTs per second into a scratch table, on the same database and connection
// path, one writer each, for the same time. Target: ratio ≥ 0.3. Then checkLedger() on the
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
const DURATION_MS = QUICK ? 2_000 : 5_000;
const WARMUP = 50;
const RATIO_TARGET = 0.3;

/** Calls `work` back to back for DURATION_MS after a warm-up; returns operations per second. */
async function perSecond(work) {
  for (let i = 0; i < WARMUP; i += 1) await work(i);
  let done = 0;
  const started = performance.now();
  while (performance.now() - started < DURATION_MS) {
    await work(done);
    done += 1;
  }
  return { perSec: done / ((performance.now() - started) / 1000), count: done };
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

      const transfers = await perSecond((i) =>
        ledger.createTransfer({
          debit: 'platform:bonus',
          credit,
          amountMinor: 100 + (i % 900),
          kind: 'bonus',
          actor: 'system',
          idempotencyKey: randomUUID(),
        }),
      );

      await db.execute(
        sql`create table bench_raw_inserts (id bigserial primary key, amount_minor bigint not null, created_at timestamptz not null default now())`,
      );
      const inserts = await perSecond((i) =>
        db.execute(sql`insert into bench_raw_inserts (amount_minor) values (${100 + (i % 900)})`),
      );
      await db.execute(sql`drop table bench_raw_inserts`);

      const breaches = await checkLedger(db);
      const ratio = round(transfers.perSec / inserts.perSec, 3);
      const result = {
        bench: BENCH,
        database: kind,
        durationMs: DURATION_MS,
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
  printTable(`Ledger writes: one writer, ${DURATION_MS / 1000} s each`, rows);
});
