import AxeBuilder from '@axe-core/playwright';
import {
  test as base,
  expect,
  type APIRequestContext,
  type APIResponse,
  type Page,
  type TestInfo,
} from '@playwright/test';
import { join } from 'node:path';

export { expect };

export const STAFF = {
  username: 'e2e-owner',
  password: process.env.E2E_ADMIN_PASSWORD ?? '',
};

export interface TestClient {
  firstName: string;
  lastName: string;
  email: string;
  password: string;
}

/** An e-mail address no other test (or earlier run) has used. */
export function uniqueEmail(prefix: string): string {
  return `${prefix}-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.com`;
}

/** True when the test runs in the `phone` project (playwright.config.ts). */
export function onPhone(): boolean {
  return base.info().project.name === 'phone';
}

/**
 * Opens the page's navigation the way the screen shows it: where the links sit behind the
 * "Menu" toggle (the public header below 900 px, the portal below 641 px, the back office's side
 * menu on a phone), taps the toggle as a phone user would; where they are in view, does nothing.
 * The public site, the portal and the back office each have one such toggle.
 */
export async function openMenu(page: Page): Promise<void> {
  const toggle = page.getByRole('button', { name: 'Menu', exact: true, includeHidden: true });
  await expect(toggle).toHaveAttribute('aria-expanded', /^(true|false)$/);
  if (!(await toggle.isVisible()) || (await toggle.getAttribute('aria-expanded')) === 'true') {
    return;
  }
  // A pre-rendered page may take the tap before it has hydrated: tap again until it opens.
  await expect(async () => {
    if ((await toggle.getAttribute('aria-expanded')) !== 'true') await toggle.click();
    await expect(toggle).toHaveAttribute('aria-expanded', 'true', { timeout: 1_000 });
  }).toPass();
}

/**
 * What axe (WCAG 2 A/AA) finds on the page as it is now, one line per rule with its elements;
 * an empty list when there is nothing.
 *
 * In axe's legacy mode: `axe.run` in the page itself. The default runs each frame's part and
 * then opens a blank page to merge them, which cost 0.7–1.9 s a scan (a third of it) for the
 * same findings; it is needed only for frames from another origin, which no page here has.
 */
export async function axeViolations(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa'])
    .setLegacyMode()
    .analyze();
  return results.violations.map(
    (v) => `${v.id} (${v.impact}): ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`,
  );
}

/** The smallest file the upload check takes for a PDF. */
const PDF_BYTES = Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n');

/**
 * The client uploads proof of ID and proof of residence and staff approve both: withdrawals need
 * them, and deposits past the limit before documents (docs/documents-api.md).
 */
export async function approveIdentityDocuments(
  api: APIRequestContext,
  clientHeaders: Record<string, string>,
  staffHeaders: Record<string, string>,
): Promise<void> {
  for (const kind of ['id', 'residence']) {
    const uploaded = await api.post(`/api/documents?kind=${kind}`, {
      headers: {
        ...clientHeaders,
        'content-type': 'application/pdf',
        'x-file-name': `${kind}.pdf`,
      },
      data: PDF_BYTES,
    });
    expect(uploaded.status()).toBe(201);
    const { document } = (await uploaded.json()) as { document: { id: string } };
    const approved = await api.post(`/api/staff/documents/${document.id}/approve`, {
      headers: staffHeaders,
    });
    expect(approved.status()).toBe(200);
  }
}

/** The appropriateness test's right answers (the server's key; decision 132). */
export const RIGHT_ANSWERS = {
  cfd: 'b',
  leverage: 'b',
  move: 'b',
  'margin-call': 'a',
  'stop-out': 'c',
  'stop-loss': 'b',
} as const;

/**
 * The live onboarding through the API (decision 132): the current risk disclosure acknowledged
 * and the appropriateness test passed. The onboarding journey goes through the screens instead.
 */
export async function completeLiveOnboarding(
  api: APIRequestContext,
  clientHeaders: Record<string, string>,
): Promise<void> {
  const state = await api.get('/api/trading/onboarding', { headers: clientHeaders });
  expect(state.status()).toBe(200);
  const { disclosure } = (await state.json()) as { disclosure: { version: string } };
  const acknowledged = await api.post('/api/trading/onboarding/risk-disclosure', {
    headers: clientHeaders,
    data: { version: disclosure.version },
  });
  expect(acknowledged.status()).toBe(200);
  const tested = await api.post('/api/trading/onboarding/appropriateness', {
    headers: clientHeaders,
    data: { answers: RIGHT_ANSWERS },
  });
  expect(tested.status(), await tested.text()).toBe(201);
}

/** Registers a client through the public API, as the registration screen would. */
export async function registerClient(
  request: APIRequestContext,
  overrides: Partial<TestClient> = {},
): Promise<TestClient> {
  const client: TestClient = {
    firstName: 'Fixture',
    lastName: 'Client',
    email: uniqueEmail('client'),
    password: 'fixture-pass-1',
    ...overrides,
  };
  const response = await request.post('/api/userRegister/send', {
    data: {
      ...client,
      phone: '4915112345678',
      confirmPassword: client.password,
      country: 'Germany',
    },
  });
  expect(response.status(), await response.text()).toBe(201);
  return client;
}

/**
 * Every test fails if the page reports a Content-Security-Policy violation or an uncaught
 * error: the pre-rendered pages must run under their per-page script hashes.
 */
export const test = base.extend<{ pageProblems: string[] }>({
  pageProblems: [
    async ({ page }, use) => {
      const problems: string[] = [];
      page.on('console', (message) => {
        const text = message.text();
        if (message.type() === 'error' && /Content.Security.Policy|Refused to/i.test(text)) {
          problems.push(text);
        }
      });
      page.on('pageerror', (error) => problems.push(`Uncaught: ${error.message}`));
      await use(problems);
      expect(problems, 'CSP violations or uncaught errors on the page').toEqual([]);
    },
    { auto: true },
  ],
});

import { startProductionServer } from '../scripts/production-server.mjs';
import type { ProductionServer as IsolatedServer } from '../scripts/production-server.mjs';

export type { IsolatedServer };

/**
 * A second production server on its own empty database, for journeys that need to know every
 * row there is (e.g. "no activity yet"), which the shared server cannot promise. A busy machine
 * can take most of a minute to start one, so the hook or test that does gets at least 90 s.
 * A file whose tests share one such server runs them in one worker (`mode: 'default'`): in
 * parallel each worker would start a server of its own.
 */
const QUIET_MARKET = join(import.meta.dirname, 'fixtures', 'quiet-market.jsonl');

export function startIsolatedServer(env?: Record<string, string>): Promise<IsolatedServer> {
  const info = base.info();
  info.setTimeout(Math.max(info.timeout, 90_000));
  // global-setup.ts made and migrated an empty database once: a copy spares each server
  // PGlite's initdb and the migrations.
  // Prices: a quiet replay (one quote per major, then the replay clock stops and they stay
  // fresh), so these servers spend no CPU on a feed and show the same market on any day; a
  // journey about prices passes its own replay.
  return startProductionServer(
    { MARKET_DATA_PROVIDER: 'replay', REPLAY_FILE: QUIET_MARKET, ...env },
    { template: process.env.E2E_DATABASE_TEMPLATE },
  );
}

/** An isolated server and the owner it created, who signs in with a password alone. */
export interface DeskServer extends IsolatedServer {
  owner: { username: string; password: string };
}

/**
 * An isolated server with STAFF_2FA=optional, so its owner (`username`) acts through the API or
 * signs in to the back office without enrolling TOTP (staff-back-office.spec.ts has the TOTP
 * journey). `env` adds to or overrides the server's environment (a replay of prices, limits).
 */
export async function startDeskServer(
  username: string,
  env: Record<string, string> = {},
): Promise<DeskServer> {
  const owner = { username, password: `${username}-journey-password` };
  const server = await startIsolatedServer({
    STAFF_2FA: 'optional',
    ADMIN_USERNAME: owner.username,
    ADMIN_PASSWORD: owner.password,
    ...env,
  });
  return { ...server, owner };
}

/** The desk server's owner signs in through the API: the headers of their staff requests. */
export async function signInOwner(
  api: APIRequestContext,
  server: DeskServer,
): Promise<{ 'x-auth-token': string }> {
  const login = await expectJson(
    await api.post(`${server.baseUrl}/api/adminLogin/adminLogin`, { data: server.owner }),
    200,
  );
  return { 'x-auth-token': String(login.token) };
}

/** The response has `status` (its body in the message when not); returns its JSON body. */
export async function expectJson(
  response: APIResponse,
  status = 200,
): Promise<Record<string, unknown>> {
  expect(response.status(), `${response.url()}: ${await response.text()}`).toBe(status);
  return (await response.json()) as Record<string, unknown>;
}

import { mailText, mailsTo } from '../scripts/dev-outbox.mjs';

export { mailText };

/** Polls the dev outbox until `find` returns something from the mails to `to`, newest first. */
async function pollOutbox<T>(
  options: { dataDir: string; to: string; timeoutMs: number; what: string },
  find: (mails: Awaited<ReturnType<typeof mailsTo>>) => T | undefined,
): Promise<T> {
  const deadline = Date.now() + options.timeoutMs;
  for (;;) {
    const found = find(await mailsTo(options.dataDir, options.to));
    if (found !== undefined) return found;
    if (Date.now() > deadline) {
      throw new Error(`no mail to ${options.to} ${options.what} in ${options.dataDir}/outbox`);
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/**
 * Waits (polling `DATA_DIR/outbox`, the dev mail outbox) for the newest mail to `to` that holds a
 * link to `path` with a token (`/verifyEmail#token=…`), and returns that link's path and
 * fragment, to be opened on whichever base URL the test uses.
 */
export function waitForMailedLink(options: {
  dataDir: string;
  to: string;
  path: string;
  timeoutMs?: number;
}): Promise<string> {
  const pattern = new RegExp(`${options.path}#token=[A-Za-z0-9_-]{43}`);
  return pollOutbox(
    { ...options, timeoutMs: options.timeoutMs ?? 5_000, what: `with a ${options.path} link` },
    (mails) => mails.map((mail) => pattern.exec(mail.text)?.[0]).find(Boolean),
  );
}

/** The text of the newest mail to `to` whose subject matches, once the outbox has it. */
export function waitForMail(options: {
  dataDir: string;
  to: string;
  subject: RegExp;
  timeoutMs?: number;
}): Promise<string> {
  return pollOutbox(
    { ...options, timeoutMs: options.timeoutMs ?? 15_000, what: `with subject ${options.subject}` },
    (mails) => mails.find((mail) => options.subject.test(mail.subject))?.text,
  );
}

/** On a phone the trading terminal's sections are tabs: shows the one holding `section`. */
export async function showTerminalSection(
  page: Page,
  section: 'Prices' | 'Chart' | 'Order' | 'Positions',
): Promise<void> {
  if (!onPhone()) return;
  await page
    .getByRole('navigation', { name: 'Terminal sections' })
    .getByRole('button', { name: section })
    .click();
}

/** With E2E_SCREENSHOTS=1, what a journey's user sees is kept in the report (page-fit.ts too). */
export async function keepScreenshot(page: Page, testInfo: TestInfo, name: string) {
  if (process.env.E2E_SCREENSHOTS !== '1') return;
  const path = testInfo.outputPath(`${name}-${testInfo.project.name}.png`);
  await page.screenshot({ path, fullPage: true });
  await testInfo.attach(`${name} at ${testInfo.project.name} size`, {
    path,
    contentType: 'image/png',
  });
}
