// A tiny fake at the fetch boundary: tests declare what the server answers, then read back
// what the app sent. Everything above fetch (API client, hooks, components) is the real code.
import { vi } from 'vitest';

export interface RecordedRequest {
  method: string;
  path: string;
  headers: Headers;
  body: unknown;
}

/** A JSON answer, a request that never settles, or a failure before any HTTP answer. */
export type Reply =
  | { status: number; body?: unknown; headers?: Record<string, string> }
  | 'pending'
  | 'network-error';

export interface FakeApi {
  /** Answer `METHOD /path` with this status and JSON body (the last call wins). */
  on(route: string, reply: Reply | ((request: RecordedRequest) => Reply)): FakeApi;
  requests: RecordedRequest[];
}

export function installFakeApi(): FakeApi {
  const routes = new Map<string, Reply | ((request: RecordedRequest) => Reply)>();
  const requests: RecordedRequest[] = [];
  const fetchFake = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = new URL(String(input), 'http://localhost');
    const method = (init.method ?? 'GET').toUpperCase();
    const text = typeof init.body === 'string' ? init.body : undefined;
    const request: RecordedRequest = {
      method,
      path: url.pathname,
      headers: new Headers(init.headers),
      body: text === undefined ? undefined : (JSON.parse(text) as unknown),
    };
    requests.push(request);
    const handler = routes.get(`${method} ${url.pathname}`);
    if (!handler) return jsonResponse(404, { message: 'Not found', code: 'NOT_FOUND' });
    const reply = typeof handler === 'function' ? handler(request) : handler;
    if (reply === 'pending') return new Promise<Response>(() => {});
    if (reply === 'network-error') throw new TypeError('Failed to fetch');
    return reply.status === 204
      ? new Response(null, { status: 204 })
      : jsonResponse(reply.status, reply.body, reply.headers);
  });
  vi.stubGlobal('fetch', fetchFake);
  const api: FakeApi = {
    on(route, reply) {
      routes.set(route, reply);
      return api;
    },
    requests,
  };
  return api;
}

function jsonResponse(
  status: number,
  body: unknown,
  headers: Record<string, string> = {},
): Response {
  return new Response(body === undefined ? '' : JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json', ...headers },
  });
}

/** The URLs the app fetched at `path`, query strings included (`requests` keeps paths only). */
export function fetchedUrls(path: string): URL[] {
  const calls = (fetch as unknown as { mock: { calls: unknown[][] } }).mock.calls;
  return calls
    .map(([input]) => new URL(String(input), 'http://localhost'))
    .filter((url) => url.pathname === path);
}

/** The query string of the last request to `path`. */
export function lastQuery(path: string): URLSearchParams {
  const url = fetchedUrls(path).at(-1);
  if (!url) throw new Error(`no request to ${path}`);
  return url.searchParams;
}
