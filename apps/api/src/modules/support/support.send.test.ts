import { MESSAGES } from '@brokerdesk/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clients, supportMessages, supportTickets } from '../../db/schema.js';
import { createTestApp } from '../../test/test-app.js';
import type { TestApp } from '../../test/test-app.js';
import { SUPPORT_RATE_LIMIT } from './support.routes.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

// The limit is per IP, so each test writes from its own address and never meets another's.
let nextIp = 1;
function freshIp(): string {
  nextIp += 1;
  return `198.51.100.${nextIp}`;
}

function send(
  payload: unknown,
  { headers = {}, ip = freshIp() }: { headers?: Record<string, string>; ip?: string } = {},
) {
  return t.app.inject({
    method: 'POST',
    url: '/api/support/send',
    payload: payload as Record<string, unknown>,
    headers,
    remoteAddress: ip,
  });
}

async function ticketRows(ticketId: string) {
  const db = t.database.db;
  const [ticket] = await db.select().from(supportTickets).where(eq(supportTickets.id, ticketId));
  const messages = await db
    .select()
    .from(supportMessages)
    .where(eq(supportMessages.ticketId, ticketId));
  return { ticket, messages };
}

describe('POST /api/support/send from the public contact form', () => {
  it('answers 201 with our message and stores a visitor ticket with the reply e-mail', async () => {
    const response = await send({
      subject: 'Account question',
      message: 'How long does verification take?',
      email: 'Visitor@Example.com',
    });
    expect(response.statusCode).toBe(201);
    const body = response.json<{ message: string; ticketId: string }>();
    expect(body.message).toBe(MESSAGES.support.sent);

    const { ticket, messages } = await ticketRows(body.ticketId);
    expect(ticket).toMatchObject({
      clientId: null,
      replyEmail: 'visitor@example.com',
      subject: 'Account question',
      status: 'open',
    });
    expect(messages).toHaveLength(1);
    expect(messages[0]).toMatchObject({
      authorKind: 'visitor',
      body: 'How long does verification take?',
      staffId: null,
    });
  });

  it('treats an empty e-mail as none and an empty subject as allowed', async () => {
    const response = await send({ subject: '', message: 'Hello', email: '' });
    expect(response.statusCode).toBe(201);
    const { ticket } = await ticketRows(response.json<{ ticketId: string }>().ticketId);
    expect(ticket).toMatchObject({ replyEmail: null, subject: '' });
  });

  it('stores HTML verbatim as text', async () => {
    const html = '<script>alert("x")</script><b>bold</b> &amp; <img src=x onerror=alert(1)>';
    const response = await send({ subject: '<i>Hi</i>', message: html });
    expect(response.statusCode).toBe(201);
    const { ticket, messages } = await ticketRows(response.json<{ ticketId: string }>().ticketId);
    expect(ticket?.subject).toBe('<i>Hi</i>');
    expect(messages[0]?.body).toBe(html);
  });
});

describe('POST /api/support/send from the dashboard', () => {
  it('ties the ticket to the signed-in client and ignores the e-mail in the body', async () => {
    const client = await t.signedInClient();
    const response = await send(
      { subject: 'Withdrawal', message: 'Where is my money?', email: 'someone-else@example.com' },
      { headers: { 'user-token': client.token } },
    );
    expect(response.statusCode).toBe(201);
    const { ticket, messages } = await ticketRows(response.json<{ ticketId: string }>().ticketId);
    const [owner] = await t.database.db
      .select({ id: clients.id })
      .from(clients)
      .where(eq(clients.email, client.email));
    expect(ticket).toMatchObject({ clientId: owner?.id, replyEmail: null });
    expect(messages[0]).toMatchObject({ authorKind: 'client', body: 'Where is my money?' });
  });

  it('ignores even a malformed e-mail from a signed-in client', async () => {
    const client = await t.signedInClient();
    const response = await send(
      { subject: 'Hi', message: 'Hello', email: 'not an e-mail' },
      { headers: { authorization: `Bearer ${client.token}` } },
    );
    expect(response.statusCode).toBe(201);
  });

  it('answers 401 for an invalid token instead of sending anonymously', async () => {
    const before = await t.database.db.$count(supportTickets);
    const response = await send(
      { subject: 'Hi', message: 'Hello' },
      { headers: { 'user-token': 'A'.repeat(43) } },
    );
    expect(response.statusCode).toBe(401);
    expect(response.json()).toMatchObject({ code: 'UNAUTHENTICATED' });
    expect(await t.database.db.$count(supportTickets)).toBe(before);
  });

  it('answers 403 for a staff token: the support call is for clients and visitors', async () => {
    const staffToken = await t.staffLogin();
    const response = await send(
      { subject: 'Hi', message: 'Hello' },
      { headers: { 'x-auth-token': staffToken } },
    );
    expect(response.statusCode).toBe(403);
    expect(response.json()).toMatchObject({ code: 'WRONG_TOKEN_KIND' });
  });

  it('answers 401 for a token whose session was revoked', async () => {
    const client = await t.signedInClient();
    const logout = await t.app.inject({
      method: 'POST',
      url: '/api/userLogout/send',
      headers: { 'user-token': client.token },
    });
    expect(logout.statusCode).toBe(204);
    const response = await send(
      { subject: 'Hi', message: 'Hello' },
      { headers: { 'user-token': client.token } },
    );
    expect(response.statusCode).toBe(401);
  });
});

describe('bad input', () => {
  it('rejects a 201-character subject with the field message', async () => {
    const response = await send({ subject: 'x'.repeat(201), message: 'Hello' });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      code: 'VALIDATION_FAILED',
      fields: { subject: ['Subject must be at most 200 characters'] },
    });
  });

  it('accepts exactly 200 and 5,000 characters', async () => {
    const response = await send({ subject: 's'.repeat(200), message: 'm'.repeat(5000) });
    expect(response.statusCode).toBe(201);
  });

  it('rejects a 5,001-character message with the field message', async () => {
    const response = await send({ subject: 'Hi', message: 'm'.repeat(5001) });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      code: 'VALIDATION_FAILED',
      fields: { message: ['Message must be at most 5,000 characters'] },
    });
  });

  it('requires a message and a well-formed optional e-mail', async () => {
    const response = await send({ subject: 'Hi', message: '   ', email: 'nope@' });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      fields: {
        message: [MESSAGES.support.messageRequired],
        email: [MESSAGES.support.emailInvalid],
      },
    });
  });

  it('answers 400, not 500, for a NUL character in any field, and stores no ticket', async () => {
    const tickets = async () => (await t.database.db.select().from(supportTickets)).length;
    const before = await tickets();
    for (const [payload, field] of [
      [{ subject: 'Hi\u0000', message: 'Hello' }, 'subject'],
      [{ message: 'Hel\u0000lo' }, 'message'],
      [{ message: 'Hello', email: 'ada\u0000@example.com' }, 'email'],
    ] as const) {
      const response = await send(payload);
      expect(response.statusCode).toBe(400);
      expect(response.json().fields[field]).toEqual(['Contains a character that is not allowed']);
    }
    expect(await tickets()).toBe(before);
  });

  it('answers 400 INVALID_JSON for a malformed body', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/support/send',
      headers: { 'content-type': 'application/json' },
      payload: '{"subject": "Hi", "message": ',
      remoteAddress: freshIp(),
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: 'INVALID_JSON' });
  });
});

describe('idempotency', () => {
  it('returns the first ticket for a repeated key and stores one row', async () => {
    const ip = freshIp();
    const headers = { 'idempotency-key': 'contact-retry-1' };
    const first = await send({ subject: 'Hi', message: 'Once only' }, { headers, ip });
    const second = await send({ subject: 'Hi', message: 'Once only' }, { headers, ip });
    expect(first.statusCode).toBe(201);
    expect(second.statusCode).toBe(201);
    const ticketId = first.json<{ ticketId: string }>().ticketId;
    expect(second.json()).toEqual(first.json());

    const rows = await t.database.db
      .select({ id: supportTickets.id })
      .from(supportTickets)
      .where(eq(supportTickets.idempotencyKey, 'contact-retry-1'));
    expect(rows).toEqual([{ id: ticketId }]);
    expect((await ticketRows(ticketId)).messages).toHaveLength(1);
  });

  it('rejects an over-long key with 400 and stores nothing', async () => {
    const before = await t.database.db.$count(supportTickets);
    const response = await send(
      { message: 'Hello' },
      { headers: { 'idempotency-key': 'k'.repeat(201) } },
    );
    expect(response.statusCode).toBe(400);
    expect(await t.database.db.$count(supportTickets)).toBe(before);
  });

  it('scopes a client key to that client, not to the IP', async () => {
    const client = await t.signedInClient();
    const ip = freshIp();
    const headers = { 'idempotency-key': 'dashboard-1', 'user-token': client.token };
    const first = await send({ message: 'Mine' }, { headers, ip });
    const again = await send({ message: 'Mine' }, { headers, ip: freshIp() });
    const visitor = await send(
      { message: 'Theirs' },
      { headers: { 'idempotency-key': 'dashboard-1' }, ip },
    );
    expect(again.json()).toEqual(first.json());
    expect(visitor.json<{ ticketId: string }>().ticketId).not.toBe(
      first.json<{ ticketId: string }>().ticketId,
    );
  });

  it('does not share a key between different callers', async () => {
    const headers = { 'idempotency-key': 'shared-key' };
    const a = await send({ message: 'From A' }, { headers });
    const b = await send({ message: 'From B' }, { headers });
    expect(a.json<{ ticketId: string }>().ticketId).not.toBe(
      b.json<{ ticketId: string }>().ticketId,
    );
  });
});

describe('rate limit', () => {
  it(`answers 429 with a message after ${SUPPORT_RATE_LIMIT.max} messages a minute from one IP`, async () => {
    const ip = freshIp();
    for (let i = 0; i < SUPPORT_RATE_LIMIT.max; i += 1) {
      const ok = await send({ message: `Message ${i}` }, { ip });
      expect(ok.statusCode).toBe(201);
    }
    const limited = await send({ message: 'One too many' }, { ip });
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toEqual({
      message: MESSAGES.support.rateLimited,
      code: 'RATE_LIMITED',
    });
    // Another address is not affected.
    expect((await send({ message: 'Elsewhere' })).statusCode).toBe(201);
  });
});

describe('OpenAPI', () => {
  it('documents the body and the 201 response', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    const operation = response.json<{
      paths: Record<
        string,
        { post?: { requestBody?: unknown; responses?: Record<string, unknown> } }
      >;
    }>().paths['/api/support/send']?.post;
    expect(operation?.requestBody).toBeDefined();
    expect(operation?.responses?.['201']).toBeDefined();
  });
});
