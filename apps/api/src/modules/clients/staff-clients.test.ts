// The back office's client calls: list (search, sort, pages, CSV), detail, create (Manage
// Registration, audited), disable and enable.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '../../db/schema.js';
import { clientCaller, get, post, staffCaller } from '../../test/money-fixtures.js';
import type { Caller } from '../../test/money-fixtures.js';
import { createTestApp, registrationBody } from '../../test/test-app.js';
import type { TestApp } from '../../test/test-app.js';

let t: TestApp;
let owner: Caller;
let support: Caller;
beforeAll(async () => {
  t = await createTestApp({ env: { STAFF_2FA: 'optional' } });
  owner = await staffCaller(t, 'owner');
  support = await staffCaller(t, 'support');
});
afterAll(async () => {
  await t?.close();
});

async function auditRows(targetId: string) {
  return t.database.db
    .select()
    .from(auditLog)
    .where(sql`${auditLog.targetId} = ${targetId}`);
}

describe('GET /api/staff/clients', () => {
  it('searches name or e-mail, sorts by any column and pages with a total', async () => {
    const tag = `zq${Date.now()}`;
    for (const [firstName, country] of [
      ['Ada', 'Germany'],
      ['Bea', 'Kenya'],
      ['Cid', 'Brazil'],
    ] as const) {
      await t.createClient(
        { firstName, lastName: tag, country, email: `${firstName}.${tag}@example.com` },
        { verified: firstName !== 'Bea' },
      );
    }
    const page1 = (
      await get(t, `/api/staff/clients?q=${tag}&sort=country&dir=asc&pageSize=2`, support)
    ).json();
    expect(page1.total).toBe(3);
    expect(page1.items.map((row: { country: string }) => row.country)).toEqual([
      'Brazil',
      'Germany',
    ]);
    const page2 = (
      await get(t, `/api/staff/clients?q=${tag}&sort=country&dir=asc&pageSize=2&page=2`, support)
    ).json();
    expect(page2.items.map((row: { name: string }) => row.name)).toEqual([`Bea ${tag}`]);
    expect(page2.items[0]).toMatchObject({ verified: false, disabled: false, balanceMinor: 0 });

    const byEmail = (await get(t, `/api/staff/clients?q=BEA.${tag.toUpperCase()}`, support)).json();
    expect(byEmail.total).toBe(1);
    // A search is text, never a pattern.
    expect((await get(t, '/api/staff/clients?q=%25', support)).json().total).toBe(0);
    expect((await get(t, '/api/staff/clients?sort=password', support)).statusCode).toBe(400);
  });

  it('exports the list as CSV with formula-looking cells escaped', async () => {
    await t.createClient({
      firstName: '=cmd',
      lastName: 'Injection',
      email: `csv-${Date.now()}@example.com`,
    });
    const response = await get(t, '/api/staff/clients.csv?q=Injection', support);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    const lines = response.body.trimEnd().split('\r\n');
    expect(lines[0]).toBe('Name,Email,Country,Joined,Verified,Status,Available balance (USD),Id');
    expect(lines[1]).toMatch(/^'=cmd Injection,csv-/);
  });

  it('answers 400, not 500 or a broken download, for a NUL character in the search', async () => {
    for (const url of ['/api/staff/clients?q=ada%00', '/api/staff/clients.csv?q=ada%00']) {
      const response = await get(t, url, support);
      expect(response.statusCode, url).toBe(400);
      expect(response.json()).toMatchObject({
        code: 'VALIDATION_FAILED',
        fields: { q: ['Contains a character that is not allowed'] },
      });
    }
  });
});

describe('client detail, create, disable', () => {
  it('creates a client through the staff endpoint, audited with the staff member', async () => {
    const body = registrationBody({ firstName: 'Katherine', lastName: 'Johnson' });
    const response = await post(t, '/api/staff/clients', owner, body);
    expect(response.statusCode).toBe(201);
    const { clientId } = response.json();
    const [audit] = await auditRows(clientId);
    expect(audit).toMatchObject({ action: 'client.create', staffRole: 'owner' });
    expect(JSON.stringify(audit?.after)).not.toContain(body.password);
    expect((await post(t, '/api/staff/clients', owner, body)).statusCode).toBe(409);
    expect((await post(t, '/api/staff/clients', support, registrationBody())).statusCode).toBe(403);
    // The client can sign in with the password staff set.
    expect(await t.login(body.email, body.password)).toBeTruthy();
  });

  it('shows one client with balances, statement, tickets and sessions; 404 otherwise', async () => {
    const client = await clientCaller(t);
    await post(t, '/api/transactions/transaction', owner, {
      userId: client.id,
      type: 'Deposit',
      amount: 400,
    });
    await post(t, '/api/support/send', client, { subject: 'Hi', message: 'Question' });
    const detail = (await get(t, `/api/staff/clients/${client.id}`, support)).json();
    expect(detail.client).toMatchObject({ id: client.id, email: client.email, disabled: false });
    expect(detail.balances).toMatchObject({ balanceMinor: 40_000, depositedMinor: 40_000 });
    expect(detail.transactions).toHaveLength(1);
    expect(detail.tickets[0].messages[0].body).toBe('Question');
    expect(detail.sessions.length).toBeGreaterThanOrEqual(1);
    expect((await get(t, `/api/staff/clients/${crypto.randomUUID()}`, support)).statusCode).toBe(
      404,
    );
    expect((await get(t, '/api/staff/clients/nope', support)).statusCode).toBe(404);
  });

  it('disabling refuses sign-in and ends sessions at once; enabling restores sign-in', async () => {
    const client = await clientCaller(t);
    const noReason = await post(t, `/api/staff/clients/${client.id}/disable`, owner, {});
    expect(noReason.statusCode).toBe(400);
    const disabled = await post(t, `/api/staff/clients/${client.id}/disable`, owner, {
      reason: 'Suspected account takeover',
    });
    expect(disabled.json()).toMatchObject({ disabled: true });
    expect((await get(t, '/api/userDashboard/send/', client)).statusCode).toBe(401);
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/userLogin/send',
      payload: { email: client.email, password: client.password },
    });
    expect(login.statusCode).toBe(403);
    expect(login.json().message).toBe('This account is disabled. Contact support.');
    // A wrong password still gets the ordinary answer: nothing is revealed to a guesser.
    const guess = await t.app.inject({
      method: 'POST',
      url: '/api/userLogin/send',
      payload: { email: client.email, password: 'wrong-guess' },
    });
    expect(guess.statusCode).toBe(401);

    await post(t, `/api/staff/clients/${client.id}/enable`, owner);
    expect(await t.login(client.email, client.password)).toBeTruthy();
    expect((await auditRows(client.id)).map((row) => row.action).sort()).toEqual([
      'client.disable',
      'client.enable',
    ]);
  });
});

describe('verification link and mail log', () => {
  it('sends an unverified client a new link once a minute, audited, and lists their mails', async () => {
    const client = await clientCaller(t, undefined, { verified: false });
    const url = `/api/staff/clients/${client.id}/verification-link`;

    // Registration queued the first link a moment ago.
    const tooSoon = await post(t, url, owner);
    expect(tooSoon.statusCode).toBe(429);
    expect(Number(tooSoon.headers['retry-after'])).toBeGreaterThan(0);
    expect((await post(t, url, support)).statusCode).toBe(403);

    await t.database.db.execute(
      sql`update client_tokens set created_at = created_at - interval '2 minutes'
          where client_id = ${client.id}`,
    );
    const sent = await post(t, url, owner);
    expect(sent.statusCode).toBe(202);
    expect(sent.json().message).toBe('We sent a new verification link to your e-mail address.');
    expect((await auditRows(client.id)).map((row) => row.action)).toEqual([
      'client.verification_link',
    ]);

    const detail = (await get(t, `/api/staff/clients/${client.id}`, support)).json();
    expect(detail.mails.map((mail: { template: string }) => mail.template)).toEqual([
      'verify-email',
      'verify-email',
    ]);
    expect(detail.sessions[0]).toMatchObject({ lastSeenAt: expect.any(String) });

    const verified = await clientCaller(t);
    const done = await post(t, `/api/staff/clients/${verified.id}/verification-link`, owner);
    expect(done.statusCode).toBe(409);
    const unknown = await post(
      t,
      '/api/staff/clients/00000000-0000-4000-8000-000000000000/verification-link',
      owner,
    );
    expect(unknown.statusCode).toBe(404);
  });
});
