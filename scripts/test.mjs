// `npm test`: everything, in the order a reviewer would want to see failures: static checks,
// unit and API tests (PGlite, then PostgreSQL when TEST_DATABASE_URL is set), the production
// build, and browser journeys in Chromium against the real server. Ends with one summary line.
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ROOT, run } from './lib.mjs';
import { findChromium } from './chromium.mjs';

const reports = mkdtempSync(join(tmpdir(), 'brokerdesk-test-'));
// Every server and test app of the run logs at info into LOG_DIR; the last step reads them all
// for secrets (`npm run logs:check` reads them again). Kept after the run, replaced by the next.
const LOG_DIR = join(ROOT, '.test-logs');
rmSync(LOG_DIR, { recursive: true, force: true });
mkdirSync(LOG_DIR);
process.env.BROKERDESK_LOG_DIR = LOG_DIR;
// The browser journeys' staff password, known here so the log check can look for it.
process.env.E2E_ADMIN_PASSWORD ??= `e2e-${randomBytes(9).toString('base64url')}-Staff!`;
// Passwords the suites use (test/test-app.ts, e2e/fixtures.ts, scripts/production-server.mjs):
// none may appear in any log line.
const KNOWN_PASSWORDS = [
  'correct-horse-battery-staple',
  'secret-pass',
  'fixture-pass-1',
  'throwaway-server-password',
  process.env.E2E_ADMIN_PASSWORD,
];
const results = [];
let passed = 0;
let failed = 0;

async function step(name, command, args, env = process.env) {
  console.log(`\n▶ ${name}`);
  const started = Date.now();
  const code = await run(command, args, { env });
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  results.push({ name, ok: code === 0, seconds });
  console.log(`${code === 0 ? '✔' : '✖'} ${name} (${seconds} s)`);
  return code === 0;
}

/**
 * Steps that run at the same time (each is one process on one core), each printed whole when it
 * ends so their lines do not interleave.
 */
async function parallelSteps(steps) {
  const started = Date.now();
  const outcomes = await Promise.all(
    steps.map(
      ({ name, command, args }) =>
        new Promise((resolve) => {
          const chunks = [];
          const child = spawn(command, args, { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] });
          child.stdout.on('data', (chunk) => chunks.push(chunk));
          child.stderr.on('data', (chunk) => chunks.push(chunk));
          child.on('error', (error) => {
            chunks.push(Buffer.from(`Could not run ${command}: ${error.message}\n`));
            resolve({ name, code: 1, chunks, ended: Date.now() });
          });
          child.on('exit', (code) => resolve({ name, code: code ?? 1, chunks, ended: Date.now() }));
        }),
    ),
  );
  for (const { name, code, chunks, ended } of outcomes) {
    const seconds = ((ended - started) / 1000).toFixed(1);
    console.log(`\n▶ ${name}`);
    process.stdout.write(Buffer.concat(chunks));
    results.push({ name, ok: code === 0, seconds, why: code === 0 ? [] : failedLines(chunks) });
    console.log(`${code === 0 ? '✔' : '✖'} ${name} (${seconds} s)`);
  }
  return outcomes.map(({ name, code }) => ({ name, ok: code === 0 }));
}

/**
 * What the summary repeats of a failed side-by-side step: its ✖ check lines, else its last
 * lines. The summary is what a reader of a long log's tail sees first.
 */
function failedLines(chunks) {
  const lines = Buffer.concat(chunks).toString('utf8').trimEnd().split('\n');
  const checks = lines.filter((line) => line.trimStart().startsWith('✖'));
  return (checks.length > 0 ? checks : lines).slice(-12);
}

/** Names the failed tests of the step just recorded, for the summary. */
function noteFailures(names) {
  const last = results.at(-1);
  if (last && names.length > 0) last.why = names.slice(0, 12);
}

function countVitest(file) {
  if (!existsSync(file)) return;
  const report = JSON.parse(readFileSync(file, 'utf8'));
  passed += report.numPassedTests;
  failed += report.numFailedTests;
  noteFailures(
    report.testResults.flatMap((file) =>
      file.assertionResults
        .filter((test) => test.status === 'failed')
        .map((test) => `✖ ${test.fullName} (${file.name.replace(`${ROOT}/`, '')})`),
    ),
  );
}

/** Every test of a Playwright JSON report, its suites' titles joined. */
function* playwrightTests(suite, titles = []) {
  const path = suite.title ? [...titles, suite.title] : titles;
  for (const spec of suite.specs ?? []) {
    for (const test of spec.tests ?? []) yield { title: [...path, spec.title].join(' › '), test };
  }
  for (const child of suite.suites ?? []) yield* playwrightTests(child, path);
}

function countPlaywright(file) {
  if (!existsSync(file)) return;
  const report = JSON.parse(readFileSync(file, 'utf8'));
  const { stats } = report;
  passed += stats.expected;
  failed += stats.unexpected + stats.flaky;
  const failures = [];
  for (const suite of report.suites ?? []) {
    for (const { title, test } of playwrightTests(suite)) {
      if (test.status === 'unexpected' || test.status === 'flaky')
        failures.push(`✖ [${test.projectName}] ${title}`);
    }
  }
  noteFailures(failures);
}

const chromium = findChromium({ headlessShell: true });
if (!chromium) process.exit(1);

const withoutPostgres = { ...process.env };
delete withoutPostgres.TEST_DATABASE_URL;

// Both are single-threaded: side by side they take the time of the longer one.
await parallelSteps([
  { name: 'Typecheck', command: 'npm', args: ['run', '--silent', 'typecheck'] },
  { name: 'Lint', command: 'npm', args: ['run', '--silent', 'lint'] },
]);

const unitReport = join(reports, 'vitest-pglite.json');
const unitOk = await step(
  'Unit and API tests (PGlite)',
  'npx',
  ['vitest', 'run', '--reporter=default', '--reporter=json', `--outputFile.json=${unitReport}`],
  withoutPostgres,
);
countVitest(unitReport);
if (!unitOk && !existsSync(unitReport)) failed += 1;

if (process.env.TEST_DATABASE_URL) {
  const pgReport = join(reports, 'vitest-postgres.json');
  const pgOk = await step('API tests (PostgreSQL)', 'npx', [
    'vitest',
    'run',
    '--project',
    'api',
    '--reporter=default',
    '--reporter=json',
    `--outputFile.json=${pgReport}`,
  ]);
  countVitest(pgReport);
  if (!pgOk && !existsSync(pgReport)) failed += 1;
} else {
  console.log('\n(TEST_DATABASE_URL not set: the API suite ran on PGlite only.)');
}

const built = await step('Production build', 'npm', ['run', '--silent', 'build']);
if (built) {
  // Initial JS of the public pages against their budgets (bench/web-initial-js.mjs).
  if (!(await step('Bundle budgets', 'node', ['bench/web-initial-js.mjs']))) failed += 1;
  // The stress runs side by side: each starts servers of its own on its own scratch data, and
  // most of each run is restarts and replayed time, so together they take about the time of the
  // longest (166 → 99 s on a slow evening). After the build, so their servers run the compiled API.
  //  - 200 random money operations with SIGKILLs, on PGlite and (when it answers) PostgreSQL;
  //    `npm run crash` runs 1,000.
  //  - Pending orders triggering while the server is SIGKILLed: every fill and stop exactly once
  //    (stress/crash-trading.mjs; `npm run crash:trading` runs more orders and four kills).
  //  - With PostgreSQL: several production instances on one database: sessions, idempotency,
  //    limits, 500 parallel withdrawals, one price leader (stress/cluster.mjs).
  const stress = [
    {
      name: 'Crashes (npm run crash -- --quick)',
      command: 'node',
      args: ['stress/crash.mjs', '--quick'],
    },
    {
      name: 'Trading crashes (npm run crash:trading -- --quick)',
      command: 'node',
      args: ['stress/crash-trading.mjs', '--quick'],
    },
  ];
  if (process.env.TEST_DATABASE_URL) {
    stress.push({
      name: 'Several instances (npm run cluster)',
      command: 'node',
      args: ['stress/cluster.mjs'],
    });
  }
  for (const outcome of await parallelSteps(stress)) if (!outcome.ok) failed += 1;
  const e2eReport = join(reports, 'playwright.json');
  const e2eOk = await step(
    'Browser journeys (Playwright + Chromium)',
    'npx',
    ['playwright', 'test', '-c', 'e2e/playwright.config.ts', '--reporter=list,json'],
    { ...withoutPostgres, CHROMIUM_PATH: chromium, PLAYWRIGHT_JSON_OUTPUT_NAME: e2eReport },
  );
  countPlaywright(e2eReport);
  if (!e2eOk && !existsSync(e2eReport)) failed += 1;
} else {
  failed += 1;
}

const logsOk = await step(
  'Log check (no secrets in any log line)',
  'npx',
  ['tsx', 'apps/api/src/scripts/log-check.ts', LOG_DIR],
  { ...process.env, LOG_CHECK_SECRETS: KNOWN_PASSWORDS.join('\n') },
);
if (!logsOk) failed += 1;

rmSync(reports, { recursive: true, force: true });
console.log('\nSummary');
for (const r of results) {
  console.log(`  ${r.ok ? '✔' : '✖'} ${r.name} (${r.seconds} s)`);
  for (const line of r.why ?? []) console.log(`      ${line.trim()}`);
}
const allOk = results.every((r) => r.ok);
console.log(`\ntests: ${passed} passed, ${failed} failed`);
process.exit(allOk && failed === 0 ? 0 : 1);
