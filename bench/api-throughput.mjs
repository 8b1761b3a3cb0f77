// API throughput (issue 8, item 1): autocannon on loopback, 50 connections, 10 s (3 s with
// --quick). First a bare Fastify hello-world in a child process (the ceiling on this machine
// right now), then the production server on PGlite and on a scratch PostgreSQL database:
// the dashboard and the history page of a client with 1,000 statement entries (posted through
// the staff posting route), and the public markets endpoint. One JSON line per measure, then a
// table on stderr. Targets are printed, never enforced by the exit code (the machine is shared).
import autocannon from 'autocannon';
import {
  QUICK,
  databaseKinds,
  emit,
  main,
  ownerHeaders,
  postBonuses,
  printTable,
  refreshStatistics,
  registerClient,
  round,
  scratchDatabase,
  startApp,
  startHelloWorld,
} from './api-lib.mjs';

const BENCH = 'api-throughput';
const CONNECTIONS = 50;
const DURATION_S = QUICK ? 3 : 10;
const ENTRIES = 1000;
const DASHBOARD_RATIO_TARGET = { postgres: 0.15, pglite: 0.05 };
const P99_TARGET_MS = 50;

function load(url, headers = {}) {
  return autocannon({ url, headers, connections: CONNECTIONS, duration: DURATION_S });
}

function summary(result) {
  return {
    reqPerSec: round(result.requests.average, 0),
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    requests: result.requests.total,
    non2xx: result.non2xx,
    errors: result.errors + result.timeouts,
  };
}

await main(async () => {
  const rows = [];
  const helloWorld = async (when) => {
    const hello = await startHelloWorld();
    const measured = summary(await load(`${hello.baseUrl}/`));
    await hello.stop();
    emit({
      bench: BENCH,
      target: 'hello-world',
      when,
      connections: CONNECTIONS,
      durationS: DURATION_S,
      ...measured,
    });
    rows.push({
      database: '-',
      endpoint: `hello-world (${when})`,
      ...measured,
      ratio: '',
      targets: '',
    });
    return measured;
  };
  // Measured before and after the app: on a shared machine the ceiling drifts, and a ratio to
  // one sample taken minutes earlier would drift with it. Ratios use the first; the second shows
  // how far the machine moved meanwhile.
  const ceiling = await helloWorld('before');

  for (const kind of await databaseKinds(BENCH)) {
    const database = await scratchDatabase(kind);
    const seeding = await startApp(database);
    const staff = await ownerHeaders(seeding.baseUrl);
    const client = await registerClient(seeding.baseUrl, staff);
    const seedStarted = performance.now();
    await postBonuses(seeding.baseUrl, staff, client.id, ENTRIES);
    const seedMs = Math.round(performance.now() - seedStarted);
    // Measure a site in its steady state, not in the minute after a burst of writes: planner
    // statistics as PostgreSQL's autovacuum (or, on PGlite, the app's own pass at start) leaves
    // them. The client's session survives the restart.
    await seeding.stop();
    await refreshStatistics(database);
    const app = await startApp(database);

    const endpoints = [
      ['dashboard', '/api/userDashboard/send/', client.headers],
      ['history', '/api/transactions?limit=50', client.headers],
      ['markets', '/api/markets', {}],
    ];
    for (const [endpoint, path, headers] of endpoints) {
      const measured = summary(await load(`${app.baseUrl}${path}`, headers));
      const ratio = round(measured.reqPerSec / ceiling.reqPerSec, 3);
      const targets = { p99Ms: P99_TARGET_MS, p99Met: measured.p99Ms <= P99_TARGET_MS };
      if (endpoint === 'dashboard') {
        targets.ratio = DASHBOARD_RATIO_TARGET[kind];
        targets.ratioMet = ratio >= DASHBOARD_RATIO_TARGET[kind];
      }
      targets.met = targets.p99Met && targets.ratioMet !== false && measured.non2xx === 0;
      emit({
        bench: BENCH,
        database: kind,
        endpoint,
        path,
        entries: endpoint === 'markets' ? undefined : ENTRIES,
        ...measured,
        ratioToHelloWorld: ratio,
        target: targets,
        ...(endpoint === 'dashboard' ? { seedPostingsMs: seedMs } : {}),
      });
      rows.push({
        database: kind,
        endpoint,
        ...measured,
        ratio,
        targets: targets.met
          ? 'met'
          : `MISSED (${[
              targets.ratioMet === false ? `ratio < ${targets.ratio}` : '',
              targets.p99Met ? '' : `p99 > ${P99_TARGET_MS} ms`,
              measured.non2xx > 0 ? 'non-2xx' : '',
            ]
              .filter(Boolean)
              .join(', ')})`,
      });
    }
    await app.stop();
  }
  await helloWorld('after');
  printTable(
    `API throughput: ${CONNECTIONS} connections, ${DURATION_S} s each, loopback; ratio = req/s ÷ hello-world`,
    rows,
  );
});
