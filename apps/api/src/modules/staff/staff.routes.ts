// The seed's staff calls (docs/product.md §4, §7), TOTP enrolment and the own password change
// (docs/back-office-api.md).
import {
  AdminLoginBodySchema,
  AdminProfileSchema,
  ChangeStaffPasswordBodySchema,
  MessageResponseSchema,
  STAFF_ACCOUNT_MESSAGES,
  TokenResponseSchema,
  TotpCodeBodySchema,
  TotpConfirmedSchema,
  TotpSetupSchema,
} from '@brokerdesk/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireStaff, requireStaffActor } from '../../plugins/auth.js';
import type { AuthRateLimit } from '../../plugins/security.js';
import type { StaffService } from './staff.service.js';

export interface StaffRoutesOptions {
  service: StaffService;
  authRateLimit: AuthRateLimit;
}

export const staffRoutes: FastifyPluginAsyncZod<StaffRoutesOptions> = async (
  app,
  { service, authRateLimit },
) => {
  app.post(
    '/api/adminLogin/adminLogin',
    {
      config: { rateLimit: { max: authRateLimit.max, timeWindow: authRateLimit.timeWindowMs } },
      schema: {
        tags: ['staff'],
        summary: 'Log a staff member in; the token goes in the x-auth-token header',
        body: AdminLoginBodySchema,
        response: { 200: TokenResponseSchema },
      },
    },
    async (request) => service.loginStaff(request.body),
  );

  // Both allowed while the session may only enrol TOTP: the UI needs to know who is signed in.
  app.post(
    '/api/adminLogout/adminLogout',
    {
      config: { auth: 'staff-enrolment' },
      schema: {
        tags: ['staff'],
        summary: 'Revoke this staff session',
        response: { 204: z.undefined() },
      },
    },
    async (request, reply) => {
      await service.logoutStaff({ sessionId: requireStaff(request).sessionId });
      return reply.code(204).send();
    },
  );

  // The origin's admin screen checks its session with /api/admin/adminAuthentication (issue 17),
  // its dashboard with /api/adminDashboard/adminDashboard: the same check, the same answer.
  for (const [url, summary] of [
    ['/api/adminDashboard/adminDashboard', 'The signed-in staff member'],
    ['/api/admin/adminAuthentication', 'The signed-in staff member (the origin’s session check)'],
  ] as const) {
    app.get(
      url,
      {
        config: { auth: 'staff-enrolment' },
        schema: { tags: ['staff'], summary, response: { 200: AdminProfileSchema } },
      },
      async (request) => {
        const { username, role, totpEnrolled, scope } = requireStaff(request);
        return { username, role, totpEnrolled, sessionScope: scope };
      },
    );
  }

  app.post(
    '/api/staff/password',
    {
      config: {
        auth: 'staff',
        permission: 'profile:write',
        rateLimit: { max: authRateLimit.max, timeWindow: authRateLimit.timeWindowMs },
      },
      schema: {
        tags: ['staff'],
        security: [{ staffToken: [] }],
        summary:
          'Change your own password (current password and, with 2FA on, a code); your other sessions end',
        body: ChangeStaffPasswordBodySchema,
        response: { 200: MessageResponseSchema },
      },
    },
    async (request) => {
      await service.changeOwnPassword({
        actor: requireStaffActor(request),
        sessionId: requireStaff(request).sessionId,
        body: request.body,
      });
      return { message: STAFF_ACCOUNT_MESSAGES.passwordChanged };
    },
  );

  // Allowed to an enrolment-only session: that is what it is for.
  app.post(
    '/api/staff/totp/setup',
    {
      config: { auth: 'staff-enrolment' },
      schema: {
        tags: ['staff'],
        security: [{ staffToken: [] }],
        summary: 'Start TOTP enrolment: a new secret to scan, active once confirmed with a code',
        response: { 200: TotpSetupSchema },
      },
    },
    async (request) => service.setupTotp({ actor: requireStaffActor(request) }),
  );

  app.post(
    '/api/staff/totp/confirm',
    {
      config: { auth: 'staff-enrolment' },
      schema: {
        tags: ['staff'],
        security: [{ staffToken: [] }],
        summary:
          'Confirm TOTP with the current code: returns 10 recovery codes (shown once); this session becomes full',
        body: TotpCodeBodySchema,
        response: { 200: TotpConfirmedSchema },
      },
    },
    async (request) =>
      service.confirmTotp({
        actor: requireStaffActor(request),
        sessionId: requireStaff(request).sessionId,
        code: request.body.code,
      }),
  );
};
