// Staff invitations, answered without a sign-in (decision 111): the token from the mailed link is
// the credential. It travels in the JSON body, never in the URL, so it reaches no logged URL
// (the log redacts `token` fields); each call is limited per IP like the sign-in.
import {
  AcceptInvitationBodySchema,
  InvitationTokenBodySchema,
  StaffInvitationSchema,
  TotpConfirmedSchema,
  TotpSetupSchema,
} from '@brokerdesk/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AuthRateLimit } from '../../plugins/security.js';
import type { StaffInvitationService } from './staff-invitations.service.js';

export interface StaffInvitationRoutesOptions {
  service: StaffInvitationService;
  authRateLimit: AuthRateLimit;
}

const tags = ['staff invitations'];

export const staffInvitationRoutes: FastifyPluginAsyncZod<StaffInvitationRoutesOptions> = async (
  app,
  { service, authRateLimit },
) => {
  const rateLimit = { max: authRateLimit.max, timeWindow: authRateLimit.timeWindowMs };

  app.post(
    '/api/invitations/lookup',
    {
      config: { rateLimit },
      schema: {
        tags,
        summary: 'Whom an invitation link invites, as what, until when',
        body: InvitationTokenBodySchema,
        response: { 200: StaffInvitationSchema },
      },
    },
    async (request) => service.lookupInvitation(request.body),
  );

  app.post(
    '/api/invitations/totp',
    {
      config: { rateLimit },
      schema: {
        tags,
        summary: 'A new authenticator secret for the invited member (pending until accepted)',
        body: InvitationTokenBodySchema,
        response: { 200: TotpSetupSchema },
      },
    },
    async (request) => service.startInvitationTotp({ token: request.body.token, ip: request.ip }),
  );

  app.post(
    '/api/invitations/accept',
    {
      config: { rateLimit },
      schema: {
        tags,
        summary:
          'Accept an invitation: the password and the current code from the app; returns 10 recovery codes (shown once)',
        body: AcceptInvitationBodySchema,
        response: { 200: TotpConfirmedSchema },
      },
    },
    async (request) => service.acceptInvitation({ body: request.body, ip: request.ip }),
  );
};
