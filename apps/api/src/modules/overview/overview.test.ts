// The back office's overview figures, from real rows.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { approveIdentityDocuments } from '../../test/documents-fixtures.js';
import { clientCaller, get, post, staffCaller } from '../../test/money-fixtures.js';
import type { Caller } from '../../test/money-fixtures.js';
import { createTestApp } from '../../test/test-app.js';
import type { TestApp } from '../../test/test-app.js';

let t: TestApp;
let owner: Caller;
beforeAll(async () => {
  t = await createTestApp({ env: { STAFF_2FA: 'optional' } });
  owner = await staffCaller(t, 'owner');
});
afterAll(async () => {
  await t?.close();
});

describe('GET /api/staff/overview', () => {
  it('counts new clients, pending requests, money moved today and open tickets', async () => {
    const client = await clientCaller(t);
    await approveIdentityDocuments(t, client); // it withdraws (decision 104)
    await post(t, '/api/transactions/transaction', owner, {
      userId: client.id,
      type: 'Deposit',
      amount: 500,
    });
    await post(t, '/api/deposits', client, { amountMinor: 10_000, method: 'bitcoin' });
    const withdrawal = await post(t, '/api/withdrawals', client, {
      amountMinor: 20_000,
      method: 'bitcoin',
      destination: 'bc1qoverview',
    });
    await post(t, `/api/staff/withdrawals/${withdrawal.json().request.id}/approve`, owner);
    await post(t, '/api/support/send', client, { subject: 'Hi', message: 'Open ticket' });

    const overview = (await get(t, '/api/staff/overview', owner)).json();
    expect(overview).toMatchObject({
      newClients: { today: 1, last7Days: 1, last30Days: 1 },
      pendingRequests: { total: 1, underOneHour: 1, underOneDay: 0, olderThanOneDay: 0 },
      deposits: { todayMinor: 50_000, monthMinor: 50_000 },
      withdrawals: { todayMinor: 20_000, monthMinor: 20_000 },
      openTickets: 1,
    });
    expect(overview.daily).toHaveLength(30);
    expect(overview.daily.at(-1)).toEqual({
      date: new Date().toISOString().slice(0, 10),
      depositsMinor: 50_000,
      withdrawalsMinor: 20_000,
    });
  });
});
