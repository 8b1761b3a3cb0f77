// Issue 17 finding 4: a reminder is a mail, so it needs a verified address (else anyone could
// register someone else's address and mail it), and it is limited per account as well as per IP.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailOutbox } from '../../db/schema.js';
import { clientCaller } from '../../test/money-fixtures.js';
import { createTestApp } from '../../test/test-app.js';
import type { TestApp } from '../../test/test-app.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

const inTenDays = () => new Date(Date.now() + 10 * 24 * 60 * 60 * 1000).toISOString().slice(0, 10);

function remind(
  headers: Record<string, string>,
  payload: string | object,
  remoteAddress = '203.0.113.1',
) {
  return t.app.inject({ method: 'POST', url: '/api/reminders', headers, payload, remoteAddress });
}

async function remindersMailedTo(email: string) {
  const rows = await t.database.db
    .select({ subject: mailOutbox.subject })
    .from(mailOutbox)
    .where(eq(mailOutbox.recipient, email));
  return rows.filter((row) => row.subject.startsWith('Reminder'));
}

describe('calendar reminders (issue 17)', () => {
  it('refuses an unverified account with 403 EMAIL_NOT_VERIFIED, even with a bad body, and mails nothing', async () => {
    const client = await clientCaller(t, undefined, { verified: false });
    for (const payload of [{ date: inTenDays() }, { date: 'not a date' }, 'junk', {}]) {
      const response = await remind(client.headers, payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(403);
      expect(response.json()).toMatchObject({
        code: 'EMAIL_NOT_VERIFIED',
        message:
          'Verify your e-mail address first: open the link we sent you, or ask for a new one.',
      });
    }
    expect(await remindersMailedTo(client.email)).toEqual([]);
  });

  it('allows 10 reminders an hour per account, whatever the IP, then answers 429 with Retry-After', async () => {
    const client = await clientCaller(t);
    for (let i = 0; i < 10; i += 1) {
      const response = await remind(client.headers, { date: inTenDays() }, `198.51.100.${i + 1}`);
      expect(response.statusCode, `reminder ${i + 1}`).toBe(201);
    }
    const refused = await remind(client.headers, { date: inTenDays() }, '198.51.100.200');
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({
      code: 'RATE_LIMITED',
      message: 'You have asked for many reminders in a short time; try again later.',
    });
    const retryAfter = Number(refused.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(55 * 60);
    expect(retryAfter).toBeLessThanOrEqual(60 * 60);
    expect(await remindersMailedTo(client.email)).toHaveLength(10);

    // Another account is not held back by the first one's count.
    const other = await clientCaller(t);
    expect((await remind(other.headers, { date: inTenDays() }, '198.51.100.201')).statusCode).toBe(
      201,
    );
  });
});
