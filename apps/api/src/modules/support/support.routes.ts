// POST /api/support/send (PRODUCT.md §4, §7): one path, two callers. Without a token it is the
// public contact form (optional reply e-mail); with a client token it is the dashboard form and
// the ticket belongs to that client. A token that is sent but not valid is 401.
import {
  AppError,
  MESSAGES,
  SupportBodySchema,
  SupportSentResponseSchema,
} from '@brokerdesk/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Config } from '../../config.js';
import type { Db } from '../../db/client.js';
import { makeSupportService } from './support.service.js';
import type { SupportAuthor } from './support.service.js';

export interface SupportRoutesOptions {
  db: Db;
  config: Config;
}

/** Per IP, both callers together: enough for a person, too few for a spam script. */
export const SUPPORT_RATE_LIMIT = { max: 5, timeWindowMs: 60_000 } as const;

const IDEMPOTENCY_KEY_MAX = 200;

const HeadersSchema = z.looseObject({
  'idempotency-key': z
    .string()
    .trim()
    .min(1, 'Idempotency-Key must not be empty')
    .max(IDEMPOTENCY_KEY_MAX, `Idempotency-Key must be at most ${IDEMPOTENCY_KEY_MAX} characters`)
    .optional()
    .describe('Optional; a repeat from the same caller returns the first ticket'),
});

export const supportRoutes: FastifyPluginAsyncZod<SupportRoutesOptions> = async (app, { db }) => {
  const service = makeSupportService({ db });

  app.post(
    '/api/support/send',
    {
      config: {
        auth: 'client-optional',
        rateLimit: {
          max: SUPPORT_RATE_LIMIT.max,
          timeWindow: SUPPORT_RATE_LIMIT.timeWindowMs,
          errorResponseBuilder: () => new AppError('RATE_LIMITED', MESSAGES.support.rateLimited),
        },
      },
      // A signed-in client's e-mail comes from the account: drop the body's before it is
      // validated, so a stale or malformed one can neither fail the call nor be stored.
      preValidation: async (request) => {
        const body: unknown = request.body;
        if (request.client && typeof body === 'object' && body !== null && 'email' in body) {
          delete (body as { email?: unknown }).email;
        }
      },
      schema: {
        tags: ['support'],
        summary: 'Send a support message (public contact form, or dashboard with user-token)',
        description:
          'Without a token: the public contact form; `email` is an optional reply address. ' +
          'With `user-token` (or Bearer): the ticket belongs to that client and `email` is ignored. ' +
          'An invalid or expired token is 401. Rate-limited per IP.',
        security: [{}, { userToken: [] }],
        headers: HeadersSchema,
        body: SupportBodySchema,
        response: { 201: SupportSentResponseSchema },
      },
    },
    async (request, reply) => {
      const author: SupportAuthor = request.client
        ? { kind: 'client', clientId: request.client.clientId }
        : { kind: 'visitor', ip: request.ip };
      const { ticketId } = await service.sendSupportMessage({
        author,
        body: request.body,
        idempotencyKey: request.headers['idempotency-key'],
      });
      return reply.code(201).send({ message: MESSAGES.support.sent, ticketId });
    },
  );
};
