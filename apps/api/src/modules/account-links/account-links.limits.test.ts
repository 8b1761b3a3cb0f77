// Issue 17: the mail a caller can cause through account links is limited per account (new
// verification links) or per address (reset links) as well as per IP; a reset request is answered
// before anything about the address is looked up, so its timing says nothing; and a reset may set
// neither a common password nor the current one.
import { and, eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { clientTokens, mailOutbox } from '../../db/schema.js';
import type { BackgroundTasks } from '../../lib/background-tasks.js';
import { generateToken, hashToken } from '../../lib/tokens.js';
import { clientCaller } from '../../test/money-fixtures.js';
import { createTestApp } from '../../test/test-app.js';
import type { TestApp } from '../../test/test-app.js';

const MINUTE = 60 * 1000;
let offsetMs = 0;
const clock = { now: () => new Date(Date.now() + offsetMs) };

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ clock });
});
afterAll(async () => {
  await t?.close();
});
afterEach(() => {
  offsetMs = 0;
});

let nextAddress = 1;
/** Each request from a new IP, so only the per-account (or per-address) count can refuse it. */
const freshIp = () => `198.51.100.${(nextAddress++ % 250) + 1}`;

function requestReset(app: TestApp, email: string) {
  return app.app.inject({
    method: 'POST',
    url: '/api/password-reset/request',
    payload: { email },
    remoteAddress: freshIp(),
  });
}

async function mailsTo(app: TestApp, email: string, subject: RegExp) {
  const rows = await app.database.db
    .select({ subject: mailOutbox.subject })
    .from(mailOutbox)
    .where(eq(mailOutbox.recipient, email));
  return rows.filter((row) => subject.test(row.subject));
}

async function resetTokensOf(app: TestApp, clientId: string) {
  return app.database.db
    .select({ id: clientTokens.id })
    .from(clientTokens)
    .where(and(eq(clientTokens.clientId, clientId), eq(clientTokens.purpose, 'password-reset')));
}

/** Background work that runs only when the test says so. */
function heldTasks() {
  const queued: (() => Promise<void>)[] = [];
  const tasks: BackgroundTasks = {
    run: (_name, task) => void queued.push(task),
    async drain() {
      queued.length = 0; // what a test did not run is dropped with its app
    },
  };
  return {
    tasks,
    queued,
    async runAll() {
      while (queued.length > 0) await queued.shift()!();
    },
  };
}

describe('new verification links (per account)', () => {
  it('sends at most 5 an hour to one account, whatever the IP, then 429 with Retry-After', async () => {
    const client = await clientCaller(t, undefined, { verified: false });
    const resend = () =>
      t.app.inject({
        method: 'POST',
        url: '/api/email/verification/resend',
        headers: client.headers,
        remoteAddress: freshIp(),
      });
    for (let i = 1; i <= 5; i += 1) {
      offsetMs = i * (MINUTE + 1000); // past the one-a-minute cooldown each time
      expect((await resend()).statusCode, `link ${i}`).toBe(202);
    }
    offsetMs = 6 * (MINUTE + 1000);
    const refused = await resend();
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({
      code: 'RATE_LIMITED',
      message: 'We have sent several verification links already; try again later.',
    });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(50 * 60);
    // The registration's link and five more.
    expect(await mailsTo(t, client.email, /Verify/)).toHaveLength(6);
  });
});

describe('password reset requests (per address)', () => {
  it('answers 202 five times an hour per address, then 429 alike for a known and an unknown one', async () => {
    const client = await clientCaller(t);
    const nobody = `nobody-${Date.now()}@example.com`;
    for (let i = 1; i <= 5; i += 1) {
      offsetMs = i * (MINUTE + 1000); // past the one-a-minute interval, so each is mailed
      const known = await requestReset(t, client.email);
      const unknown = await requestReset(t, nobody);
      expect([known.statusCode, unknown.statusCode], `request ${i}`).toEqual([202, 202]);
      expect(known.json()).toEqual(unknown.json());
      // The link is written after the answer: wait for it before the clock moves on.
      await expect
        .poll(async () => (await mailsTo(t, client.email, /Set a new password/)).length)
        .toBe(i);
    }
    offsetMs = 6 * (MINUTE + 1000);
    const known = await requestReset(t, client.email.toUpperCase());
    const unknown = await requestReset(t, nobody);
    for (const refused of [known, unknown]) {
      expect(refused.statusCode).toBe(429);
      expect(refused.json()).toEqual({
        code: 'RATE_LIMITED',
        message:
          'Several reset links were asked for this e-mail address already; check your inbox or try again later.',
      });
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(50 * 60);
    }
  });
});

describe('password reset timing (finding: 7.0 vs 1.9 ms)', () => {
  it('answers before touching the database, so a known and an unknown address cost the same', async () => {
    const held = heldTasks();
    const app = await createTestApp({ backgroundTasks: held.tasks });
    try {
      const client = await app.createClient();
      // Nothing the answer waits for may read or write the database: with it closed, a known
      // and an unknown address are still answered alike.
      await app.database.close();
      const known = await requestReset(app, client.email);
      const unknown = await requestReset(app, `nobody-${Date.now()}@example.com`);
      expect(known.statusCode).toBe(202);
      expect(unknown.statusCode).toBe(202);
      expect(known.body).toBe(unknown.body);
      expect(held.queued).toHaveLength(2); // the same work queued for both
    } finally {
      await app.close();
    }
  });

  it('writes the link and its mail after the answer, for a known address only', async () => {
    const held = heldTasks();
    const app = await createTestApp({ backgroundTasks: held.tasks });
    try {
      const client = await clientCaller(app);
      const nobody = `nobody-${Date.now()}@example.com`;
      expect((await requestReset(app, client.email)).statusCode).toBe(202);
      expect((await requestReset(app, nobody)).statusCode).toBe(202);
      expect(await resetTokensOf(app, client.id)).toEqual([]);
      expect(await mailsTo(app, client.email, /Set a new password/)).toEqual([]);

      await held.runAll();
      expect(await resetTokensOf(app, client.id)).toHaveLength(1);
      expect(await mailsTo(app, client.email, /Set a new password/)).toHaveLength(1);
      expect(await mailsTo(app, nobody, /./)).toEqual([]);
    } finally {
      await app.close();
    }
  });
});

describe('setting a new password with a reset link', () => {
  async function resetLink(clientId: string): Promise<string> {
    const token = generateToken();
    await t.database.db.insert(clientTokens).values({
      clientId,
      purpose: 'password-reset',
      tokenHash: hashToken(token),
      expiresAt: new Date(Date.now() + 30 * MINUTE),
    });
    return token;
  }
  const confirm = (token: string, password: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/password-reset/confirm',
      payload: { token, password, confirmPassword: password },
    });

  it('refuses a common password and the current one, and the link still works afterwards', async () => {
    const client = await clientCaller(t);
    const token = await resetLink(client.id);

    const common = await confirm(token, 'Password1');
    expect(common.statusCode).toBe(400);
    expect(common.json()).toMatchObject({
      code: 'VALIDATION_FAILED',
      fields: {
        password: ['This password is one of the most common and easy to guess; choose another'],
      },
    });

    const same = await confirm(token, client.password);
    expect(same.statusCode).toBe(400);
    expect(same.json()).toMatchObject({
      code: 'VALIDATION_FAILED',
      fields: { password: ['Choose a password different from your current one'] },
    });

    expect((await confirm(token, 'an-uncommon-new-one')).statusCode).toBe(200);
    expect(await t.login(client.email, 'an-uncommon-new-one')).toMatch(/^[\w-]{43}$/);
  });
});
