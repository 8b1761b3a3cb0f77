// How the API speaks HTTP before any route: what the log never shows, which proxies are
// trusted, how JSON bodies are read and validated, and how answers end while the app closes.
import type { FastifyInstance, FastifySchemaCompiler } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { Config } from '../config.js';

// Credentials never reach the log, whatever a future log call includes.
export const REDACTED_PATHS = [
  'req.headers.authorization',
  'req.headers["user-token"]',
  'req.headers["x-auth-token"]',
  'req.headers.cookie',
  'req.body.password',
  'req.body.confirmPassword',
  'req.body.token',
  'req.body.currentPassword',
  'req.body.newPassword',
  'body.password',
  'body.confirmPassword',
  'password',
  'token',
  '*.password',
  '*.token',
];

/** A hop count becomes "trust the nearest N" (Fastify's typings take no number). */
export function fastifyTrustProxy(trust: Config['trustProxy']) {
  if (typeof trust === 'number') return (_address: string, hop: number) => hop < trust;
  return typeof trust === 'boolean' ? trust : [...trust];
}

/**
 * A missing body validates as {} so that an empty POST gets the per-field messages (e.g.
 * 'First name is required') instead of one "expected object".
 */
const bodyTolerantValidatorCompiler: FastifySchemaCompiler<
  Parameters<typeof validatorCompiler>[0]['schema']
> = (route) => {
  const validate = validatorCompiler(route);
  return route.httpPart === 'body' ? (data: unknown) => validate(data ?? {}) : validate;
};

/** Zod validates and serializes; an empty JSON body counts as no body. */
export function useJsonBodies(app: FastifyInstance): void {
  app.setValidatorCompiler(bodyTolerantValidatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  // An empty JSON body (some clients send a content type with no body, e.g. on logout) is
  // treated as no body; everything else goes through Fastify's safe parser.
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = typeof body === 'string' ? body : body.toString('utf8');
    if (text.trim() === '') return done(null, undefined);
    return parseJson(request, text, done);
  });
}

/** The request id on every answer, and connections that end once the app is closing. */
export function addConnectionHooks(app: FastifyInstance): void {
  // Every answer names its request id (reqId in the log lines), so a caller's report of a
  // problem leads straight to the server's account of it.
  app.addHook('onRequest', (request, reply, done) => {
    reply.header('x-request-id', request.id);
    done();
  });

  // Once the app is closing (SIGTERM), each answer ends its connection. A keep-alive socket busy
  // when the signal came would otherwise stay open for its 72 s keep-alive timeout after its
  // answer, and hold the shutdown until SHUTDOWN_TIMEOUT_SECONDS forces the exit.
  let closing = false;
  app.addHook('preClose', (done) => {
    closing = true;
    done();
  });
  app.addHook('onSend', (_request, reply, payload, done) => {
    if (closing) reply.header('connection', 'close');
    done(null, payload);
  });
  app.addHook('onResponse', (_request, _reply, done) => {
    if (closing) app.server.closeIdleConnections();
    done();
  });
}
