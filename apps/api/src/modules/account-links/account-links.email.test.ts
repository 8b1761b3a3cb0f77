// E-mail flows against a real SMTP server in the test process (issue 6 "Done when"): what the
// client receives at registration, on a password reset and on staff decisions.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { mailOutbox } from '../../db/schema.js';
import { approveIdentityDocuments } from '../../test/documents-fixtures.js';
import { clientCaller, get, post, staffCaller } from '../../test/money-fixtures.js';
import type { Caller } from '../../test/money-fixtures.js';
import { linkToken, startSmtpServer } from '../../test/smtp-server.js';
import type { TestSmtpServer } from '../../test/smtp-server.js';
import { createTestApp } from '../../test/test-app.js';
import type { TestApp } from '../../test/test-app.js';

let offsetMs = 0;
const clock = { now: () => new Date(Date.now() + offsetMs) };
const MINUTE = 60 * 1000;

let smtp: TestSmtpServer;
let t: TestApp;

beforeAll(async () => {
  smtp = await startSmtpServer();
  t = await createTestApp({
    clock,
    env: { SMTP_URL: smtp.url, PUBLIC_URL: 'https://broker.example', STAFF_2FA: 'optional' },
  });
});
afterAll(async () => {
  await t?.close();
  await smtp?.close();
});
afterEach(() => {
  offsetMs = 0;
  smtp.refuse = false;
});

async function registerUnverified() {
  const client = await t.createClient({}, { verified: false });
  const token = await t.login(client.email, client.password);
  return { ...client, token, headers: { 'user-token': token } };
}

function verify(token: string) {
  return t.app.inject({ method: 'POST', url: '/api/email/verify', payload: { token } });
}

function deposit(headers: Record<string, string>) {
  return t.app.inject({
    method: 'POST',
    url: '/api/deposits',
    headers,
    payload: { amountMinor: 50_000, method: 'bitcoin' },
  });
}

describe('e-mail verification', () => {
  it('mails a link at registration; money needs it; the link works once', async () => {
    const client = await registerUnverified();
    const mail = await smtp.waitFor(client.email, /Verify your e-mail address/);
    expect(mail.from).toMatch(/^no-reply@broker\.example$/);
    expect(mail.text).toContain('Hello Ada,');
    expect(mail.text).toContain('https://broker.example/verifyEmail#token=');
    expect(mail.html).toContain('href="https://broker.example/verifyEmail#token=');

    const refused = await deposit(client.headers);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({
      code: 'EMAIL_NOT_VERIFIED',
      message: 'Verify your e-mail address first: open the link we sent you, or ask for a new one.',
    });
    const dashboard = await t.app.inject({
      method: 'GET',
      url: '/api/userDashboard/send/',
      headers: client.headers,
    });
    expect(dashboard.json().userInfo.emailVerified).toBe(false);

    const token = linkToken(mail.text, '/verifyEmail');
    const ok = await verify(token);
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toEqual({ message: 'Your e-mail address is verified.' });
    expect((await deposit(client.headers)).statusCode).toBe(201);

    const again = await verify(token);
    expect(again.statusCode).toBe(410);
    expect(again.json()).toMatchObject({
      code: 'TOKEN_USED',
      message: 'This link has already been used.',
    });
  });

  it('refuses an unknown or malformed link, and an expired one after 24 hours', async () => {
    const unknown = await verify('A'.repeat(43));
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().code).toBe('TOKEN_INVALID');
    const malformed = await verify('not-a-token');
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().message).toBe(
      'This link is not valid. Check that you copied all of it.',
    );

    const client = await registerUnverified();
    const mail = await smtp.waitFor(client.email, /Verify/);
    offsetMs = 24 * 60 * MINUTE + 1000;
    const expired = await verify(linkToken(mail.text, '/verifyEmail'));
    expect(expired.statusCode).toBe(410);
    expect(expired.json()).toMatchObject({
      code: 'TOKEN_EXPIRED',
      message: 'This link has expired.',
    });
  });

  it('resends a link once a minute, and not once verified', async () => {
    const client = await registerUnverified();
    await smtp.waitFor(client.email, /Verify/);
    const resend = () =>
      t.app.inject({
        method: 'POST',
        url: '/api/email/verification/resend',
        headers: client.headers,
      });

    const tooSoon = await resend();
    expect(tooSoon.statusCode).toBe(429);
    expect(Number(tooSoon.headers['retry-after'])).toBeGreaterThan(0);
    expect(tooSoon.json().message).toBe(
      'A link was sent a moment ago; you can ask for another in a minute.',
    );

    offsetMs = MINUTE + 1000;
    const sent = await resend();
    expect(sent.statusCode).toBe(202);
    expect(sent.json()).toEqual({
      message: 'We sent a new verification link to your e-mail address.',
      retryAfterSeconds: 60,
    });
    await expect.poll(() => smtp.mailTo(client.email).length, { timeout: 5000 }).toBe(2);
    const newest = smtp.mailTo(client.email)[1]!;
    expect((await verify(linkToken(newest.text, '/verifyEmail'))).statusCode).toBe(200);

    offsetMs = 3 * MINUTE;
    const done = await resend();
    expect(done.statusCode).toBe(409);
    expect(done.json().code).toBe('ALREADY_VERIFIED');
  });
});

describe('password reset', () => {
  const request = (email: string) =>
    t.app.inject({ method: 'POST', url: '/api/password-reset/request', payload: { email } });
  const confirm = (token: string, password: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/password-reset/confirm',
      payload: { token, password, confirmPassword: password },
    });

  it('answers the same for an unknown address, and mails nobody', async () => {
    const nobody = `nobody-${Date.now()}@example.com`;
    const unknown = await request(nobody);
    const client = await t.createClient();
    const known = await request(client.email);
    expect(unknown.statusCode).toBe(202);
    expect(known.statusCode).toBe(202);
    expect(unknown.json()).toEqual(known.json());
    await smtp.waitFor(client.email, /Set a new password/);
    expect(smtp.mailTo(nobody)).toEqual([]);
  });

  it('sets the new password once, signs out every session and says so by mail', async () => {
    const client = await t.createClient();
    const session = await t.login(client.email, client.password);
    await request(client.email);
    const mail = await smtp.waitFor(client.email, /Set a new password/);
    expect(mail.text).toContain('The link works once, for 30 minutes.');
    const token = linkToken(mail.text, '/setNewPassword');

    const done = await confirm(token, 'brand-new-secret');
    expect(done.statusCode).toBe(200);
    expect(done.json().message).toMatch(/every device has been signed out/);

    const old = await t.app.inject({
      method: 'GET',
      url: '/api/userDashboard/send/',
      headers: { 'user-token': session },
    });
    expect(old.statusCode).toBe(401);
    const oldPassword = await t.app.inject({
      method: 'POST',
      url: '/api/userLogin/send',
      payload: { email: client.email, password: client.password },
    });
    expect(oldPassword.statusCode).toBe(401);
    expect(await t.login(client.email, 'brand-new-secret')).toMatch(/^[\w-]{43}$/);

    const reused = await confirm(token, 'another-secret');
    expect(reused.statusCode).toBe(410);
    expect(reused.json().code).toBe('TOKEN_USED');
    await smtp.waitFor(client.email, /Your password was changed/);
  });

  it('lets exactly one of two simultaneous uses of a link through', async () => {
    const client = await t.createClient();
    await request(client.email);
    const token = linkToken(
      (await smtp.waitFor(client.email, /Set a new password/)).text,
      '/setNewPassword',
    );
    const results = await Promise.all([
      confirm(token, 'first-new-secret'),
      confirm(token, 'second-new-secret'),
    ]);
    expect(results.map((result) => result.statusCode).sort()).toEqual([200, 410]);
    const winner = results[0]!.statusCode === 200 ? 'first-new-secret' : 'second-new-secret';
    expect(await t.login(client.email, winner)).toMatch(/^[\w-]{43}$/);
  });

  it('lifts a login lock-out', async () => {
    const client = await t.createClient();
    const login = (password: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/userLogin/send',
        payload: { email: client.email, password },
      });
    for (let i = 0; i < 10; i += 1) expect((await login('wrong-guess')).statusCode).toBe(401);
    expect((await login(client.password)).statusCode).toBe(429);

    await request(client.email);
    const token = linkToken(
      (await smtp.waitFor(client.email, /Set a new password/)).text,
      '/setNewPassword',
    );
    expect((await confirm(token, 'after-the-lock')).statusCode).toBe(200);
    expect((await login('after-the-lock')).statusCode).toBe(200);
  });

  it('refuses a link after 30 minutes, and validates the new password like registration', async () => {
    const client = await t.createClient();
    await request(client.email);
    const token = linkToken(
      (await smtp.waitFor(client.email, /Set a new password/)).text,
      '/setNewPassword',
    );

    const short = await confirm(token, '123');
    expect(short.statusCode).toBe(400);
    expect(short.json().fields.password).toEqual(['Password must be at least 6 characters']);

    offsetMs = 31 * MINUTE;
    const expired = await confirm(token, 'long-enough');
    expect(expired.statusCode).toBe(410);
    expect(expired.json().code).toBe('TOKEN_EXPIRED');
  });
});

describe('notifications', () => {
  let owner: Caller;
  beforeAll(async () => {
    owner = await staffCaller(t, 'owner');
  });

  async function fundedClient() {
    const client = await clientCaller(t);
    await approveIdentityDocuments(t, client); // it withdraws (decision 104)
    return client;
  }

  it('mails deposit and withdrawal decisions, and never a confirmation after a rejection', async () => {
    const client = await fundedClient();
    const first = await post(t, '/api/deposits', client, {
      amountMinor: 50_000,
      method: 'bitcoin',
    });
    const second = await post(t, '/api/deposits', client, {
      amountMinor: 40_000,
      method: 'bank-transfer',
    });
    const firstId = first.json().request.id as string;
    const secondId = second.json().request.id as string;

    expect((await post(t, `/api/staff/deposits/${firstId}/confirm`, owner)).statusCode).toBe(200);
    const confirmed = await smtp.waitFor(client.email, /Deposit of \$500\.00 confirmed/);
    expect(confirmed.text).toContain('We received your Bitcoin deposit of $500.00');

    const rejected = await post(t, `/api/staff/deposits/${secondId}/reject`, owner, {
      reason: 'No transfer arrived with this reference',
    });
    expect(rejected.statusCode).toBe(200);
    const rejection = await smtp.waitFor(client.email, /Deposit of \$400\.00 not accepted/);
    expect(rejection.text).toContain('Reason: No transfer arrived with this reference');

    const withdrawal = await post(t, '/api/withdrawals', client, {
      amountMinor: 10_000,
      method: 'bitcoin',
      destination: 'bc1qexampleexampleexampleexample0000',
    });
    expect(withdrawal.statusCode).toBe(201);
    const withdrawalId = withdrawal.json().request.id as string;
    await post(t, `/api/staff/withdrawals/${withdrawalId}/approve`, owner);
    await smtp.waitFor(client.email, /Withdrawal of \$100\.00 approved/);

    // Repeating a decision changes nothing and mails nothing.
    expect((await post(t, `/api/staff/deposits/${secondId}/confirm`, owner)).statusCode).toBe(409);
    await new Promise((resolve) => setTimeout(resolve, 600));
    const subjects = smtp.mailTo(client.email).map((mail) => mail.subject);
    expect(subjects.filter((subject) => subject.includes('$400.00'))).toEqual([
      'Deposit of $400.00 not accepted',
    ]);
  });

  it('mails a ticket reply to the client, and to the address a visitor left', async () => {
    const client = await fundedClient();
    const ticket = await post(t, '/api/support/send', client, {
      subject: 'Statement',
      message: 'Where is my statement?',
    });
    const ticketId = ticket.json().ticketId as string;
    await post(t, `/api/staff/tickets/${ticketId}/reply`, owner, {
      message: 'It is under Transaction History.',
    });
    const reply = await smtp.waitFor(client.email, /^Re: Statement$/);
    expect(reply.text).toContain('It is under Transaction History.');

    const visitor = `visitor-${Date.now()}@example.com`;
    const contact = await t.app.inject({
      method: 'POST',
      url: '/api/support/send',
      payload: { subject: 'Hours', message: 'When are you open?', email: visitor },
    });
    await post(t, `/api/staff/tickets/${contact.json().ticketId as string}/reply`, owner, {
      message: 'Around the clock.',
    });
    const answer = await smtp.waitFor(visitor, /^Re: Hours$/);
    expect(answer.text).toContain('Hello,');
    expect(answer.text).not.toContain('/userDashboard');
  });

  it('mails a password change', async () => {
    const client = await fundedClient();
    const changed = await post(t, '/api/account/password', client, {
      currentPassword: 'secret-pass',
      newPassword: 'changed-secret',
      confirmPassword: 'changed-secret',
    });
    expect(changed.statusCode).toBe(200);
    await smtp.waitFor(client.email, /Your password was changed/);
  });
});

describe('delivery', () => {
  it('keeps a mail queued and retries it while the SMTP server refuses', async () => {
    smtp.refuse = true;
    const client = await t.createClient({}, { verified: false });
    await expect
      .poll(
        async () => {
          const [row] = await t.database.db
            .select({
              attempts: mailOutbox.attempts,
              state: mailOutbox.state,
              lastError: mailOutbox.lastError,
            })
            .from(mailOutbox)
            .where(eq(mailOutbox.recipient, client.email.toLowerCase()));
          return row;
        },
        { timeout: 5000 },
      )
      .toMatchObject({ attempts: 1, state: 'queued', lastError: expect.stringMatching(/451/) });
    expect(smtp.mailTo(client.email)).toEqual([]);

    smtp.refuse = false;
    offsetMs = 31 * 1000; // the first retry waits 30 s
    await smtp.waitFor(client.email, /Verify/);
    // The worker marks the row sent just after the server accepted the message: wait for that.
    await expect
      .poll(
        async () => {
          const [row] = await t.database.db
            .select()
            .from(mailOutbox)
            .where(eq(mailOutbox.recipient, client.email.toLowerCase()));
          return row;
        },
        { timeout: 5000 },
      )
      .toMatchObject({ state: 'sent', textBody: null, htmlBody: null, attempts: 2 });
  });
});

describe('calendar reminders', () => {
  it('mails the client at 08:00 in their time zone on the chosen day', async () => {
    const client = await clientCaller(t);
    const now = clock.now();
    const inTenDays = new Date(now.getTime() + 10 * 24 * 60 * MINUTE);
    const date = inTenDays.toISOString().slice(0, 10);
    const response = await post(t, '/api/reminders', client, { date, timeZone: 'Asia/Tokyo' });
    expect(response.statusCode).toBe(201);
    const { sendAt, message } = response.json<{ sendAt: string; message: string }>();
    expect(sendAt).toBe(new Date(`${date}T08:00:00+09:00`).toISOString());
    expect(message).toMatch(/^You will be reminded on \w+day, \w+ \d{1,2}, \d{4}$/);

    await new Promise((resolve) => setTimeout(resolve, 600));
    expect(smtp.mailTo(client.email).filter((m) => m.subject.startsWith('Reminder'))).toEqual([]);
    offsetMs = new Date(sendAt).getTime() - Date.now() + 1000;
    const reminder = await smtp.waitFor(client.email, /^Reminder: /);
    expect(reminder.text).toContain('calendar of webinars');
  });

  it('refuses a past date, an impossible one and one more than a year ahead', async () => {
    const client = await clientCaller(t);
    for (const date of ['2001-01-01', '2031-02-30', '2999-01-01', '15-01-2030']) {
      const response = await post(t, '/api/reminders', client, { date });
      expect(response.statusCode, date).toBe(400);
      expect(response.json().message).toBe('Choose a date from today up to a year ahead');
    }
    const anonymous = await t.app.inject({
      method: 'POST',
      url: '/api/reminders',
      payload: { date: '2030-01-01' },
    });
    expect(anonymous.statusCode).toBe(401);
  });
});

describe('signed-in devices', () => {
  it('lists sessions with their device, signs out others, and ends one by id', async () => {
    const client = await t.createClient();
    const login = (agent: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/userLogin/send',
        headers: { 'user-agent': agent },
        payload: { email: client.email, password: client.password },
      });
    const phone = (await login('Phone browser')).json().token as string;
    const laptop = (await login('Laptop browser')).json().token as string;
    const tablet = (await login('Tablet browser')).json().token as string;
    const me = { headers: { 'user-token': laptop } } as Caller;

    const list = await get(t, '/api/account/sessions', me);
    const sessions = list.json().sessions as { id: string; userAgent: string; current: boolean }[];
    expect(sessions.map((s) => s.userAgent)).toEqual([
      'Tablet browser',
      'Laptop browser',
      'Phone browser',
    ]);
    expect(sessions.filter((s) => s.current).map((s) => s.userAgent)).toEqual(['Laptop browser']);

    const tabletId = sessions.find((s) => s.userAgent === 'Tablet browser')!.id;
    const ended = await t.app.inject({
      method: 'DELETE',
      url: `/api/account/sessions/${tabletId}`,
      headers: me.headers,
    });
    expect(ended.statusCode).toBe(204);
    const again = await t.app.inject({
      method: 'DELETE',
      url: `/api/account/sessions/${tabletId}`,
      headers: me.headers,
    });
    expect(again.statusCode).toBe(404);
    const tabletNow = await t.app.inject({
      method: 'GET',
      url: '/api/userDashboard/send/',
      headers: { 'user-token': tablet },
    });
    expect(tabletNow.statusCode).toBe(401);

    const others = await post(t, '/api/account/sessions/revoke-others', me);
    expect(others.json()).toEqual({
      message: 'Every other device has been signed out.',
      revoked: 1,
    });
    const phoneNow = await t.app.inject({
      method: 'GET',
      url: '/api/userDashboard/send/',
      headers: { 'user-token': phone },
    });
    expect(phoneNow.statusCode).toBe(401);
    expect((await get(t, '/api/account/sessions', me)).json().sessions).toHaveLength(1);
  });

  it("cannot end another client's session", async () => {
    const a = await t.signedInClient();
    const b = await t.signedInClient();
    const [bSession] = (
      await get(t, '/api/account/sessions', { headers: { 'user-token': b.token } } as Caller)
    ).json().sessions as { id: string }[];
    const response = await t.app.inject({
      method: 'DELETE',
      url: `/api/account/sessions/${bSession!.id}`,
      headers: { 'user-token': a.token },
    });
    expect(response.statusCode).toBe(404);
    const stillThere = await t.app.inject({
      method: 'GET',
      url: '/api/userDashboard/send/',
      headers: { 'user-token': b.token },
    });
    expect(stillThere.statusCode).toBe(200);
  });

  it('ends a session idle for more than an hour', async () => {
    const client = await t.signedInClient();
    const call = () =>
      t.app.inject({
        method: 'GET',
        url: '/api/userDashboard/send/',
        headers: { 'user-token': client.token },
      });
    offsetMs = 50 * MINUTE;
    expect((await call()).statusCode).toBe(200); // activity moves the idle clock
    offsetMs = 100 * MINUTE;
    expect((await call()).statusCode).toBe(200);
    offsetMs = 161 * MINUTE;
    expect((await call()).statusCode).toBe(401);
  });
});
