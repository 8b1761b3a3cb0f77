// Issue 17: a request whose body never completes is cut at the documented time (60 s, docs/
// deployment.md), not up to 30 s later: Node only looks for late requests every
// connectionsCheckingInterval, 30 s by default, so the 60 s limit cut at about 90 s. Run here with
// a 2 s limit on a real socket; the cut must come within the check interval (1 s) of it.
import { connect } from 'node:net';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { REQUEST_TIMEOUT_MS, TIMEOUT_CHECK_INTERVAL_MS } from './app.js';
import { createTestApp } from './test/test-app.js';
import type { TestApp } from './test/test-app.js';

const apps: TestApp[] = [];
afterEach(async () => {
  await Promise.all(apps.splice(0).map((app) => app.close()));
});

/** Sends the headers and half the promised body, then waits for the server to end it. */
function trickle(port: number): Promise<{ answer: string; afterMs: number }> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1');
    let answer = '';
    let started = 0;
    socket.on('connect', () => {
      started = performance.now();
      socket.write(
        'POST /api/userLogin/send HTTP/1.1\r\nHost: localhost\r\n' +
          'Content-Type: application/json\r\nContent-Length: 100\r\n\r\n{"email":',
      );
    });
    socket.on('data', (chunk) => (answer += chunk.toString('utf8')));
    socket.on('close', () => resolve({ answer, afterMs: performance.now() - started }));
    socket.on('error', reject);
  });
}

describe('request timeout', () => {
  it('is the documented 60 s in production, checked every second', async () => {
    expect(REQUEST_TIMEOUT_MS).toBe(60_000);
    expect(TIMEOUT_CHECK_INTERVAL_MS).toBe(1_000);
    const t = await createTestApp();
    apps.push(t);
    expect(t.app.server.requestTimeout).toBe(60_000);
  });

  it('cuts a body that never completes at the limit: 408 and the connection closed', async () => {
    const limitMs = 2_000;
    const t = await createTestApp({ requestTimeoutMs: limitMs });
    apps.push(t);
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = t.app.server.address() as AddressInfo;

    const { answer, afterMs } = await trickle(port);
    expect(answer).toMatch(/^HTTP\/1\.1 408 /);
    expect(afterMs).toBeGreaterThanOrEqual(limitMs - 50);
    expect(afterMs).toBeLessThan(limitMs + TIMEOUT_CHECK_INTERVAL_MS + 1_000);
  }, 15_000);
});
