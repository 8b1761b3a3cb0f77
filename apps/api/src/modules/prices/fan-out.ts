// How followers hear the leader's ticks (PRODUCT §11.15): Redis pub/sub when REDIS_URL is set,
// else PostgreSQL LISTEN/NOTIFY. A message carries the batch, or only its seq range when it is
// too large for a notification (the follower then reads the range from the log).
import { sql } from 'drizzle-orm';
import type { Redis } from 'ioredis';
import type pg from 'pg';
import type { Db } from '../../db/client.js';
import type { Tick } from './tick.js';

export const NOTIFY_CHANNEL = 'bd_price_ticks';
/** PostgreSQL refuses payloads of 8000 bytes or more. */
export const NOTIFY_PAYLOAD_LIMIT = 7_900;

export interface TickMessage {
  /** The publishing instance (it ignores its own messages). */
  from: string;
  firstSeq: number;
  lastSeq: number;
  /** Absent when the batch was too large to carry. */
  ticks?: Tick[];
}

export interface FanOut {
  readonly kind: 'redis' | 'postgres' | 'none';
  publish(message: TickMessage): Promise<void>;
  /** Also told when the subscription (re)connects, so the follower can catch up from the log. */
  subscribe(onMessage: (message: TickMessage) => void, onConnected: () => void): Promise<void>;
  close(): Promise<void>;
}

type Packed = [number, string, number, number, number];

export function encodeMessage(message: TickMessage, limit = Number.POSITIVE_INFINITY): string {
  const packed = message.ticks?.map((t): Packed => [t.seq, t.symbol, t.bid, t.ask, t.timeMs]);
  const full = JSON.stringify({
    i: message.from,
    f: message.firstSeq,
    l: message.lastSeq,
    k: packed,
  });
  if (full.length <= limit) return full;
  return JSON.stringify({ i: message.from, f: message.firstSeq, l: message.lastSeq });
}

export function decodeMessage(text: string): TickMessage | null {
  try {
    const raw = JSON.parse(text) as { i?: unknown; f?: unknown; l?: unknown; k?: unknown };
    if (typeof raw.i !== 'string' || typeof raw.f !== 'number' || typeof raw.l !== 'number') {
      return null;
    }
    const ticks = Array.isArray(raw.k)
      ? (raw.k as Packed[]).map(([seq, symbol, bid, ask, timeMs]) => ({
          seq,
          symbol,
          bid,
          ask,
          timeMs,
        }))
      : undefined;
    return { from: raw.i, firstSeq: raw.f, lastSeq: raw.l, ticks };
  } catch {
    return null;
  }
}

export const noFanOut: FanOut = {
  kind: 'none',
  publish: async () => undefined,
  subscribe: async () => undefined,
  close: async () => undefined,
};

export function redisFanOut({
  publisher,
  subscriber,
  channel,
}: {
  publisher: Redis;
  subscriber: Redis;
  channel: string;
}): FanOut {
  return {
    kind: 'redis',
    async publish(message) {
      await publisher.publish(channel, encodeMessage(message));
    },
    async subscribe(onMessage, onConnected) {
      subscriber.on('message', (from: string, text: string) => {
        if (from !== channel) return;
        const message = decodeMessage(text);
        if (message) onMessage(message);
      });
      // Subscribed on every (re)connection, then told to catch up from the log; a Redis that is
      // down at start does not stop the start (the client keeps reconnecting).
      const join = () => subscriber.subscribe(channel).then(onConnected, () => undefined);
      subscriber.on('ready', () => void join());
      if (subscriber.status === 'ready') await join();
    },
    async close() {
      subscriber.disconnect();
      publisher.disconnect();
    },
  };
}

export function postgresFanOut({
  db,
  connection,
  retryMs,
  log,
}: {
  db: Db;
  connection: () => pg.Client;
  retryMs: number;
  log: { warn(object: { err: unknown }, message: string): void };
}): FanOut {
  let client: pg.Client | null = null;
  let closed = false;
  let timer: NodeJS.Timeout | null = null;

  async function listen(onMessage: (m: TickMessage) => void, onConnected: () => void) {
    if (closed) return;
    const next = connection();
    const retry = () => {
      if (client !== next) return;
      client = null;
      if (closed || timer) return;
      timer = setTimeout(() => {
        timer = null;
        void listen(onMessage, onConnected);
      }, retryMs);
      timer.unref();
    };
    next.on('error', (error) => {
      log.warn({ err: error }, 'price notification connection failed');
      retry();
    });
    next.on('end', retry);
    next.on('notification', (note) => {
      if (note.channel !== NOTIFY_CHANNEL || !note.payload) return;
      const message = decodeMessage(note.payload);
      if (message) onMessage(message);
    });
    client = next;
    try {
      await next.connect();
      await next.query(`listen ${NOTIFY_CHANNEL}`);
      onConnected();
    } catch (error) {
      log.warn({ err: error }, 'price notification connection failed');
      next.end().catch(() => undefined);
      retry();
    }
  }

  return {
    kind: 'postgres',
    async publish(message) {
      const payload = encodeMessage(message, NOTIFY_PAYLOAD_LIMIT);
      await db.execute(sql`select pg_notify(${NOTIFY_CHANNEL}, ${payload})`);
    },
    subscribe: listen,
    async close() {
      closed = true;
      if (timer) clearTimeout(timer);
      const current = client;
      client = null;
      if (current) await current.end().catch(() => undefined);
    },
  };
}
