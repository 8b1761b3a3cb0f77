// A bad day for PostgreSQL: the connection is cut, the server stops answering, a statement is
// stuck behind a lock. Each must end in a quick 503 `{message}` (never a hang or a 500), /readyz
// must say so, and everything must work again once the database is back. The pool reaches
// PostgreSQL through a TCP relay the test can cut, as a network or failover would.
// PGlite runs inside the process, so none of this applies to it (docs/product.md §9).
import { createServer, connect } from 'node:net';
import type { Server, Socket } from 'node:net';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { inject } from 'vitest';
import { withDefaultUser } from './client.js';
import { createTestApp, usingPostgres } from '../test/test-app.js';
import type { TestApp } from '../test/test-app.js';

type RelayMode = 'open' | 'refuse' | 'silent';

/** Forwards 127.0.0.1:port to PostgreSQL; `refuse` and `silent` model a dead or hung server. */
async function startRelay(target: { host: string; port: number }) {
  const sockets = new Set<Socket>();
  let mode: RelayMode = 'open';
  let server: Server;
  const listen = (port: number) =>
    new Promise<number>((resolve, reject) => {
      server = createServer((socket) => {
        sockets.add(socket);
        socket.on('close', () => sockets.delete(socket));
        socket.on('error', () => undefined);
        // A hung server: the connection opens and nothing ever comes back.
        if (mode === 'silent') return;
        const upstream = connect(target.port, target.host);
        sockets.add(upstream);
        upstream.on('close', () => sockets.delete(upstream));
        upstream.on('error', () => socket.destroy());
        socket.on('close', () => upstream.destroy());
        socket.pipe(upstream).pipe(socket);
      });
      server.once('error', reject);
      server.listen(port, '127.0.0.1', () => {
        const address = server.address();
        resolve(typeof address === 'object' && address ? address.port : port);
      });
    });
  const dropEverything = () => {
    for (const socket of sockets) socket.destroy();
  };
  const port = await listen(0);
  return {
    port,
    /** Sets how new connections are treated; a failure mode also cuts the open ones. */
    async set(next: RelayMode) {
      const previous = mode;
      mode = next;
      if (next === 'open') {
        if (previous === 'refuse') await listen(port);
        return;
      }
      const closed =
        next === 'refuse' && previous !== 'refuse'
          ? new Promise<void>((resolve) => server.close(() => resolve()))
          : Promise.resolve();
      dropEverything();
      await closed;
      // Let the pool see its connections drop, as it would long before the next request.
      await new Promise((resolve) => setTimeout(resolve, 100));
    },
    async stop() {
      dropEverything();
      if (mode !== 'refuse') await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

const describeOnPostgres = usingPostgres() ? describe : describe.skip;

describeOnPostgres('when PostgreSQL fails', () => {
  let relay: Awaited<ReturnType<typeof startRelay>>;
  let t: TestApp;
  let token: string;

  beforeAll(async () => {
    const admin = new URL(withDefaultUser(inject('postgres')!.adminUrl));
    relay = await startRelay({ host: admin.hostname, port: Number(admin.port || 5432) });
    t = await createTestApp({
      // Short limits so the test waits seconds, not production's 10 s and 5 s.
      database: {
        port: relay.port,
        pool: { connectionTimeoutMillis: 700, statement_timeout: 400, query_timeout: 1_500 },
      },
    });
    token = (await t.signedInClient()).token;
  });
  afterEach(async () => {
    await relay.set('open');
  });
  afterAll(async () => {
    // The relay first: a connection it left hanging (a "silent" test) would hold the pool's
    // close for ever; cut, it ends at once. Closing the app then drops the test database
    // through its own admin connection, not the relay.
    await relay?.stop();
    await t?.close();
  });

  const ready = () => t.app.inject({ method: 'GET', url: '/readyz' });
  const summary = () =>
    t.app.inject({ method: 'GET', url: '/api/money/summary', headers: { 'user-token': token } });

  async function expectUnavailable(response: Awaited<ReturnType<typeof summary>>) {
    expect(response.statusCode).toBe(503);
    expect(response.json()).toEqual({
      message: 'Service temporarily unavailable',
      code: 'SERVICE_UNAVAILABLE',
    });
    expect(response.headers['retry-after']).toBe('5');
  }

  /** Ready again within a few seconds of the database coming back. */
  async function expectRecovery() {
    const deadline = Date.now() + 5_000;
    let status = 0;
    while (Date.now() < deadline) {
      status = (await ready()).statusCode;
      if (status === 200) break;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(status).toBe(200);
    expect((await summary()).statusCode).toBe(200);
  }

  it('answers 503 while the database refuses connections, and recovers when it is back', async () => {
    expect((await ready()).statusCode).toBe(200);
    await relay.set('refuse');
    const readiness = await ready();
    expect(readiness.statusCode).toBe(503);
    expect(readiness.json()).toEqual({ status: 'unavailable' });
    await expectUnavailable(await summary());

    await relay.set('open');
    await expectRecovery();
  });

  it('answers 503 within the pool wait, not never, while the database does not answer', async () => {
    await relay.set('silent');
    const started = Date.now();
    const [readiness, response] = await Promise.all([ready(), summary()]);
    expect(readiness.statusCode).toBe(503);
    await expectUnavailable(response);
    // The pool gives up after connectionTimeoutMillis (700 ms here, 10 s in production).
    expect(Date.now() - started).toBeLessThan(5_000);

    await relay.set('open');
    await expectRecovery();
  });

  it('cancels a statement stuck behind a lock with 503, and serves normally after', async () => {
    // A second connection, straight to the app's database, takes the lock and keeps it.
    const { rows } = (await t.database.db.execute(sql`select current_database() as name`)) as {
      rows: { name: string }[];
    };
    const url = new URL(withDefaultUser(inject('postgres')!.adminUrl));
    url.pathname = `/${rows[0]!.name}`;
    const locker = new pg.Client({ connectionString: url.toString() });
    await locker.connect();
    try {
      await locker.query('begin');
      await locker.query('lock table ledger_accounts in access exclusive mode');
      const started = Date.now();
      await expectUnavailable(await summary());
      expect(Date.now() - started).toBeLessThan(5_000);
      await locker.query('rollback');
      expect((await summary()).statusCode).toBe(200);
    } finally {
      await locker.end();
    }
  });
});
