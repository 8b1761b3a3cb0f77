// The staff support inbox (docs/back-office-api.md): list, read, reply, close and reopen. A
// reply shows in the client's portal at once and is e-mailed to the client (or to the reply
// address a visitor left on the contact form).
import {
  AppError,
  StaffTicketListQuerySchema,
  StaffTicketListSchema,
  StaffTicketSchema,
  TicketReplyBodySchema,
} from '@brokerdesk/shared';
import type { StaffTicket } from '@brokerdesk/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../db/client.js';
import type { Clock } from '../../lib/clock.js';
import { requireStaffActor } from '../../plugins/auth.js';
import { recordAudit } from '../audit/audit.repo.js';
import type { MailService } from '../mail/mail.service.js';
import {
  findTicketForStaff,
  findTicketsForStaff,
  insertStaffReply,
  lockTicket,
  setTicketStatus,
} from './support.repo.js';
import { toSupportTicket } from './support.view.js';
import { isUuid } from '../../lib/ids.js';

const INBOX_LIMIT = 200;
const IdParamsSchema = z.object({ id: z.string().max(64) });
const tags = ['staff support'];
const security = [{ staffToken: [] }];

type TicketWithClient = NonNullable<Awaited<ReturnType<typeof findTicketForStaff>>>;

function toStaffTicket({ ticket, client, messages }: TicketWithClient): StaffTicket {
  return {
    ...toSupportTicket(ticket, messages),
    client: client
      ? { id: client.id, name: `${client.firstName} ${client.lastName}`, email: client.email }
      : null,
    replyEmail: ticket.replyEmail,
  };
}

const ticketNotFound = () => new AppError('NOT_FOUND', 'Ticket not found');

export const staffSupportRoutes: FastifyPluginAsyncZod<{
  db: Db;
  clock: Clock;
  mail: MailService;
}> = async (app, { db, clock, mail }) => {
  async function readTicket(id: string): Promise<StaffTicket> {
    const found = isUuid(id) ? await findTicketForStaff(db, id) : null;
    if (!found) throw ticketNotFound();
    return toStaffTicket(found);
  }

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
    async (request) => ({
      items: (await findTicketsForStaff(db, request.query.status, INBOX_LIMIT)).map(toStaffTicket),
    }),
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
    async (request) => readTicket(request.params.id),
  );

  /** Changes a ticket (reply or status) in one transaction with its audit record. */
  async function changeTicket(
    id: string,
    request: Parameters<typeof requireStaffActor>[0],
    action: 'ticket.reply' | 'ticket.close' | 'ticket.reopen',
    change: (
      tx: Db,
      now: Date,
      ticket: NonNullable<Awaited<ReturnType<typeof lockTicket>>>,
    ) => Promise<{ status: 'open' | 'answered' | 'closed' }>,
  ): Promise<StaffTicket> {
    if (!isUuid(id)) throw ticketNotFound();
    const staff = requireStaffActor(request);
    await db.transaction(async (tx) => {
      const before = await lockTicket(tx, id);
      if (!before) throw ticketNotFound();
      const now = clock.now();
      const { status } = await change(tx, now, before);
      await setTicketStatus(tx, id, status, now);
      await recordAudit(tx, staff, {
        action,
        targetType: 'ticket',
        targetId: id,
        before: { status: before.status },
        after: { status },
      });
    });
    return readTicket(id);
  }

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
      changeTicket(request.params.id, request, 'ticket.reply', async (tx, now, ticket) => {
        const { staffId } = requireStaffActor(request);
        const reply = request.body.message;
        await insertStaffReply(tx, {
          ticketId: request.params.id,
          staffId,
          body: reply,
          createdAt: now,
        });
        const subject = ticket.subject || 'Your message';
        if (ticket.clientId) {
          await mail.queueForClient(tx, ticket.clientId, ({ firstName }, templates) =>
            templates.ticketReply({ firstName, subject, reply, signedIn: true }),
          );
        } else if (ticket.replyEmail) {
          await mail.queue(
            tx,
            ticket.replyEmail,
            mail.templates.ticketReply({ firstName: null, subject, reply, signedIn: false }),
          );
        }
        return { status: 'answered' };
      }),
  );

  for (const [path, action, status] of [
    ['close', 'ticket.close', 'closed'],
    ['reopen', 'ticket.reopen', 'open'],
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
      async (request) => changeTicket(request.params.id, request, action, async () => ({ status })),
    );
  }
};
