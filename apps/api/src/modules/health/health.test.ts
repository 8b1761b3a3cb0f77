import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../../test/test-app.js';
import type { TestApp } from '../../test/test-app.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

describe('health checks', () => {
  it('GET /healthz answers 200 {status: ok}', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/healthz' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'ok' });
  });

  it('GET /readyz answers 200 while the database answers and 503 once it does not', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/readyz' })).statusCode).toBe(200);
    await t.database.close();
    const response = await t.app.inject({ method: 'GET', url: '/readyz' });
    expect(response.statusCode).toBe(503);
    expect(response.json()).toEqual({ status: 'unavailable' });
  });
});

describe('OpenAPI', () => {
  it('lists the seed calls at /api/docs/json', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(response.statusCode).toBe(200);
    const document = response.json<{
      openapi: string;
      paths: Record<string, Record<string, unknown>>;
    }>();
    expect(document.openapi).toMatch(/^3\./);
    const expected: [string, string][] = [
      ['/api/userRegister/send', 'post'],
      ['/api/email/send', 'post'],
      ['/api/userLogin/send', 'post'],
      ['/api/userDashboard/send/', 'get'],
      ['/api/userLogout/send', 'post'],
      ['/api/adminLogin/adminLogin', 'post'],
      ['/api/adminLogout/adminLogout', 'post'],
      ['/api/adminDashboard/adminDashboard', 'get'],
      ['/api/allUsers/users', 'get'],
    ];
    for (const [path, method] of expected)
      expect(document.paths[path]?.[method], `${method} ${path}`).toBeDefined();
    // The registration body is documented from the shared zod schema.
    expect(JSON.stringify(document.paths['/api/userRegister/send'])).toContain('confirmPassword');
  });

  it('serves the UI at /api/docs with its own CSP', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/docs' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/text\/html/);
    expect(response.headers['content-security-policy']).toContain("img-src 'self' data: https:");
  });
});

describe('OpenAPI with API_DOCS_UI=off', () => {
  let off: TestApp;
  beforeAll(async () => {
    off = await createTestApp({ env: { API_DOCS_UI: 'off' } });
  });
  afterAll(async () => {
    await off?.close();
  });

  it('answers 404 for the UI and its assets, and still serves the document', async () => {
    for (const url of ['/api/docs', '/api/docs/', '/api/docs/static/index.html']) {
      const response = await off.app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(404);
      expect(response.json(), url).toMatchObject({ code: 'NOT_FOUND' });
    }
    const document = await off.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(document.statusCode).toBe(200);
    expect(document.json().paths['/api/userLogin/send']?.post).toBeDefined();
  });
});
