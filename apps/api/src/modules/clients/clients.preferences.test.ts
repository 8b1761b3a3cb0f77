// The client's e-mail choices (decision 137): trade confirmations are off until the client turns
// them on; the body is checked by the shared schema (the form's messages), each client changes
// only their own, and the routes are in the OpenAPI document.
import { TRADING_MESSAGES } from '@brokerdesk/shared/trading';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clientCaller, get } from '../../test/money-fixtures.js';
import { createTestApp } from '../../test/test-app.js';
import type { TestApp } from '../../test/test-app.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

const URL = '/api/account/preferences';

function put(who: { headers: Record<string, string> }, payload: unknown) {
  return t.app.inject({
    method: 'PUT',
    url: URL,
    headers: who.headers,
    payload: payload as Record<string, unknown>,
  });
}

describe('/api/account/preferences', () => {
  it('starts with trade confirmations off, turns them on and off again', async () => {
    const client = await clientCaller(t);
    const other = await clientCaller(t);
    const read = await get(t, URL, client);
    expect(read.statusCode).toBe(200);
    expect(read.json()).toEqual({ tradeConfirmations: false });

    const on = await put(client, { tradeConfirmations: true });
    expect(on.statusCode).toBe(200);
    expect(on.json()).toEqual({
      tradeConfirmations: true,
      message: TRADING_MESSAGES.tradeConfirmationsOn,
    });
    expect((await get(t, URL, client)).json()).toEqual({ tradeConfirmations: true });
    // Another client's choice is their own.
    expect((await get(t, URL, other)).json()).toEqual({ tradeConfirmations: false });

    const off = await put(client, { tradeConfirmations: false });
    expect(off.json()).toEqual({
      tradeConfirmations: false,
      message: 'Trade confirmations are off.',
    });
    expect((await get(t, URL, client)).json()).toEqual({ tradeConfirmations: false });
  });

  it('answers 400 with the form’s message for a missing or non-boolean choice', async () => {
    const client = await clientCaller(t);
    for (const payload of [{}, { tradeConfirmations: 'yes' }, { tradeConfirmations: null }]) {
      const response = await put(client, payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(response.json()).toMatchObject({
        code: 'VALIDATION_FAILED',
        message: 'Choose whether to receive trade confirmations',
      });
    }
    expect((await get(t, URL, client)).json()).toEqual({ tradeConfirmations: false });
  });

  it('answers 401 without a client session', async () => {
    expect((await t.app.inject({ method: 'GET', url: URL })).statusCode).toBe(401);
    const response = await t.app.inject({
      method: 'PUT',
      url: URL,
      payload: { tradeConfirmations: true },
    });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toHaveProperty('message');
  });

  it('is in the OpenAPI document with its body', async () => {
    const document = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json<{
      paths: Record<string, Record<string, unknown>>;
    }>();
    expect(document.paths[URL]?.get).toBeDefined();
    expect(JSON.stringify(document.paths[URL]?.put)).toContain('tradeConfirmations');
  });
});
