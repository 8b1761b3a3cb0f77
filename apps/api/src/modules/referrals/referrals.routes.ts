// GET /api/referrals: the portal's referral page with its commissions (referrals.service.ts).
import { ReferralOverviewSchema } from '@brokerdesk/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireClient } from '../../plugins/auth.js';
import type { ReferralService } from './referrals.service.js';

export const referralRoutes: FastifyPluginAsyncZod<{ service: ReferralService }> = async (
  app,
  { service },
) => {
  app.get(
    '/api/referrals',
    {
      config: { auth: 'client' },
      schema: {
        tags: ['clients'],
        security: [{ userToken: [] }],
        summary:
          "The client's referral code, the clients who registered with it and the commission each earned",
        response: { 200: ReferralOverviewSchema },
      },
    },
    async (request) => service.getReferralOverview({ clientId: requireClient(request).clientId }),
  );
};
