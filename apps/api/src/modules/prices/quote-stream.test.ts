// GET /api/trading/stream over real listening servers, read with fetch as a browser would:
// the latest quotes at once, then each logged tick of the asked symbols, a keep-alive comment,
// a per-address limit, and a clean end when the app closes. Then the same route in the whole
// app (security headers and all), replaying a file.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Fastify from 'fastify';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useJsonBodies } from '../../app/http.js';
import type { Database } from '../../db/client.js';
import errorsPlugin from '../../plugins/errors.js';
import { createTestApp, createTestDatabase } from '../../test/test-app.js';
import { manualHub } from '../../test/prices-fixtures.js';
import type { PriceHub } from './index.js';
import { makePricesService, pricesRoutes } from './index.js';

/** Reads an SSE answer until `enough` says so (or 10 s pass), then stops reading. */
async function readEvents(
  url: string,
  enough: (text: string) => boolean,
): Promise<{ status: number; headers: Headers; text: string }> {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), 10_000);
  const response = await fetch(url, { signal: controller.signal });
  let text = '';
  try {
    const reader = response.body!.getReader();
    const decoder = new TextDecoder();
    while (!enough(text)) {
      const { value, done } = await reader.read();
      if (done) break;
      text += decoder.decode(value, { stream: true });
    }
    await reader.cancel();
  } catch {
    // aborted after 10 s: the assertions below say what was missing
  } finally {
    clearTimeout(timer);
  }
  return { status: response.status, headers: response.headers, text };
}

function quoteData(text: string): { symbol: string; bid: string }[] {
  return [...text.matchAll(/event: quote\ndata: (.*)\n\n/g)].map((m) => JSON.parse(m[1]!));
}

describe('quote stream (its own server, manual prices)', () => {
  let database: Database;
  let hub: PriceHub;
  let app: FastifyInstance;
  let base: string;

  beforeAll(async () => {
    database = await createTestDatabase();
    hub = manualHub(database);
    await hub.start();
    await hub.manual!.push([
      { symbol: 'EURUSD', bid: '1.09985', ask: '1.10015', time: '2026-03-02T08:00:00.000Z' },
      { symbol: 'GBPUSD', bid: '1.27000', ask: '1.27015', time: '2026-03-02T08:00:00.000Z' },
    ]);
    app = Fastify();
    useJsonBodies(app);
    await app.register(errorsPlugin);
    await app.register(pricesRoutes, {
      service: makePricesService({ db: database.db, hub }),
      stream: { keepAliveMs: 100, maxPerAddress: 2 },
    });
    base = await app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(async () => {
    await app?.close();
    await hub?.stop();
    await database?.close();
  });

  it('sends the latest quote, then every new tick of the asked symbols, and keep-alives', async () => {
    const reading = readEvents(
      `${base}/api/trading/stream?symbols=EURUSD`,
      (text) => quoteData(text).length >= 2 && text.includes(': keep-alive'),
    );
    // Pushed once the stream is open (its snapshot is written at connect).
    setTimeout(() => {
      void hub.manual!.push([
        { symbol: 'GBPUSD', bid: '1.27100', ask: '1.27115', time: '2026-03-02T08:00:01.000Z' },
        { symbol: 'EURUSD', bid: '1.10165', ask: '1.10195', time: '2026-03-02T08:00:01.000Z' },
      ]);
    }, 300);
    const { status, headers, text } = await reading;
    expect(status).toBe(200);
    expect(headers.get('content-type')).toBe('text/event-stream; charset=utf-8');
    expect(quoteData(text)).toEqual([
      { symbol: 'EURUSD', bid: '1.09985', ask: '1.10015', time: '2026-03-02T08:00:00.000Z' },
      { symbol: 'EURUSD', bid: '1.10165', ask: '1.10195', time: '2026-03-02T08:00:01.000Z' },
    ]);
    expect(text).toContain(': keep-alive\n\n');
  });

  it('refuses a third stream from one address with 429, and a bad symbol with 400', async () => {
    const first = await fetch(`${base}/api/trading/stream`);
    const second = await fetch(`${base}/api/trading/stream`);
    const third = await fetch(`${base}/api/trading/stream`);
    expect([first.status, second.status, third.status]).toEqual([200, 200, 429]);
    expect(await third.json()).toMatchObject({ code: 'RATE_LIMITED' });
    await first.body?.cancel();
    await second.body?.cancel();
    const bad = await fetch(`${base}/api/trading/stream?symbols=NOPE`);
    expect(bad.status).toBe(400);
  });

  it('ends open streams when the app closes', async () => {
    const other = Fastify();
    useJsonBodies(other);
    await other.register(pricesRoutes, {
      service: makePricesService({ db: database.db, hub }),
    });
    const url = await other.listen({ port: 0, host: '127.0.0.1' });
    const response = await fetch(`${url}/api/trading/stream`);
    const reader = response.body!.getReader();
    await reader.read(); // the snapshot
    const closed = other.close();
    let done = false;
    while (!done) done = (await reader.read()).done;
    await closed;
    expect(done).toBe(true);
  });
});

describe('quote stream in the whole app (replayed prices)', () => {
  const dir = mkdtempSync(join(tmpdir(), 'brokerdesk-stream-'));
  const file = join(dir, 'ticks.jsonl');
  writeFileSync(
    file,
    `${JSON.stringify({ symbol: 'EURUSD', bid: '1.09985', ask: '1.10015', time: '2026-03-02T08:00:00.000Z' })}\n`,
  );
  let t: Awaited<ReturnType<typeof createTestApp>>;
  beforeAll(async () => {
    t = await createTestApp({
      env: { MARKET_DATA_PROVIDER: 'replay', REPLAY_FILE: file, REPLAY_SPEED: 'max' },
    });
  });
  afterAll(async () => {
    await t?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('streams through the real app with its security headers', async () => {
    const base = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const deadline = Date.now() + 10_000;
    let events: { symbol: string; bid: string }[] = [];
    let headers = new Headers();
    while (events.length === 0 && Date.now() < deadline) {
      const answer = await readEvents(`${base}/api/trading/stream`, (text) =>
        text.includes(': connected'),
      );
      headers = answer.headers;
      events = quoteData(answer.text);
    }
    expect(events).toEqual([
      { symbol: 'EURUSD', bid: '1.09985', ask: '1.10015', time: '2026-03-02T08:00:00.000Z' },
    ]);
    expect(headers.get('content-type')).toBe('text/event-stream; charset=utf-8');
    expect(headers.get('x-content-type-options')).toBe('nosniff');
  });
});
