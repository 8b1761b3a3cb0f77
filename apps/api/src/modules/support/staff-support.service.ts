// The staff support inbox's rules: list and read tickets, reply (shown in the client's portal and
// e-mailed to the client, or to the reply address a visitor left), close and reopen. Every change
// is one transaction with its audit record and its mail.
import { AppError } from '@brokerdesk/shared';
import type { StaffTicket } from '@brokerdesk/shared';
import type { Db } from '../../db/client.js';
import type { Clock } from '../../lib/clock.js';
import { isUuid } from '../../lib/ids.js';
import { recordAudit } from '../audit/index.js';
import type { StaffActor } from '../audit/index.js';
import type { MailService } from '../mail/index.js';
import {
  findTicketForStaff,
  findTicketsForStaff,
  insertStaffReply,
  lockTicket,
  setTicketStatus,
} from './support.repo.js';
import { toSupportTicket } from './support.view.js';

const INBOX_LIMIT = 200;

type TicketWithClient = NonNullable<Awaited<ReturnType<typeof findTicketForStaff>>>;
type LockedTicket = NonNullable<Awaited<ReturnType<typeof lockTicket>>>;
type TicketStatus = 'open' | 'answered' | 'closed';

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

export function makeStaffSupportService({
  db,
  clock,
  mail,
}: {
  db: Db;
  clock: Clock;
  mail: MailService;
}) {
  async function listTickets({
    status,
  }: {
    status: TicketStatus | 'all';
  }): Promise<{ items: StaffTicket[] }> {
    return { items: (await findTicketsForStaff(db, status, INBOX_LIMIT)).map(toStaffTicket) };
  }

  async function getTicket({ id }: { id: string }): Promise<StaffTicket> {
    const found = isUuid(id) ? await findTicketForStaff(db, id) : null;
    if (!found) throw ticketNotFound();
    return toStaffTicket(found);
  }

  /** Changes a ticket (reply or status) in one transaction with its audit record. */
  async function changeTicket(
    id: string,
    staff: StaffActor,
    action: 'ticket.reply' | 'ticket.close' | 'ticket.reopen',
    change: (tx: Db, now: Date, ticket: LockedTicket) => Promise<{ status: TicketStatus }>,
  ): Promise<StaffTicket> {
    if (!isUuid(id)) throw ticketNotFound();
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
    return getTicket({ id });
  }

  /** The ticket becomes answered; the reply is mailed to whoever wrote it. */
  async function replyToTicket({
    id,
    staff,
    message,
  }: {
    id: string;
    staff: StaffActor;
    message: string;
  }): Promise<StaffTicket> {
    return changeTicket(id, staff, 'ticket.reply', async (tx, now, ticket) => {
      await insertStaffReply(tx, {
        ticketId: id,
        staffId: staff.staffId,
        body: message,
        createdAt: now,
      });
      const subject = ticket.subject || 'Your message';
      if (ticket.clientId) {
        await mail.queueForClient(tx, ticket.clientId, ({ firstName }, templates) =>
          templates.ticketReply({ firstName, subject, reply: message, signedIn: true }),
        );
      } else if (ticket.replyEmail) {
        await mail.queue(
          tx,
          ticket.replyEmail,
          mail.templates.ticketReply({
            firstName: null,
            subject,
            reply: message,
            signedIn: false,
          }),
        );
      }
      return { status: 'answered' };
    });
  }

  async function closeTicket({ id, staff }: { id: string; staff: StaffActor }) {
    return changeTicket(id, staff, 'ticket.close', async () => ({ status: 'closed' }));
  }

  async function reopenTicket({ id, staff }: { id: string; staff: StaffActor }) {
    return changeTicket(id, staff, 'ticket.reopen', async () => ({ status: 'open' }));
  }

  return { listTickets, getTicket, replyToTicket, closeTicket, reopenTicket };
}

export type StaffSupportService = ReturnType<typeof makeStaffSupportService>;
