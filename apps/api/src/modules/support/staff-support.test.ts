// The staff inbox: tickets by status, a reply the client sees in the portal, close and reopen,
// each audited.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clientCaller, get, post, staffCaller } from '../../test/money-fixtures.js';
import type { Caller } from '../../test/money-fixtures.js';
import { createTestApp } from '../../test/test-app.js';
import type { TestApp } from '../../test/test-app.js';

let t: TestApp;
let support: Caller;
let auditor: Caller;
let owner: Caller;
beforeAll(async () => {
  t = await createTestApp({ env: { STAFF_2FA: 'optional' } });
  support = await staffCaller(t, 'support');
  auditor = await staffCaller(t, 'auditor');
  owner = await staffCaller(t, 'owner');
});
afterAll(async () => {
  await t?.close();
});

describe('support inbox', () => {
  it('lists open tickets, replies (client sees it), closes and reopens', async () => {
    const client = await clientCaller(t);
    const sent = await post(t, '/api/support/send', client, {
      subject: 'Card deposit',
      message: 'Which documents do you need?',
    });
    const ticketId = sent.json().ticketId as string;
    const visitor = await t.app.inject({
      method: 'POST',
      url: '/api/support/send',
      payload: {
        subject: 'Pre-sales',
        message: 'Do you offer demo accounts?',
        email: 'v@example.com',
      },
    });
    expect(visitor.statusCode).toBe(201);

    const open = (await get(t, '/api/staff/tickets', auditor)).json().items;
    const mine = open.find((ticket: { id: string }) => ticket.id === ticketId);
    expect(mine).toMatchObject({
      status: 'open',
      client: { email: client.email },
      messages: [{ author: 'client', body: 'Which documents do you need?' }],
    });
    expect(
      open.find((ticket: { subject: string }) => ticket.subject === 'Pre-sales'),
    ).toMatchObject({
      client: null,
      replyEmail: 'v@example.com',
    });

    // The auditor reads but cannot answer.
    expect(
      (await post(t, `/api/staff/tickets/${ticketId}/reply`, auditor, { message: 'x' })).statusCode,
    ).toBe(403);
    const empty = await post(t, `/api/staff/tickets/${ticketId}/reply`, support, { message: ' ' });
    expect(empty.statusCode).toBe(400);

    const replied = await post(t, `/api/staff/tickets/${ticketId}/reply`, support, {
      message: 'A photo of the card, front and back, middle digits covered.',
    });
    expect(replied.statusCode).toBe(200);
    expect(replied.json().status).toBe('answered');
    const seen = (await get(t, '/api/support/tickets', client)).json().items[0];
    expect(seen.status).toBe('answered');
    expect(seen.messages.map((message: { author: string }) => message.author)).toEqual([
      'client',
      'staff',
    ]);

    expect((await post(t, `/api/staff/tickets/${ticketId}/close`, support)).json().status).toBe(
      'closed',
    );
    const closed = (await get(t, '/api/staff/tickets?status=closed', auditor)).json().items;
    expect(closed.map((ticket: { id: string }) => ticket.id)).toContain(ticketId);
    expect((await post(t, `/api/staff/tickets/${ticketId}/reopen`, support)).json().status).toBe(
      'open',
    );

    const audit = (await get(t, `/api/staff/audit?targetId=${ticketId}`, owner)).json().items;
    expect(audit.map((entry: { action: string }) => entry.action)).toEqual([
      'ticket.reopen',
      'ticket.close',
      'ticket.reply',
    ]);
    expect((await get(t, `/api/staff/tickets/${crypto.randomUUID()}`, support)).statusCode).toBe(
      404,
    );
  });
});
