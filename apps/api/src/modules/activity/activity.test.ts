import { sql } from 'drizzle-orm';
import type { RecentActivity } from '@brokerdesk/shared';
import { afterEach, describe, expect, it } from 'vitest';
import { clients } from '../../db/schema.js';
import { createTestApp } from '../../test/test-app.js';
import type { TestApp } from '../../test/test-app.js';
import { clientCaller, post } from '../../test/money-fixtures.js';

async function recent(t: TestApp) {
  const response = await t.app.inject({ method: 'GET', url: '/api/activity/recent' });
  expect(response.statusCode).toBe(200);
  return { response, body: response.json<RecentActivity>() };
}

describe('GET /api/activity/recent', () => {
  let t: TestApp | undefined;
  afterEach(async () => {
    await t?.close();
    t = undefined;
  });

  it('returns no events on a fresh install, uncached', async () => {
    t = await createTestApp();
    const { response, body } = await recent(t);
    expect(body).toEqual({ enabled: true, events: [] });
    expect(response.headers['cache-control']).toBe('no-store');
  });

  it('lists account openings newest first with only their country and time', async () => {
    t = await createTestApp();
    const first = await t.createClient({
      firstName: 'Grace',
      lastName: 'Hopper',
      country: 'Germany',
    });
    const second = await t.createClient({
      firstName: 'Wangari',
      lastName: 'Maathai',
      country: 'Kenya',
    });
    // Registrations within the same millisecond would tie; make the order unambiguous.
    await t.database.db.execute(
      sql`update clients set created_at = now() - interval '1 minute' where email = ${first.email}`,
    );

    const { response, body } = await recent(t);
    expect(body.enabled).toBe(true);
    expect(body.events.map((event) => [event.kind, event.country])).toEqual([
      ['account-opened', 'Kenya'],
      ['account-opened', 'Germany'],
    ]);
    for (const event of body.events) {
      expect(Object.keys(event).sort()).toEqual(['at', 'country', 'kind']);
      expect(Number.isNaN(Date.parse(event.at))).toBe(false);
    }
    const [newest, older] = body.events;
    expect(Date.parse(newest?.at ?? '')).toBeGreaterThan(Date.parse(older?.at ?? ''));

    const ids = await t.database.db.select({ id: clients.id }).from(clients);
    const text = response.body;
    for (const secret of [
      'Grace',
      'Hopper',
      'Wangari',
      'Maathai',
      first.email,
      second.email,
      ...ids.map((row) => row.id),
    ]) {
      expect(text).not.toContain(secret);
    }
  });

  it('lists a plan a client bought with its name and country, never the client or amount', async () => {
    t = await createTestApp({ env: { STAFF_2FA: 'optional' } });
    const client = await clientCaller(t);
    const staffToken = await t.staffLogin();
    const funded = await post(
      t,
      '/api/transactions/transaction',
      { headers: { 'x-auth-token': staffToken } },
      {
        userId: client.id,
        type: 'Deposit',
        amount: 1000,
      },
    );
    expect(funded.statusCode).toBe(201);
    expect((await post(t, '/api/subscriptions', client, { planId: 'basic' })).statusCode).toBe(201);

    const { body } = await recent(t);
    const planEvents = body.events.filter((event) => event.kind === 'plan-subscribed');
    expect(planEvents).toEqual([
      {
        kind: 'plan-subscribed',
        country: 'United Kingdom',
        at: expect.any(String),
        planName: 'Basic',
      },
    ]);
  });

  it('leaves out accounts opened before the window', async () => {
    t = await createTestApp({ env: { ACTIVITY_WINDOW_HOURS: '24' } });
    const old = await t.createClient({ country: 'Brazil' });
    await t.createClient({ country: 'Canada' });
    await t.database.db.execute(
      sql`update clients set created_at = now() - interval '25 hours' where email = ${old.email}`,
    );
    const { body } = await recent(t);
    expect(body.events.map((event) => event.country)).toEqual(['Canada']);
  });

  it('measures the window from the app clock', async () => {
    const later = { now: () => new Date(Date.now() + 25 * 60 * 60 * 1000) };
    t = await createTestApp({ clock: later });
    await t.createClient({ country: 'Canada' });
    const { body } = await recent(t);
    expect(body.events).toEqual([]);
  });

  it('returns at most ten events', async () => {
    t = await createTestApp();
    for (let i = 0; i < 12; i += 1) await t.createClient({ country: 'France' });
    const { body } = await recent(t);
    expect(body.events).toHaveLength(10);
  });

  it('says disabled and lists nothing when ACTIVITY_POPUP=off', async () => {
    t = await createTestApp({ env: { ACTIVITY_POPUP: 'off' } });
    await t.createClient({ country: 'Germany' });
    const { body } = await recent(t);
    expect(body).toEqual({ enabled: false, events: [] });
  });
});
