import { isErrorCode, type ErrorBody, type ErrorCode } from '@brokerdesk/shared';
import type { z } from 'zod';
import { env } from '../config/env';
import { expireSession, getToken, type SessionKind } from './auth-tokens';

/** Every failed API call, parsed once from the `{message, code?, fields?}` error body. */
export class ApiError extends Error {
  readonly status: number;
  readonly code: ErrorCode | undefined;
  readonly fields: Record<string, string[]> | undefined;
  /** The server's own `message`, when the response carried one. */
  readonly serverMessage: string | undefined;
  /** From a `retry-after` header in seconds (a cooldown or lock-out), when there was one. */
  readonly retryAfterSeconds: number | undefined;

  constructor(options: {
    status: number;
    code?: ErrorCode;
    fields?: Record<string, string[]>;
    serverMessage?: string;
    retryAfterSeconds?: number;
  }) {
    super(options.serverMessage ?? describeStatus(options.status));
    this.name = 'ApiError';
    this.status = options.status;
    this.code = options.code;
    this.fields = options.fields;
    this.serverMessage = options.serverMessage;
    this.retryAfterSeconds = options.retryAfterSeconds;
  }
}

/** Status 0: the request never got an HTTP answer (offline, DNS, refused). */
export const NETWORK_ERROR_STATUS = 0;

function describeStatus(status: number): string {
  return status === NETWORK_ERROR_STATUS
    ? 'Could not reach the server. Check your connection and try again.'
    : `Request failed with status ${status}`;
}

const TOKEN_HEADERS: Record<SessionKind, string> = {
  user: 'user-token',
  admin: 'x-auth-token',
};

export interface ApiRequestOptions<T> {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** Sent as JSON. */
  body?: unknown;
  /** Which session's token to send (header `user-token` or `x-auth-token`). */
  auth?: SessionKind;
  /**
   * What a 401 on a signed-in call does: by default the session ends (token removed, the
   * layout sends the visitor to the login page). Logout opts out: it ends the session itself.
   */
  on401?: 'expire-session' | 'ignore';
  /** Validates the success body; a mismatch is an error, not silently wrong data. */
  schema?: z.ZodType<T>;
  signal?: AbortSignal;
  /**
   * For money actions: one key per user intent (e.g. per press of Subscribe), reused when the
   * same intent is retried, so a retry after a lost answer moves money once. Default: a new key.
   */
  idempotencyKey?: string;
  /** Read the body as text (CSV downloads) instead of JSON. */
  responseType?: 'json' | 'text';
}

/** One fetch wrapper for the whole app: JSON in and out, tokens, idempotency keys, errors. */
export async function apiRequest<T = unknown>(
  path: string,
  options: ApiRequestOptions<T> = {},
): Promise<T> {
  const method = options.method ?? 'GET';
  const headers = new Headers({ Accept: 'application/json' });
  if (options.body !== undefined) headers.set('Content-Type', 'application/json');
  if (options.auth) {
    const token = getToken(options.auth);
    if (token) headers.set(TOKEN_HEADERS[options.auth], token);
  }
  // The portal's UI always sends one (docs/product.md §7); a retry of the same call reuses nothing.
  if (method !== 'GET')
    headers.set('Idempotency-Key', options.idempotencyKey ?? newIdempotencyKey());

  let response: Response;
  try {
    response = await fetch(`${env.apiBaseUrl}${path}`, {
      method,
      headers,
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
      signal: options.signal,
      credentials: 'same-origin',
    });
  } catch (cause) {
    if (cause instanceof DOMException && cause.name === 'AbortError') throw cause;
    throw new ApiError({ status: NETWORK_ERROR_STATUS });
  }

  if (response.ok && options.responseType === 'text') return (await response.text()) as T;

  const data = await readJson(response);

  if (!response.ok) {
    const error = toApiError(response.status, data, response.headers.get('retry-after'));
    if (response.status === 401 && options.auth && options.on401 !== 'ignore') {
      expireSession(options.auth);
    }
    throw error;
  }

  return options.schema ? options.schema.parse(data) : (data as T);
}

/**
 * apiRequest's sibling for what JSON cannot carry: a file as the request body (an upload) or as
 * the answer (a document to view). Same tokens, same `ApiError` from the error body, same end of
 * session on a 401. Resolves with the successful Response, unread.
 */
export async function binaryRequest(
  path: string,
  {
    method = 'GET',
    auth,
    body,
    headers: extraHeaders = {},
    signal,
  }: {
    method?: 'GET' | 'POST';
    auth: SessionKind;
    body?: Blob;
    headers?: Record<string, string>;
    signal?: AbortSignal;
  },
): Promise<Response> {
  const headers = new Headers(extraHeaders);
  const token = getToken(auth);
  if (token) headers.set(TOKEN_HEADERS[auth], token);

  let response: Response;
  try {
    response = await fetch(`${env.apiBaseUrl}${path}`, {
      method,
      headers,
      body,
      signal,
      credentials: 'same-origin',
    });
  } catch (cause) {
    if (cause instanceof DOMException && cause.name === 'AbortError') throw cause;
    throw new ApiError({ status: NETWORK_ERROR_STATUS });
  }
  if (response.ok) return response;

  const error = toApiError(
    response.status,
    await readJson(response),
    response.headers.get('retry-after'),
  );
  if (response.status === 401) expireSession(auth);
  throw error;
}

async function readJson(response: Response): Promise<unknown> {
  if (response.status === 204) return undefined;
  const text = await response.text();
  if (text === '') return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

function toApiError(status: number, data: unknown, retryAfter: string | null): ApiError {
  const seconds = retryAfter && /^\d{1,6}$/.test(retryAfter) ? Number(retryAfter) : undefined;
  if (typeof data !== 'object' || data === null)
    return new ApiError({ status, retryAfterSeconds: seconds });
  const body = data as Partial<Record<keyof ErrorBody, unknown>>;
  return new ApiError({
    status,
    retryAfterSeconds: seconds,
    serverMessage:
      typeof body.message === 'string' && body.message !== '' ? body.message : undefined,
    code: isErrorCode(body.code) ? body.code : undefined,
    fields: parseFields(body.fields),
  });
}

function parseFields(value: unknown): Record<string, string[]> | undefined {
  if (typeof value !== 'object' || value === null) return undefined;
  const fields: Record<string, string[]> = {};
  for (const [name, messages] of Object.entries(value)) {
    if (Array.isArray(messages)) {
      const texts = messages.filter((m): m is string => typeof m === 'string');
      if (texts.length > 0) fields[name] = texts;
    } else if (typeof messages === 'string') {
      fields[name] = [messages];
    }
  }
  return Object.keys(fields).length > 0 ? fields : undefined;
}

/**
 * A random UUID v4. `crypto.randomUUID` exists only in secure contexts, and a self-hosted
 * install may be reached over plain http on a LAN address, so fall back to getRandomValues.
 */
export function newIdempotencyKey(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = ((bytes[6] ?? 0) & 0x0f) | 0x40;
  bytes[8] = ((bytes[8] ?? 0) & 0x3f) | 0x80;
  const hex = Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/** 4xx answers are final: retrying them only delays the message the user needs to see. */
export function isRetryable(error: unknown): boolean {
  if (error instanceof ApiError)
    return error.status === NETWORK_ERROR_STATUS || error.status >= 500;
  return false;
}
