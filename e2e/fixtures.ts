import { test as base, expect, type APIRequestContext } from '@playwright/test';
import { readdir, readFile } from 'node:fs/promises';
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

export type { ProductionServer as IsolatedServer } from '../scripts/production-server.mjs';

/**
 * A second production server on its own empty database, for journeys that need to know every
 * row there is (e.g. "no activity yet"), which the shared server cannot promise.
 */
export { startProductionServer as startIsolatedServer } from '../scripts/production-server.mjs';

import { mailText } from '../scripts/dev-outbox.mjs';

export { mailText };

/**
 * Waits (polling `DATA_DIR/outbox`, the dev mail outbox) for the newest mail to `to` that holds a
 * link to `path` with a token (`/verifyEmail#token=…`), and returns that link's path and
 * fragment, to be opened on whichever base URL the test uses.
 */
export async function waitForMailedLink(options: {
  dataDir: string;
  to: string;
  path: string;
  timeoutMs?: number;
}): Promise<string> {
  const outbox = join(options.dataDir, 'outbox');
  const pattern = new RegExp(`${options.path}#token=[A-Za-z0-9_-]{43}`);
  const deadline = Date.now() + (options.timeoutMs ?? 5_000);
  for (;;) {
    const names = await readdir(outbox).catch(() => [] as string[]);
    // File names begin with the time they were written, so the newest sorts last.
    for (const name of names
      .filter((n) => n.endsWith('.eml'))
      .sort()
      .reverse()) {
      const eml = await readFile(join(outbox, name), 'utf8');
      const to = /^To:\s*(.+)$/im.exec(eml.replace(/\r\n/g, '\n'))?.[1] ?? '';
      if (!to.toLowerCase().includes(options.to.toLowerCase())) continue;
      const link = pattern.exec(mailText(eml))?.[0];
      if (link) return link;
    }
    if (Date.now() > deadline) {
      throw new Error(`no mail to ${options.to} with a ${options.path} link in ${outbox}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}
