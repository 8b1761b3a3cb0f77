import { MessageResponseSchema } from '@brokerdesk/shared';
import { beforeEach, describe, expect, it } from 'vitest';
import { installFakeApi, type FakeApi } from '../testing/fake-api';
import { ApiError, apiRequest, NETWORK_ERROR_STATUS } from './api-client';
import { onSessionExpired } from './auth-tokens';

let api: FakeApi;

beforeEach(() => {
  api = installFakeApi();
});

async function failure(promise: Promise<unknown>): Promise<ApiError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof ApiError) return error;
    throw error;
  }
  throw new Error('expected the request to fail');
}

describe('apiRequest', () => {
  it('sends JSON with an idempotency key on POST and none on GET', async () => {
    api
      .on('POST /api/things', { status: 201, body: { message: 'ok' } })
      .on('GET /api/things', { status: 200, body: [] });
    await apiRequest('/api/things', {
      method: 'POST',
      body: { a: 1 },
      schema: MessageResponseSchema,
    });
    await apiRequest('/api/things');

    const [post, get] = api.requests;
    expect(post?.headers.get('Content-Type')).toBe('application/json');
    expect(post?.body).toEqual({ a: 1 });
    const key = post?.headers.get('Idempotency-Key') ?? '';
    expect(key).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(get?.headers.get('Idempotency-Key')).toBeNull();
  });

  it('parses the error body once into status, code, message and fields', async () => {
    api.on('POST /api/userRegister/send', {
      status: 400,
      body: {
        message: 'Validation failed',
        code: 'VALIDATION_FAILED',
        fields: { email: ['Email is required'] },
      },
    });
    const error = await failure(apiRequest('/api/userRegister/send', { method: 'POST', body: {} }));
    expect(error.status).toBe(400);
    expect(error.code).toBe('VALIDATION_FAILED');
    expect(error.serverMessage).toBe('Validation failed');
    expect(error.fields).toEqual({ email: ['Email is required'] });
  });

  it('ignores an unknown code and survives a body that is not JSON', async () => {
    api.on('GET /api/a', { status: 500, body: { message: 'Boom', code: 'NOT_A_CODE' } });
    const error = await failure(apiRequest('/api/a'));
    expect(error.code).toBeUndefined();
    expect(error.serverMessage).toBe('Boom');

    api.on('GET /api/b', 'network-error');
    expect((await failure(apiRequest('/api/b'))).status).toBe(NETWORK_ERROR_STATUS);
  });

  it('sends the token of the requested session in its own header', async () => {
    window.localStorage.setItem('user-token', 'u1');
    window.localStorage.setItem('admin-token', 'a1');
    api.on('GET /api/me', { status: 200, body: {} });
    await apiRequest('/api/me', { auth: 'user' });
    await apiRequest('/api/me', { auth: 'admin' });
    await apiRequest('/api/me');

    expect(api.requests[0]?.headers.get('user-token')).toBe('u1');
    expect(api.requests[0]?.headers.get('x-auth-token')).toBeNull();
    expect(api.requests[1]?.headers.get('x-auth-token')).toBe('a1');
    expect(api.requests[1]?.headers.get('user-token')).toBeNull();
    expect(api.requests[2]?.headers.get('user-token')).toBeNull();
  });

  it('ends the session on a 401 to a signed-in call, but not for a signed-out call', async () => {
    window.localStorage.setItem('user-token', 'u1');
    const expired: string[] = [];
    const stop = onSessionExpired((kind) => expired.push(kind));
    api.on('POST /api/userLogin/send', {
      status: 401,
      body: { message: 'Invalid email or password' },
    });
    api.on('GET /api/userDashboard/send/', { status: 401, body: { message: 'Not signed in' } });

    await failure(apiRequest('/api/userLogin/send', { method: 'POST', body: {} }));
    expect(window.localStorage.getItem('user-token')).toBe('u1');

    await failure(apiRequest('/api/userDashboard/send/', { auth: 'user' }));
    expect(window.localStorage.getItem('user-token')).toBeNull();
    expect(expired).toEqual(['user']);
    stop();
  });

  it('rejects a success body that breaks the contract', async () => {
    api.on('GET /api/m', { status: 200, body: { nope: true } });
    await expect(apiRequest('/api/m', { schema: MessageResponseSchema })).rejects.toThrow();
  });
});
