// Reading the audit log: filters, keyset pages, CSV; only roles with audit:read.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clientCaller, get, post, staffCaller } from '../../test/money-fixtures.js';
import type { Caller } from '../../test/money-fixtures.js';
import { createTestApp } from '../../test/test-app.js';
import type { TestApp } from '../../test/test-app.js';

let t: TestApp;
let owner: Caller;
let operations: Caller;
let auditor: Caller;
beforeAll(async () => {
  t = await createTestApp({ env: { STAFF_2FA: 'optional' } });
  owner = await staffCaller(t, 'owner');
  operations = await staffCaller(t, 'operations');
  auditor = await staffCaller(t, 'auditor');
});
afterAll(async () => {
  await t?.close();
});

describe('GET /api/staff/audit', () => {
  it('filters by staff, action prefix and target, pages newest first, exports CSV', async () => {
    const client = await clientCaller(t);
    for (const amount of [1, 2, 3]) {
      const response = await post(t, '/api/transactions/transaction', operations, {
        userId: client.id,
        type: 'Bonus',
        amount,
      });
      expect(response.statusCode).toBe(201);
    }
    await post(t, `/api/staff/clients/${client.id}/disable`, owner, { reason: 'Test' });

    const all = (await get(t, `/api/staff/audit?targetId=${client.id}`, auditor)).json();
    expect(all.items.map((entry: { action: string }) => entry.action)).toEqual([
      'client.disable',
      'transaction.completed',
      'transaction.completed',
      'transaction.completed',
    ]);
    expect(all.items[0]).toMatchObject({ staffRole: 'owner', after: { disabled: true } });

    const page1 = (
      await get(t, `/api/staff/audit?targetId=${client.id}&action=transaction.&limit=2`, auditor)
    ).json();
    expect(page1.items).toHaveLength(2);
    const page2 = (
      await get(
        t,
        `/api/staff/audit?targetId=${client.id}&action=transaction.&limit=2&cursor=${page1.nextCursor}`,
        auditor,
      )
    ).json();
    expect(page2).toMatchObject({ nextCursor: null });
    expect(page2.items).toHaveLength(1);

    const operationsName = all.items[1].staffUsername as string;
    const byStaff = (
      await get(t, `/api/staff/audit?staff=${operationsName.toUpperCase()}`, auditor)
    ).json();
    expect(byStaff.items).toHaveLength(3);

    const csv = await get(t, `/api/staff/audit.csv?targetId=${client.id}`, auditor);
    const lines = csv.body.trimEnd().split('\r\n');
    expect(lines[0]).toBe('Time,Staff,Role,Action,Target type,Target id,Before,After,IP,Id');
    expect(lines).toHaveLength(5);

    expect((await get(t, '/api/staff/audit', operations)).statusCode).toBe(403);
    expect((await get(t, '/api/staff/audit?from=yesterday', auditor)).statusCode).toBe(400);
  });

  it('names a client target as the staff read it, not only by its id', async () => {
    const client = await clientCaller(t);
    await post(t, `/api/staff/clients/${client.id}/disable`, owner, { reason: 'Named' });
    const page = (await get(t, `/api/staff/audit?targetId=${client.id}`, auditor)).json();
    expect(page.items[0]).toMatchObject({
      action: 'client.disable',
      targetType: 'client',
      targetId: client.id,
      targetName: 'Ada Lovelace',
    });
  });

  it('answers 400, not 500 or a broken download, for filters the database cannot compare', async () => {
    const queries = [
      'from=0000-01-01T00:00:00Z', // no year 0 in PostgreSQL
      `to=${encodeURIComponent('9999-12-31T23:59:59-14:00')}`, // year 10000 in UTC
      'staff=admin%00', // NUL
    ];
    for (const query of queries) {
      for (const url of ['/api/staff/audit', '/api/staff/audit.csv']) {
        const response = await get(t, `${url}?${query}`, auditor);
        expect(response.statusCode, `${url}?${query}`).toBe(400);
        expect(response.json()).toMatchObject({ code: 'VALIDATION_FAILED' });
      }
    }
  });

  // Found by the hostile-input test while adding issue 17's routes: a reason with a lone UTF-16
  // surrogate reached the audit's jsonb as "\ud800", which PostgreSQL refuses: a 500.
  it('records a reason holding a lone surrogate (as U+FFFD) instead of failing the action', async () => {
    const client = await clientCaller(t);
    const response = await post(t, `/api/staff/clients/${client.id}/disable`, owner, {
      reason: 'Fraud \ud800 suspected',
    });
    expect(response.statusCode, response.body).toBe(200);
    const entries = (await get(t, `/api/staff/audit?targetId=${client.id}`, auditor)).json();
    expect(JSON.stringify(entries.items[0])).toContain('Fraud \ufffd suspected');
  });
});
