import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, registrationBody } from '../test/test-app.js';
import type { TestApp } from '../test/test-app.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

function expectNoStack(body: string) {
  expect(body).not.toMatch(/\bat .+:\d+:\d+/);
  expect(body).not.toContain('stack');
}

describe('error responses', () => {
  it('answers malformed JSON with 400 {message, code: INVALID_JSON}', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/userRegister/send',
      headers: { 'content-type': 'application/json' },
      payload: '{"firstName": "Ada",',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message: 'Malformed JSON body', code: 'INVALID_JSON' });
  });

  it('answers a body over 100 KB with 413', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/userRegister/send',
      payload: { ...registrationBody(), padding: 'x'.repeat(101 * 1024) },
    });
    expect(response.statusCode).toBe(413);
    expect(response.json()).toMatchObject({ code: 'PAYLOAD_TOO_LARGE' });
    expectNoStack(response.body);
  });

  it('accepts a body just under 100 KB', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/userRegister/send',
      payload: { ...registrationBody(), padding: 'x'.repeat(99 * 1024) },
    });
    expect(response.statusCode).toBe(201);
  });

  it('answers an unsupported content type with 415', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/userLogin/send',
      headers: { 'content-type': 'application/xml' },
      payload: '<login/>',
    });
    expect(response.statusCode).toBe(415);
    expect(response.json()).toMatchObject({ code: 'UNSUPPORTED_MEDIA_TYPE' });
  });

  it('answers a JSON array body with 400, not 500', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/userLogin/send',
      headers: { 'content-type': 'application/json' },
      payload: '[1,2]',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: 'VALIDATION_FAILED' });
  });

  it('refuses a __proto__ key with 400', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/userLogin/send',
      headers: { 'content-type': 'application/json' },
      payload: '{"email":"a@b.co","password":"x","__proto__":{"admin":true}}',
    });
    expect(response.statusCode).toBe(400);
  });

  it.each([
    ['GET', '/api/nope'],
    ['POST', '/api/userRegister/nope'],
    ['GET', '/api/userLogin/send'],
    ['DELETE', '/api/userDashboard/send'],
  ])('answers unknown %s %s with JSON 404', async (method, url) => {
    const response = await t.app.inject({ method: method as 'GET', url });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ message: 'Not found', code: 'NOT_FOUND' });
    expect(response.headers['content-type']).toMatch(/^application\/json/);
  });

  it('answers an undecodable URL with 400 in the usual error shape', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/%E0%A4%A' });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message: 'Bad request', code: 'BAD_REQUEST' });
  });

  it('answers a path segment over 100 characters with 414 in the usual error shape', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: `/api/money-requests/${'a'.repeat(150)}`,
    });
    expect(response.statusCode).toBe(414);
    expect(response.json()).toEqual({ message: 'The address is too long', code: 'URI_TOO_LONG' });
  });

  it('treats a trailing slash as the same route', async () => {
    const withSlash = await t.app.inject({
      method: 'POST',
      url: '/api/userLogin/send/',
      payload: {},
    });
    const without = await t.app.inject({ method: 'POST', url: '/api/userLogin/send', payload: {} });
    expect(withSlash.statusCode).toBe(400);
    expect(withSlash.json()).toEqual(without.json());
  });

  it('answers 500 {message, code: INTERNAL} without details when something breaks', async () => {
    const broken = await createTestApp();
    try {
      await broken.database.close(); // the database disappears under the running app
      const response = await broken.app.inject({
        method: 'POST',
        url: '/api/userLogin/send',
        payload: { email: 'a@b.co', password: 'whatever' },
      });
      expect(response.statusCode).toBeGreaterThanOrEqual(500);
      expect(Object.keys(response.json()).sort()).toEqual(['code', 'message']);
      expectNoStack(response.body);
    } finally {
      await broken.close();
    }
  });
});
