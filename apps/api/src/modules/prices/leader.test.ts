// Several instances on one PostgreSQL database (TEST_DATABASE_URL): one leads (advisory lock),
// the others hear its ticks through NOTIFY, or Redis pub/sub when REDIS_URL is set, and one of
// them takes over when the leader stops. PGlite is one process: it always leads (hub.test.ts).
import { sql } from 'drizzle-orm';
import { Redis } from 'ioredis';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Database } from '../../db/client.js';
import { manualHub } from '../../test/prices-fixtures.js';
import { findTestRedis, uniqueRedisPrefix } from '../../test/redis.js';
import { createTestDatabase, usingPostgres } from '../../test/test-app.js';
import type { PriceHub, Tick } from './index.js';
import { PRICE_LEADER_LOCK_KEY } from './leader.js';
import { insertTicks } from './prices.repo.js';

const testRedis = await findTestRedis();

async function until(check: () => boolean, what: string): Promise<void> {
  const deadline = Date.now() + 10_000;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

function eurusd(i: number, second = 0) {
  const bid = 109_000 + i;
  const text = (points: number) => (points / 1e5).toFixed(5);
  return {
    symbol: 'EURUSD',
    bid: text(bid),
    ask: text(bid + 30),
    time: `2026-03-02T08:${String(second).padStart(2, '0')}:00.${String(i % 1000).padStart(3, '0')}Z`,
  };
}

describe.skipIf(!usingPostgres())('price leader and followers (PostgreSQL)', () => {
  let database: Database;
  const hubs: PriceHub[] = [];

  beforeEach(async () => {
    database = await createTestDatabase();
  });
  afterEach(async () => {
    for (const hub of hubs.splice(0)) await hub.stop();
    await database.close();
  });

  async function started(options: Parameters<typeof manualHub>[1] = {}): Promise<PriceHub> {
    const hub = manualHub(database, options);
    hubs.push(hub);
    await hub.start();
    return hub;
  }

  it('one instance leads; a follower hears every batch through NOTIFY, large ones included', async () => {
    const leader = await started();
    const follower = await started();
    expect([leader.isLeader(), follower.isLeader()]).toEqual([true, false]);
    await expect(follower.manual!.push([eurusd(0)])).rejects.toThrow(/not the leader/);

    const heard: Tick[] = [];
    follower.onTicks((ticks) => void heard.push(...ticks));
    const small = await leader.manual!.push([eurusd(1)]);
    // 300 ticks do not fit in one notification: the follower reads their seq range.
    const large = await leader.manual!.push(Array.from({ length: 300 }, (_, i) => eurusd(i, 1)));
    await until(() => heard.length === 301, 'the follower to hear 301 ticks');
    expect(heard).toEqual([...small, ...large]);
    expect(follower.latest('EURUSD')).toEqual(large.at(-1));
  });

  it('a follower that missed a message reads the gap from the log', async () => {
    const leader = await started();
    const follower = await started();
    const heard: Tick[] = [];
    follower.onTicks((ticks) => void heard.push(...ticks));
    const first = await leader.manual!.push([eurusd(1)]);
    await until(() => heard.length === 1, 'the first tick');
    // Logged without a message (as if its notification were lost).
    const missed = await insertTicks(database.db, [
      { symbol: 'EURUSD', bid: 109_010, ask: 109_040, timeMs: Date.parse('2026-03-02T08:00:02Z') },
    ]);
    const last = await leader.manual!.push([eurusd(3, 3)]);
    await until(() => heard.length === 3, 'the missed tick and the last one');
    expect(heard).toEqual([...first, ...missed, ...last]);
  });

  it('a follower takes over when the leader stops, and carries on the same log', async () => {
    const first = await started();
    const second = await started();
    const changes: boolean[] = [];
    second.onLeadership((leader) => void changes.push(leader));
    const [before] = await first.manual!.push([eurusd(1)]);
    await until(() => second.latest('EURUSD') !== undefined, 'the follower to hear the tick');

    await first.stop();
    await until(() => second.isLeader(), 'the follower to take over');
    expect(changes).toEqual([true]);
    const [after] = await second.manual!.push([eurusd(2)]);
    expect(after!.seq).toBeGreaterThan(before!.seq);
    // A third instance started now follows the new leader and knows the latest tick.
    const third = await started();
    expect(third.isLeader()).toBe(false);
    expect(third.latest('EURUSD')).toEqual(after);
  });

  it("takes over when the leader's database session dies, and the old leader stops writing", async () => {
    const first = await started();
    const second = await started();
    // The session holding the lock goes (a crashed process, a cut network).
    await database.db.execute(
      sql`select pg_terminate_backend(pid) from pg_locks
          where locktype = 'advisory' and objid = ${PRICE_LEADER_LOCK_KEY} and granted`,
    );
    await until(() => second.isLeader() && !first.isLeader(), 'the leadership to move');
    await expect(first.manual!.push([eurusd(1)])).rejects.toThrow(/not the leader/);
    const [tick] = await second.manual!.push([eurusd(2)]);
    await until(() => first.latest('EURUSD')?.seq === tick!.seq, 'the old leader to follow');
  });

  it.skipIf(!testRedis.url)(
    'followers hear the ticks through Redis when REDIS_URL is set',
    async () => {
      const url = testRedis.url!;
      const prefix = uniqueRedisPrefix();
      const watcher = new Redis(url);
      const seen: string[] = [];
      watcher.on('message', (_channel: string, text: string) => void seen.push(text));
      await watcher.subscribe(`${prefix}prices:ticks`);
      try {
        const leader = await started({ env: { REDIS_URL: url }, redisPrefix: prefix });
        const follower = await started({ env: { REDIS_URL: url }, redisPrefix: prefix });
        const heard: Tick[] = [];
        follower.onTicks((ticks) => void heard.push(...ticks));
        const ticks = await leader.manual!.push([eurusd(1), eurusd(2)]);
        await until(() => heard.length === 2, 'the follower to hear 2 ticks');
        expect(heard).toEqual(ticks);
        await until(() => seen.length === 1, 'the Redis message');
        expect(JSON.parse(seen[0]!)).toMatchObject({ f: ticks[0]!.seq, l: ticks[1]!.seq });
      } finally {
        watcher.disconnect();
      }
    },
  );
});
