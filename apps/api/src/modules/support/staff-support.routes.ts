// The staff support inbox (docs/back-office-api.md): list, read, reply, close and reopen. A
// reply shows in the client's portal at once and is e-mailed to the client (or to the reply
// address a visitor left on the contact form).
import {
  StaffTicketListQuerySchema,
  StaffTicketListSchema,
  StaffTicketSchema,
  TicketReplyBodySchema,
} from '@brokerdesk/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireStaffActor } from '../../plugins/auth.js';
import type { StaffSupportService } from './staff-support.service.js';

const IdParamsSchema = z.object({ id: z.string().max(64) });
const tags = ['staff support'];
const security = [{ staffToken: [] }];

export const staffSupportRoutes: FastifyPluginAsyncZod<{ service: StaffSupportService }> = async (
  app,
  { service },
) => {
  app.get(
    '/api/staff/tickets',
    {
      config: { auth: 'staff', permission: 'clients:read' },
      schema: {
        tags,
        security,
        summary: 'Tickets of a status (open by default), latest activity first',
        querystring: StaffTicketListQuerySchema,
        response: { 200: StaffTicketListSchema },
      },
    },
    async (request) => service.listTickets({ status: request.query.status }),
  );

  app.get(
    '/api/staff/tickets/:id',
    {
      config: { auth: 'staff', permission: 'clients:read' },
      schema: {
        tags,
        security,
        summary: 'One ticket with its conversation',
        params: IdParamsSchema,
        response: { 200: StaffTicketSchema },
      },
    },
    async (request) => service.getTicket({ id: request.params.id }),
  );

  app.post(
    '/api/staff/tickets/:id/reply',
    {
      config: { auth: 'staff', permission: 'support:write' },
      schema: {
        tags,
        security,
        summary: 'Reply to a ticket; it becomes answered',
        params: IdParamsSchema,
        body: TicketReplyBodySchema,
        response: { 200: StaffTicketSchema },
      },
    },
    async (request) =>
      service.replyToTicket({
        id: request.params.id,
        staff: requireStaffActor(request),
        message: request.body.message,
      }),
  );

  for (const [path, change] of [
    ['close', service.closeTicket],
    ['reopen', service.reopenTicket],
  ] as const) {
    app.post(
      `/api/staff/tickets/:id/${path}`,
      {
        config: { auth: 'staff', permission: 'support:write' },
        schema: {
          tags,
          security,
          summary: path === 'close' ? 'Close a ticket' : 'Reopen a ticket',
          params: IdParamsSchema,
          response: { 200: StaffTicketSchema },
        },
      },
      async (request) => change({ id: request.params.id, staff: requireStaffActor(request) }),
    );
  }
};
