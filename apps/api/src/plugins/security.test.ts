import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../test/test-app.js';
import type { TestApp } from '../test/test-app.js';
import { AUTH_RATE_LIMIT } from './security.js';

const STRICT_CSP =
  "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data: blob:; " +
  "font-src 'self'; connect-src 'self'; object-src 'none'; frame-src 'self' blob:; base-uri 'self'; " +
  "form-action 'self'; frame-ancestors 'none'";

let plain: TestApp;
let https: TestApp;
let limited: TestApp;
beforeAll(async () => {
  [plain, https, limited] = await Promise.all([
    createTestApp(),
    createTestApp({
      env: {
        PUBLIC_URL: 'https://broker.example.com',
        CORS_ORIGINS: 'https://app.example.com, http://localhost:5173',
      },
    }),
    createTestApp({ authRateLimit: AUTH_RATE_LIMIT }),
  ]);
});
afterAll(async () => {
  await Promise.all([plain?.close(), https?.close(), limited?.close()]);
});

describe('security headers', () => {
  it('sends the strict CSP and helmet headers, without HSTS over plain http', async () => {
    const response = await plain.app.inject({ method: 'GET', url: '/api/nope' });
    expect(response.headers['content-security-policy']).toBe(STRICT_CSP);
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['x-frame-options']).toBe('SAMEORIGIN');
    expect(response.headers['referrer-policy']).toBe('no-referrer');
    expect(response.headers['strict-transport-security']).toBeUndefined();
    expect(response.headers['cache-control']).toBe('no-store');
  });

  it('adds HSTS and upgrade-insecure-requests when PUBLIC_URL is https', async () => {
    const response = await https.app.inject({ method: 'GET', url: '/healthz' });
    expect(response.headers['strict-transport-security']).toMatch(/max-age=\d+/);
    expect(response.headers['content-security-policy']).toBe(
      `${STRICT_CSP}; upgrade-insecure-requests`,
    );
  });
});

describe('CORS', () => {
  it('sends no CORS headers by default', async () => {
    const response = await plain.app.inject({
      method: 'GET',
      url: '/healthz',
      headers: { origin: 'https://app.example.com' },
    });
    expect(response.headers['access-control-allow-origin']).toBeUndefined();
  });

  it('allows only the configured origins, preflight included', async () => {
    const allowed = await https.app.inject({
      method: 'GET',
      url: '/api/nope',
      headers: { origin: 'https://app.example.com' },
    });
    expect(allowed.headers['access-control-allow-origin']).toBe('https://app.example.com');

    const other = await https.app.inject({
      method: 'GET',
      url: '/api/nope',
      headers: { origin: 'https://evil.example.com' },
    });
    expect(other.headers['access-control-allow-origin']).toBeUndefined();

    const preflight = await https.app.inject({
      method: 'OPTIONS',
      url: '/api/userDashboard/send/',
      headers: {
        origin: 'http://localhost:5173',
        'access-control-request-method': 'GET',
        'access-control-request-headers': 'user-token',
      },
    });
    expect(preflight.statusCode).toBe(204);
    expect(preflight.headers['access-control-allow-origin']).toBe('http://localhost:5173');
    expect(preflight.headers['access-control-allow-headers']).toContain('user-token');
  });
});

describe('rate limit', () => {
  it('answers the 21st login attempt from one address within a minute with 429', async () => {
    // A different e-mail each time, so the per-e-mail lock-out (10 failures) stays out of it.
    let n = 0;
    const attempt = (remoteAddress: string) =>
      limited.app.inject({
        method: 'POST',
        url: '/api/userLogin/send',
        payload: { email: `someone-${(n += 1)}@example.com`, password: 'wrong-password' },
        remoteAddress,
      });
    for (let i = 0; i < AUTH_RATE_LIMIT.max; i += 1)
      expect((await attempt('203.0.113.7')).statusCode).toBe(401);
    const blocked = await attempt('203.0.113.7');
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json()).toMatchObject({ code: 'RATE_LIMITED' });
    expect(blocked.headers['retry-after']).toBeDefined();
    expect((await attempt('203.0.113.8')).statusCode).toBe(401);
  });
});

describe('behind a proxy', () => {
  // The balancer (10.0.0.5) appends the address it saw; whatever the caller wrote comes first.
  async function blockedAfterLimit(trustProxy: string): Promise<boolean> {
    const t = await createTestApp({
      env: { TRUST_PROXY: trustProxy },
      authRateLimit: { max: 3, timeWindowMs: 60_000 },
    });
    try {
      let last = 0;
      for (let i = 0; i < 4; i += 1) {
        const response = await t.app.inject({
          method: 'POST',
          url: '/api/userLogin/send',
          payload: { email: `hop-${i}@example.com`, password: 'wrong-password' },
          remoteAddress: '10.0.0.5',
          headers: { 'x-forwarded-for': `198.51.100.${i}, 203.0.113.9` },
        });
        last = response.statusCode;
      }
      return last === 429;
    } finally {
      await t.close();
    }
  }

  it('with a hop count, limits the address the proxy saw, not the one the caller wrote', async () => {
    expect(await blockedAfterLimit('1')).toBe(true);
    expect(await blockedAfterLimit('10.0.0.0/8')).toBe(true);
  });

  it('with TRUST_PROXY=true, believes the caller-written address (why docs/deployment.md warns)', async () => {
    expect(await blockedAfterLimit('true')).toBe(false);
  });
});
