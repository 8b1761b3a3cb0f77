// Lighthouse 12 (mobile profile: emulated phone, simulated slow 4G and 4× CPU slowdown) against
// the production server, for the pages issue 8 names. Each page is measured LIGHTHOUSE_RUNS times
// (3 by default) and the median run is reported (Lighthouse's own choice: the run nearest the
// median FCP and TTI), one JSON line per page with the four category scores, FCP, LCP, TBT, CLS,
// the audits that fail and how fast and busy the machine was. Targets (issue 8): performance
// ≥ 0.95; accessibility, best practices and SEO = 1; LCP ≤ 1.5 s; TBT ≤ 100 ms. A miss is
// reported (`meetsTargets: false`, MISSED), not an exit code: like every benchmark here, it exits
// 1 only when it could not measure (bench/README.md).
//
// The simulated metrics scale the CPU time observed on this machine by 4: on a machine already
// busy (loadAvg1 above its core count, benchmarkIndex well under 1000) TBT and LCP come out higher.
// LIGHTHOUSE_PAGES=/,/forex picks pages; LIGHTHOUSE_REPORTS=dir keeps every run's full report.
import { mkdirSync, writeFileSync } from 'node:fs';
import { availableParallelism, loadavg } from 'node:os';
import { join } from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { computeMedianRun } from 'lighthouse/core/lib/median-run.js';
import { findChromium } from '../scripts/chromium.mjs';
import { ensureBuild, startServer } from './lib.mjs';

const PAGES = (process.env.LIGHTHOUSE_PAGES ?? '/,/forex,/terms,/userLogin').split(',');
const RUNS = Number(process.env.LIGHTHOUSE_RUNS ?? 3);
const REPORTS = process.env.LIGHTHOUSE_REPORTS;
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'];
const TARGETS = { performance: 0.95, lcpMs: 1500, tbtMs: 100 };

const chromePath = findChromium();
if (!chromePath) process.exit(1);
await ensureBuild();
const server = await startServer();
const chrome = await chromeLauncher.launch({
  chromePath,
  chromeFlags: [
    '--headless=new',
    '--no-sandbox',
    '--disable-gpu',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
    '--no-first-run',
  ],
});

/** One Lighthouse run of one page; its report is kept when LIGHTHOUSE_REPORTS is set. */
async function measure(page, run) {
  const result = await lighthouse(`${server.baseUrl}${page}`, {
    port: chrome.port,
    output: 'json',
    logLevel: 'error',
    onlyCategories: CATEGORIES,
  });
  const lhr = result?.lhr;
  if (!lhr) throw new Error(`Lighthouse returned nothing for ${page}`);
  if (REPORTS) {
    mkdirSync(REPORTS, { recursive: true });
    const name = page === '/' ? 'home' : page.slice(1).replaceAll('/', '-');
    writeFileSync(join(REPORTS, `${name}-${run}.json`), JSON.stringify(lhr));
  }
  return lhr;
}

/** The JSON line of one page: the median run's figures, and each run's for the spread. */
function summary(page, lhr, lhrs) {
  const audit = (id) => lhr.audits[id]?.numericValue ?? null;
  const scores = Object.fromEntries(CATEGORIES.map((c) => [c, lhr.categories[c]?.score ?? null]));
  const metrics = {
    fcpMs: Math.round(audit('first-contentful-paint') ?? 0),
    lcpMs: Math.round(audit('largest-contentful-paint') ?? 0),
    tbtMs: Math.round(audit('total-blocking-time') ?? 0),
    cls: Math.round((audit('cumulative-layout-shift') ?? 0) * 1000) / 1000,
  };
  // Every scored audit below full marks: the binary ones (contrast, meta tags…) and the metrics.
  const failing = Object.values(lhr.audits)
    .filter((a) => a.score !== null && a.score < 1 && a.scoreDisplayMode === 'binary')
    .map((a) => a.id);
  const meetsTargets =
    scores.performance >= TARGETS.performance &&
    scores.accessibility === 1 &&
    scores['best-practices'] === 1 &&
    scores.seo === 1 &&
    metrics.lcpMs <= TARGETS.lcpMs &&
    metrics.tbtMs <= TARGETS.tbtMs;
  return {
    bench: 'lighthouse-mobile',
    page,
    runs: lhrs.length,
    ...scores,
    ...metrics,
    meetsTargets,
    failing,
    runtimeError: lhr.runtimeError?.code,
    perfRuns: lhrs.map((run) => run.categories.performance?.score ?? null),
    lcpRuns: lhrs.map((run) =>
      Math.round(run.audits['largest-contentful-paint']?.numericValue ?? 0),
    ),
    tbtRuns: lhrs.map((run) => Math.round(run.audits['total-blocking-time']?.numericValue ?? 0)),
    benchmarkIndex: lhr.environment?.benchmarkIndex,
    loadAvg1: Math.round(loadavg()[0] * 10) / 10,
    cores: availableParallelism(),
  };
}

try {
  for (const page of PAGES) {
    const lhrs = [];
    for (let run = 1; run <= RUNS; run++) {
      let lhr = await measure(page, run);
      // A run whose trace Lighthouse could not read (NO_NAVSTART now and then) is run again once.
      if (lhr.runtimeError) lhr = await measure(page, run);
      lhrs.push(lhr);
    }
    const valid = lhrs.filter((lhr) => !lhr.runtimeError);
    const median = valid.length > 0 ? computeMedianRun(valid) : lhrs[0];
    const line = summary(page, median, lhrs);
    if (!line.meetsTargets) {
      console.error(
        `MISSED ${page}: performance ${line.performance}, LCP ${line.lcpMs} ms, TBT ${line.tbtMs} ms`,
      );
    }
    console.log(JSON.stringify(line));
  }
} finally {
  await chrome.kill();
  await server.stop();
}
