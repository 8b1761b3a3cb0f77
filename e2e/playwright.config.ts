import { defineConfig, devices } from '@playwright/test';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { installedChromium } from '../scripts/chromium.mjs';

// Journeys run against the production build served by the real server on an empty embedded
// database. Workers inherit these variables from the main process, so every worker and the web
// server agree on the port, data directory and staff credentials.
process.env.E2E_PORT ??= String(20_000 + Math.floor(Math.random() * 20_000));
process.env.E2E_DATA_DIR ??= mkdtempSync(join(tmpdir(), 'brokerdesk-e2e-'));
process.env.E2E_ADMIN_PASSWORD ??= `e2e-${Math.random().toString(36).slice(2)}-Staff!`;

const port = Number(process.env.E2E_PORT);
// During `npm test` the server's log lines are kept for the log check (BROKERDESK_LOG_DIR).
const logDir = process.env.BROKERDESK_LOG_DIR;
const baseURL = `http://127.0.0.1:${port}`;
// `npm test` passes the Chromium it found (scripts/chromium.mjs): Debian's headless shell where it
// can, the build Playwright runs headless tests in, at half the full browser's CPU.
const chromiumPath = installedChromium({ headlessShell: true });

export default defineConfig({
  testDir: '.',
  testMatch: '*.spec.ts',
  globalSetup: './global-setup.ts',
  fullyParallel: true,
  workers: 2,
  retries: 0,
  forbidOnly: !!process.env.CI,
  timeout: 30_000,
  // A fresh browser context opening a portal or back-office address first loads and runs the
  // SPA's scripts (the "Loading…" status): with two workers, their browsers and the server on
  // two cores that took over 5 s in CI runs (the staff invitation page, 2 of 3 runs).
  expect: { timeout: 10_000 },
  reporter: 'list',
  use: {
    baseURL,
    // Recording a trace for every test cost about a tenth of the browser step's CPU (the
    // public-page sweep: 100 → 91 s), for files kept only when a test fails: a failure keeps
    // its screenshot, and E2E_TRACE=1 records traces again when one needs the steps.
    trace: process.env.E2E_TRACE === '1' ? 'retain-on-failure' : 'off',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: chromiumPath,
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  // Every journey runs on a laptop screen; those tagged @phone run on a phone too (issue 16,
  // decision 138): the page-fit sweeps of every page (visitor-public-pages.spec.ts,
  // no-horizontal-scroll.spec.ts) and the journeys where the phone's layout is what a user meets:
  // the menus behind the Menu toggle, the trading terminal's tabs, forms a visitor or client fills,
  // and checks written for the phone (tables that scroll in their frame, buttons in view). A
  // journey whose phone run would only repeat its desktop run's logic (most staff journeys: staff
  // work at desks) runs on the laptop screen only. Both in Chromium: the phone is a 390 × 844 touch
  // screen at 3× with Chrome for Android's user agent (no WebKit here). Journeys open collapsed
  // menus the way a phone user does (fixtures.ts `openMenu`). At phone size the public pages'
  // sweep checks every page's fit and the accessibility of four, whose findings elsewhere do not
  // depend on the screen; every page's fit is checked at both sizes.
  projects: [
    {
      name: 'desktop',
      use: { ...devices['Desktop Chrome'], viewport: { width: 1366, height: 768 } },
    },
    {
      name: 'phone',
      grep: /@phone\b/,
      use: {
        ...devices['Pixel 7'],
        viewport: { width: 390, height: 844 },
        screen: { width: 390, height: 844 },
        deviceScaleFactor: 3,
        isMobile: true,
        hasTouch: true,
      },
    },
  ],
  webServer: {
    command: logDir
      ? `node scripts/serve.mjs >> "${join(logDir, 'e2e-server.log')}"`
      : 'node scripts/serve.mjs',
    cwd: join(import.meta.dirname, '..'),
    url: `${baseURL}/readyz`,
    timeout: 120_000,
    reuseExistingServer: false,
    stdout: 'pipe',
    stderr: 'pipe',
    env: {
      NODE_ENV: 'production',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: process.env.E2E_DATA_DIR,
      ADMIN_USERNAME: 'e2e-owner',
      ADMIN_PASSWORD: process.env.E2E_ADMIN_PASSWORD,
      STAFF_2FA: 'required',
      LOG_LEVEL: logDir ? 'info' : 'warn',
      PUBLIC_URL: baseURL,
    },
  },
});
