// Security headers (helmet with a strict CSP), `Cache-Control: no-store` on the API, CORS for
// the configured origins only, and the rate limiter (applied per route, see AUTH_RATE_LIMIT),
// counting in the app's AttemptStore so several instances share it when REDIS_URL is set.
import helmet from '@fastify/helmet';
import rateLimit from '@fastify/rate-limit';
import type { FastifyRateLimitStore, FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import { AppError } from '@brokerdesk/shared';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Config } from '../config.js';
import type { AttemptStore } from '../lib/attempt-store.js';
import type { Clock } from '../lib/clock.js';

export type CspDirectives = Readonly<Record<string, readonly string[]>>;

/** No third-party scripts, frames or connections (docs/product.md §5). Pages add their script hashes. */
export const CSP_DIRECTIVES: CspDirectives = {
  'default-src': ["'self'"],
  'script-src': ["'self'"],
  'style-src': ["'self'", "'unsafe-inline'"],
  // blob: — the back office shows a verification document it fetched with its token as a blob
  // (an image, or a PDF in a frame); only the site's own script can make a blob: URL.
  'img-src': ["'self'", 'data:', 'blob:'],
  'font-src': ["'self'"],
  'connect-src': ["'self'"],
  'object-src': ["'none'"],
  'frame-src': ["'self'", 'blob:'],
  'base-uri': ["'self'"],
  'form-action': ["'self'"],
  'frame-ancestors': ["'none'"],
};

/** Swagger UI (/api/docs only) needs inline styles and images the strict policy does not allow. */
export const DOCS_CSP_DIRECTIVES: CspDirectives = {
  ...CSP_DIRECTIVES,
  'img-src': ["'self'", 'data:', 'https:'],
  'font-src': ["'self'", 'data:'],
};

export function isHttps(config: Config): boolean {
  return config.publicUrl.startsWith('https://');
}

/** Serialises a policy; upgrade-insecure-requests only when the site is served over https. */
export function serializeCsp(
  config: Config,
  directives: CspDirectives,
  extraScriptSources: readonly string[] = [],
) {
  const parts = Object.entries(directives).map(([name, values]) => {
    const all = name === 'script-src' ? [...values, ...extraScriptSources] : values;
    return `${name} ${all.join(' ')}`;
  });
  if (isHttps(config)) parts.push('upgrade-insecure-requests');
  return parts.join('; ');
}

export interface AuthRateLimit {
  max: number;
  timeWindowMs: number;
}

/**
 * Per IP on login, registration, password and verification endpoints; the per-e-mail lock-out
 * of docs/product.md §7 is lib/login-lockout.ts (clients and staff).
 */
export const AUTH_RATE_LIMIT: AuthRateLimit = { max: 20, timeWindowMs: 60_000 };

/**
 * @fastify/rate-limit's store interface over an AttemptStore, instead of its own Redis store:
 * one Redis code path (keys under `bd:rl:`), the same fallback to process memory when Redis is
 * away (docs/decisions/060), and windows on the app's clock. Each route counts apart, like the
 * plugin's own stores.
 */
export function attemptRateLimitStore(
  store: AttemptStore,
  clock: Clock,
): FastifyRateLimitStoreCtor {
  return class AttemptRateLimitStore implements FastifyRateLimitStore {
    private readonly prefix: string;

    /** The plugin constructs it with its options (unused); routes get children. */
    constructor(_options?: unknown, prefix = 'rl:') {
      this.prefix = prefix;
    }

    incr(
      key: string,
      callback: (error: Error | null, result?: { current: number; ttl: number }) => void,
      timeWindow: number,
    ): void {
      store.increment(`${this.prefix}${key}`, timeWindow, clock.now()).then(
        ({ count, ttlMs }) => callback(null, { current: count, ttl: ttlMs }),
        (error: unknown) => callback(error instanceof Error ? error : new Error(String(error))),
      );
    }

    child(routeOptions: unknown): FastifyRateLimitStore {
      // At run time the plugin passes its merged options, with the route under `routeInfo`.
      const route = (routeOptions as { routeInfo?: { method?: unknown; url?: unknown } }).routeInfo;
      const routeKey = `${String(route?.method ?? '')}${String(route?.url ?? '')}`;
      return new AttemptRateLimitStore(undefined, `${this.prefix}${routeKey}-`);
    }
  };
}

const CORS_ALLOWED_HEADERS =
  'content-type, user-token, x-auth-token, authorization, idempotency-key';
const CORS_ALLOWED_METHODS = 'GET, POST, PUT, PATCH, DELETE, OPTIONS';

export interface SecurityPluginOptions {
  config: Config;
  /** Where the per-IP counts live (the app's shared store). */
  attempts: AttemptStore;
  clock: Clock;
}

async function securityPlugin(
  app: FastifyInstance,
  { config, attempts, clock }: SecurityPluginOptions,
) {
  const https = isHttps(config);
  await app.register(helmet, {
    contentSecurityPolicy: false, // set below, so pages can extend it with their own hashes
    // HSTS and upgrade-insecure-requests over plain http would lock browsers out of the site.
    strictTransportSecurity: https ? { maxAge: 15_552_000, includeSubDomains: false } : false,
    crossOriginEmbedderPolicy: false,
  });

  const defaultCsp = serializeCsp(config, CSP_DIRECTIVES);
  const corsOrigins = new Set(config.corsOrigins);

  app.addHook('onRequest', async (request, reply) => {
    reply.header('content-security-policy', defaultCsp);
    if (request.url.startsWith('/api/') || request.url === '/api')
      reply.header('cache-control', 'no-store');

    const origin = request.headers.origin;
    if (origin && corsOrigins.has(origin)) {
      reply.header('access-control-allow-origin', origin);
      reply.header('vary', 'Origin');
      reply.header('access-control-expose-headers', 'retry-after');
    }
  });

  // Preflight for the separately hosted front end; no CORS headers for other origins.
  app.options('/api/*', { schema: { hide: true } }, async (request, reply) => {
    const origin = request.headers.origin;
    if (!origin || !corsOrigins.has(origin)) return reply.code(204).send();
    return reply
      .code(204)
      .header('access-control-allow-methods', CORS_ALLOWED_METHODS)
      .header('access-control-allow-headers', CORS_ALLOWED_HEADERS)
      .header('access-control-max-age', '600')
      .send();
  });

  await app.register(rateLimit, {
    global: false,
    store: attemptRateLimitStore(attempts, clock),
    errorResponseBuilder: (_request, context) =>
      new AppError('RATE_LIMITED', `Too many attempts; try again in ${context.after}`),
  });
}

export default fp(securityPlugin, { name: 'security' });
