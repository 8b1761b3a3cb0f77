// Staff accounts, for owners (permission staff:manage): list, invite, resend an invitation,
// disable and enable, sign out everywhere, reset 2FA. Every change writes an audit record
// (docs/back-office-api.md, decision 111).
import {
  CreateStaffBodySchema,
  StaffMemberListSchema,
  StaffMemberSchema,
} from '@brokerdesk/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireStaffActor } from '../../plugins/auth.js';
import type { StaffMembersService } from './staff-members.service.js';

export interface StaffMembersRoutesOptions {
  service: StaffMembersService;
}

const IdParamsSchema = z.object({ id: z.uuid({ error: 'Not a valid id' }) });
const staffManage = { auth: 'staff', permission: 'staff:manage' } as const;
const tags = ['staff accounts'];
const security = [{ staffToken: [] }];

export const staffMembersRoutes: FastifyPluginAsyncZod<StaffMembersRoutesOptions> = async (
  app,
  { service },
) => {
  app.get(
    '/api/staff/members',
    {
      config: staffManage,
      schema: {
        tags,
        security,
        summary: 'Every staff account, oldest first',
        response: { 200: StaffMemberListSchema },
      },
    },
    async () => service.listStaff(),
  );

  app.post(
    '/api/staff/members',
    {
      config: staffManage,
      schema: {
        tags,
        security,
        summary:
          'Invite a staff member (username unique, case-insensitively): the e-mailed link lets them choose their password and set up 2FA',
        body: CreateStaffBodySchema,
        response: { 201: StaffMemberSchema },
      },
    },
    async (request, reply) => {
      const member = await service.createStaff({
        actor: requireStaffActor(request),
        body: request.body,
      });
      return reply.code(201).send(member);
    },
  );

  app.post(
    '/api/staff/members/:id/invitation',
    {
      config: staffManage,
      schema: {
        tags,
        security,
        summary:
          'Send a member who has not accepted yet a new invitation (older links stop working)',
        params: IdParamsSchema,
        response: { 200: StaffMemberSchema },
      },
    },
    async (request) =>
      service.resendInvitation({ actor: requireStaffActor(request), id: request.params.id }),
  );

  app.post(
    '/api/staff/members/:id/disable',
    {
      config: staffManage,
      schema: {
        tags,
        security,
        summary: 'Disable a staff account and end its sessions (not yourself, not the last owner)',
        params: IdParamsSchema,
        response: { 200: StaffMemberSchema },
      },
    },
    async (request) =>
      service.disableStaff({ actor: requireStaffActor(request), id: request.params.id }),
  );

  app.post(
    '/api/staff/members/:id/enable',
    {
      config: staffManage,
      schema: {
        tags,
        security,
        summary: 'Enable a disabled staff account',
        params: IdParamsSchema,
        response: { 200: StaffMemberSchema },
      },
    },
    async (request) =>
      service.enableStaff({ actor: requireStaffActor(request), id: request.params.id }),
  );

  app.post(
    '/api/staff/members/:id/sessions/revoke',
    {
      config: staffManage,
      schema: {
        tags,
        security,
        summary: 'Sign a staff member out everywhere',
        params: IdParamsSchema,
        response: { 204: z.undefined() },
      },
    },
    async (request, reply) => {
      await service.revokeStaffSessions({
        actor: requireStaffActor(request),
        id: request.params.id,
      });
      return reply.code(204).send();
    },
  );

  app.post(
    '/api/staff/members/:id/totp/reset',
    {
      config: staffManage,
      schema: {
        tags,
        security,
        summary:
          "Reset a staff member's 2FA (lost phone): TOTP and sessions end; with an e-mail address their password too, and a new invitation is sent",
        params: IdParamsSchema,
        response: { 200: StaffMemberSchema },
      },
    },
    async (request) =>
      service.resetStaffTotp({ actor: requireStaffActor(request), id: request.params.id }),
  );
};
