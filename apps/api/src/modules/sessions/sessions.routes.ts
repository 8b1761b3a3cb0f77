// The account page's device list (issue 6): see, and end, your own sessions.
import { ClientSessionListSchema, MESSAGES, SignOutOthersResponseSchema } from '@brokerdesk/shared';
import { AppError } from '@brokerdesk/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { isUuid } from '../../lib/ids.js';
import { requireClient } from '../../plugins/auth.js';
import type { SessionService } from './sessions.service.js';

export const sessionRoutes: FastifyPluginAsyncZod<{ sessions: SessionService }> = async (
  app,
  { sessions },
) => {
  app.get(
    '/api/account/sessions',
    {
      config: { auth: 'client' },
      schema: {
        tags: ['account'],
        summary: 'Signed-in devices of this client, newest first',
        response: { 200: ClientSessionListSchema },
      },
    },
    async (request) => {
      const { clientId, sessionId } = requireClient(request);
      return {
        sessions: await sessions.listClientSessions({ clientId, currentSessionId: sessionId }),
      };
    },
  );

  app.post(
    '/api/account/sessions/revoke-others',
    {
      config: { auth: 'client' },
      schema: {
        tags: ['account'],
        summary: 'Sign out every other device',
        response: { 200: SignOutOthersResponseSchema },
      },
    },
    async (request) => {
      const { clientId, sessionId } = requireClient(request);
      const revoked = await sessions.revokeOtherSessions({ clientId, keepSessionId: sessionId });
      return { message: MESSAGES.account.otherSessionsSignedOut, revoked };
    },
  );

  app.delete(
    '/api/account/sessions/:sessionId',
    {
      config: { auth: 'client' },
      schema: {
        tags: ['account'],
        summary: 'Sign out one device (this one included)',
        params: z.object({ sessionId: z.string().max(64) }),
        response: { 204: z.undefined() },
      },
    },
    async (request, reply) => {
      const { clientId } = requireClient(request);
      const { sessionId } = request.params;
      // Another client's session answers like a missing one (no existence leak).
      const ended =
        isUuid(sessionId) && (await sessions.revokeClientSessionById({ clientId, sessionId }));
      if (!ended) throw new AppError('NOT_FOUND', MESSAGES.account.sessionNotFound);
      return reply.code(204).send();
    },
  );
};
