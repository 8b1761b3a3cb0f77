// Staff and referral commission (decision 110): the list (held ones to act on, or one client's
// on either side) and the two decisions, release and void, each with a reason and audited.
import {
  ReferralDecisionBodySchema,
  StaffReferralCommissionListSchema,
  StaffReferralCommissionQuerySchema,
  StaffReferralCommissionResponseSchema,
} from '@brokerdesk/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireStaffActor } from '../../plugins/auth.js';
import type { ReferralService } from './referrals.service.js';

const IdParamsSchema = z.object({ id: z.uuid({ error: 'Not a valid id' }) });
const tags = ['staff money'];
const security = [{ staffToken: [] }];

export const staffReferralRoutes: FastifyPluginAsyncZod<{ service: ReferralService }> = async (
  app,
  { service },
) => {
  app.get(
    '/api/staff/referral-commissions',
    {
      config: { auth: 'staff', permission: 'clients:read' },
      schema: {
        tags,
        security,
        summary: 'Referral commissions, newest first: by state (held: to act on) and by client',
        querystring: StaffReferralCommissionQuerySchema,
        response: { 200: StaffReferralCommissionListSchema },
      },
    },
    async (request) => service.listCommissionsForStaff(request.query),
  );

  const decisions = [
    {
      path: '/api/staff/referral-commissions/:id/release',
      summary: 'Release a held commission: paid on its release date, or now if that has passed',
      run: service.releaseCommission,
    },
    {
      path: '/api/staff/referral-commissions/:id/void',
      summary: 'Void a pending or held commission with a reason the referrer reads',
      run: service.voidCommission,
    },
  ];
  for (const decision of decisions) {
    app.post(
      decision.path,
      {
        config: { auth: 'staff', permission: 'money:write' },
        schema: {
          tags,
          security,
          summary: decision.summary,
          params: IdParamsSchema,
          body: ReferralDecisionBodySchema,
          response: { 200: StaffReferralCommissionResponseSchema },
        },
      },
      async (request) =>
        decision.run({
          id: request.params.id,
          staff: requireStaffActor(request),
          reason: request.body.reason,
        }),
    );
  }
};
