// Security headers (helmet with a strict CSP), `Cache-Control: no-store` on the API, CORS for
// the configured origins only, and the rate limiter (applied per route, see AUTH_RATE_LIMIT).
import helmet from '@fastify/helmet';
import rateLimit from '@fastify/rate-limit';
import { AppError } from '@brokerdesk/shared';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Config } from '../config.js';

export type CspDirectives = Readonly<Record<string, readonly string[]>>;

/** No third-party scripts, frames or connections (PRODUCT.md §5). Pages add their script hashes. */
export const CSP_DIRECTIVES: CspDirectives = {
  'default-src': ["'self'"],
  'script-src': ["'self'"],
  'style-src': ["'self'", "'unsafe-inline'"],
  'img-src': ["'self'", 'data:'],
  'font-src': ["'self'"],
  'connect-src': ["'self'"],
  'object-src': ["'none'"],
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

/** Per IP on login and registration endpoints; the per-e-mail lock-out of §7 comes later. */
export const AUTH_RATE_LIMIT: AuthRateLimit = { max: 20, timeWindowMs: 60_000 };

const CORS_ALLOWED_HEADERS =
  'content-type, user-token, x-auth-token, authorization, idempotency-key';
const CORS_ALLOWED_METHODS = 'GET, POST, PUT, PATCH, DELETE, OPTIONS';

async function securityPlugin(app: FastifyInstance, { config }: { config: Config }) {
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
    errorResponseBuilder: (_request, context) =>
      new AppError('RATE_LIMITED', `Too many attempts; try again in ${context.after}`),
  });
}

export default fp(securityPlugin, { name: 'security' });
