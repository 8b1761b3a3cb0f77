// Lighthouse (mobile profile: emulated phone, simulated slow 4G and CPU slowdown) against the
// production server, for the pages issue 3 names. Prints one JSON line per page with the four
// category scores. Targets: performance ≥ 0.95; accessibility, best practices and SEO = 1.
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { findChromium } from '../scripts/chromium.mjs';
import { ensureBuild, startServer } from './lib.mjs';

const PAGES = (process.env.LIGHTHOUSE_PAGES ?? '/,/forex,/terms').split(',');
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'];

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

let missed = false;
try {
  for (const page of PAGES) {
    const result = await lighthouse(`${server.baseUrl}${page}`, {
      port: chrome.port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: CATEGORIES,
    });
    const lhr = result?.lhr;
    if (!lhr) throw new Error(`Lighthouse returned nothing for ${page}`);
    const scores = Object.fromEntries(CATEGORIES.map((c) => [c, lhr.categories[c]?.score ?? null]));
    const failing = Object.values(lhr.audits)
      .filter((a) => a.score !== null && a.score < 1 && a.scoreDisplayMode === 'binary')
      .map((a) => a.id);
    const metrics = {
      fcpMs: Math.round(lhr.audits['first-contentful-paint']?.numericValue ?? 0),
      lcpMs: Math.round(lhr.audits['largest-contentful-paint']?.numericValue ?? 0),
      tbtMs: Math.round(lhr.audits['total-blocking-time']?.numericValue ?? 0),
      cls: Math.round((lhr.audits['cumulative-layout-shift']?.numericValue ?? 0) * 1000) / 1000,
    };
    const meetsTargets =
      scores.performance >= 0.95 &&
      scores.accessibility === 1 &&
      scores['best-practices'] === 1 &&
      scores.seo === 1;
    missed ||= !meetsTargets;
    console.log(
      JSON.stringify({
        bench: 'lighthouse-mobile',
        page,
        ...scores,
        ...metrics,
        meetsTargets,
        failing,
      }),
    );
  }
} finally {
  await chrome.kill();
  await server.stop();
}
if (missed) process.exitCode = 1;
