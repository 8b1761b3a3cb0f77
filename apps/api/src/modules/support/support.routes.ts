// POST /api/support/send (docs/product.md §4, §7): one path, two callers. Without a token it is the
// public contact form (optional reply e-mail); with a client token it is the dashboard form and
// the ticket belongs to that client. A token that is sent but not valid is 401.
import {
  AppError,
  MESSAGES,
  SupportBodySchema,
  SupportSentResponseSchema,
  SupportTicketListSchema,
} from '@brokerdesk/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { IdempotencyHeadersSchema } from '../../lib/idempotency-header.js';
import { requireClient } from '../../plugins/auth.js';
import type { SupportAuthor, SupportService } from './support.service.js';

export interface SupportRoutesOptions {
  service: SupportService;
}

/** Per IP, both callers together: enough for a person, too few for a spam script. */
export const SUPPORT_RATE_LIMIT = { max: 5, timeWindowMs: 60_000 } as const;

export const supportRoutes: FastifyPluginAsyncZod<SupportRoutesOptions> = async (
  app,
  { service },
) => {
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
        headers: IdempotencyHeadersSchema,
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

  app.get(
    '/api/support/tickets',
    {
      config: { auth: 'client' },
      schema: {
        tags: ['support'],
        security: [{ userToken: [] }],
        summary: "The signed-in client's tickets, newest first, with staff replies",
        response: { 200: SupportTicketListSchema },
      },
    },
    async (request) => service.listClientTickets({ clientId: requireClient(request).clientId }),
  );
};
