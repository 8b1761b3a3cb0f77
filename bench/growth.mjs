// Growth (issue 8, item 2): does a client's dashboard and history page stay as fast when their
// statement grows from 100 to 100,000 entries? The first 100 are staff postings through the
// HTTP API; the server is then stopped, the other 99,900 are written in one SQL transaction the
// way the posting service writes them (api-lib.mjs seedBonusesInSql), `ledger:check` verifies
// the ledger, and the same client's pages are timed again. p50 of sequential requests after a
// warm-up; target: p50(100,000) ÷ p50(100) ≤ 1.5. Printed, not enforced by the exit code.
import {
  QUICK,
  databaseKinds,
  emit,
  ledgerCheck,
  main,
  openSql,
  ownerHeaders,
  postBonuses,
  printTable,
  registerClient,
  round,
  scratchDatabase,
  seedBonusesInSql,
  sequentialLatency,
  startApp,
} from './api-lib.mjs';

const BENCH = 'growth';
const SMALL = 100;
const LARGE = 100_000;
const REQUESTS = QUICK ? 50 : 200;
const WARMUP = QUICK ? 10 : 20;
const RATIO_TARGET = 1.5;

const ENDPOINTS = [
  ['dashboard', '/api/userDashboard/send/'],
  ['history', '/api/transactions?limit=50'],
];

async function timeEndpoints(baseUrl, headers) {
  const timings = {};
  for (const [endpoint, path] of ENDPOINTS) {
    timings[endpoint] = await sequentialLatency(`${baseUrl}${path}`, headers, {
      count: REQUESTS,
      warmup: WARMUP,
    });
  }
  return timings;
}

await main(async () => {
  const rows = [];
  for (const kind of await databaseKinds(BENCH)) {
    const database = await scratchDatabase(kind);
    let app = await startApp(database);
    const staff = await ownerHeaders(app.baseUrl);
    const client = await registerClient(app.baseUrl, staff);
    await postBonuses(app.baseUrl, staff, client.id, SMALL);
    const small = await timeEndpoints(app.baseUrl, client.headers);
    await app.stop();

    const seedStarted = performance.now();
    const sqlDb = await openSql(database);
    try {
      await seedBonusesInSql(sqlDb, client.id, LARGE - SMALL);
    } finally {
      await sqlDb.close();
    }
    const seedMs = Math.round(performance.now() - seedStarted);
    const check = await ledgerCheck(database);

    app = await startApp(database);
    const large = await timeEndpoints(app.baseUrl, client.headers);
    await app.stop();

    for (const [endpoint] of ENDPOINTS) {
      const ratio = round(large[endpoint].p50 / small[endpoint].p50, 2);
      emit({
        bench: BENCH,
        database: kind,
        endpoint,
        requests: REQUESTS,
        [`p50Ms_${SMALL}`]: small[endpoint].p50,
        [`p50Ms_${LARGE}`]: large[endpoint].p50,
        [`p99Ms_${SMALL}`]: small[endpoint].p99,
        [`p99Ms_${LARGE}`]: large[endpoint].p99,
        ratio,
        target: { ratio: RATIO_TARGET, met: ratio <= RATIO_TARGET },
        seedSqlMs: seedMs,
        ledgerCheck: check.ok ? 'ok' : check.summary,
      });
      rows.push({
        database: kind,
        endpoint,
        [`p50 ${SMALL}`]: small[endpoint].p50,
        [`p50 ${LARGE}`]: large[endpoint].p50,
        ratio,
        target: ratio <= RATIO_TARGET ? 'met' : `MISSED (> ${RATIO_TARGET})`,
        ledgerCheck: check.ok ? 'ok' : check.summary,
      });
    }
  }
  printTable(
    `Growth: p50 ms of ${REQUESTS} sequential requests, ${SMALL} vs ${LARGE} entries`,
    rows,
  );
});
