// The back office's view of clients: the searchable list (and its CSV), one client's whole
// picture, creating a client (the seed's Manage Registration) and disabling or enabling one.
// Every change is audited in the same transaction.
import { AppError, MESSAGES } from '@brokerdesk/shared';
import type {
  ClientListQuery,
  RegisterBody,
  StaffClientDetail,
  StaffClientPage,
  StaffClientRow,
} from '@brokerdesk/shared';
import type { Db } from '../../db/client.js';
import { csvLine, plainDollars } from '../../lib/csv.js';
import type { Clock } from '../../lib/clock.js';
import { recordAudit } from '../audit/index.js';
import type { StaffActor } from '../audit/index.js';
import type { LedgerService } from '../ledger/index.js';
import { findClientMails } from '../mail/index.js';
import { findEventsOf, findHistoryPage, toTransactionWithTimeline } from '../money/index.js';
import type { SessionService } from '../sessions/index.js';
import { findSubscriptionsNewestFirst, toSubscription } from '../subscriptions/index.js';
import { findClientTickets, toSupportTicket } from '../support/index.js';
import type { ClientService } from './clients.service.js';
import {
  countClients,
  findClientForStaff,
  findClientNames,
  findClientPage,
  findReferredClients,
  setClientDisabled,
} from './staff-clients.repo.js';
import type { StaffClientListRow } from './staff-clients.repo.js';
import { isUuid } from '../../lib/ids.js';

const DETAIL_ROWS = 100;
const DETAIL_MAILS = 20;
const CSV_PAGE = 1_000;
export const CLIENT_CSV_MAX_ROWS = 100_000;

const clientNotFound = () => new AppError('NOT_FOUND', MESSAGES.money.clientNotFound);

function toRow(row: StaffClientListRow): StaffClientRow {
  return {
    id: row.id,
    name: `${row.firstName} ${row.lastName}`,
    email: row.email,
    country: row.country,
    joinedAt: row.createdAt.toISOString(),
    verified: row.emailVerifiedAt !== null,
    disabled: row.disabledAt !== null,
    balanceMinor: row.availableMinor,
  };
}

export const CLIENT_CSV_HEADER = [
  'Name',
  'Email',
  'Country',
  'Joined',
  'Verified',
  'Status',
  'Available balance (USD)',
  'Id',
] as const;

export interface StaffClientServiceDeps {
  db: Db;
  clock: Clock;
  ledger: LedgerService;
  sessions: SessionService;
  clients: ClientService;
  /**
   * account-links' resendVerification, passed in (account-links builds on this module, so this
   * module never imports it).
   */
  resendVerification: (options: {
    clientId: string;
    afterIssue?: (tx: Db) => Promise<void>;
  }) => Promise<unknown>;
}

export function makeStaffClientService({
  db,
  clock,
  ledger,
  sessions,
  clients,
  resendVerification,
}: StaffClientServiceDeps) {
  async function listPage(query: ClientListQuery): Promise<StaffClientPage> {
    const [rows, total] = await Promise.all([
      findClientPage(db, query, {
        offset: (query.page - 1) * query.pageSize,
        limit: query.pageSize,
      }),
      countClients(db, query.q),
    ]);
    return { items: rows.map(toRow), total, page: query.page, pageSize: query.pageSize };
  }

  async function* listCsv(query: Pick<ClientListQuery, 'q' | 'sort' | 'dir'>) {
    yield csvLine(CLIENT_CSV_HEADER);
    for (let offset = 0; offset < CLIENT_CSV_MAX_ROWS; offset += CSV_PAGE) {
      const rows = await findClientPage(db, query, { offset, limit: CSV_PAGE });
      yield rows
        .map((row) =>
          csvLine([
            `${row.firstName} ${row.lastName}`,
            row.email,
            row.country,
            row.createdAt.toISOString(),
            row.emailVerifiedAt ? 'Yes' : 'No',
            row.disabledAt ? 'Disabled' : 'Active',
            plainDollars(row.availableMinor),
            row.id,
          ]),
        )
        .join('');
      if (rows.length < CSV_PAGE) return;
    }
  }

  async function getDetail(id: string): Promise<StaffClientDetail> {
    const row = isUuid(id) ? await findClientForStaff(db, id) : null;
    if (!row) throw clientNotFound();
    const now = clock.now();
    const [totals, history, plans, tickets, referrals, liveSessions, referrer] = await Promise.all([
      // The client's dashboard's rule, live trading account included (§11.14).
      ledger.getClientTotals(db, id),
      findHistoryPage(db, { clientId: id }, { limit: DETAIL_ROWS }),
      findSubscriptionsNewestFirst(db, id),
      findClientTickets(db, id, 50),
      findReferredClients(db, id, 500),
      sessions.listClientSessions({ clientId: id }),
      row.referredBy ? findClientNames(db, [row.referredBy]) : Promise.resolve([]),
    ]);
    const mails = await findClientMails(db, id, DETAIL_MAILS);
    const transactions = history ?? [];
    const events = await findEventsOf(
      db,
      transactions.map((each) => each.id),
    );
    const by = referrer[0];
    return {
      client: {
        ...toRow(row),
        firstName: row.firstName,
        lastName: row.lastName,
        phone: row.phone,
        referralCode: row.referralCode,
        referredBy: by ? { id: by.id, name: `${by.firstName} ${by.lastName}` } : null,
      },
      balances: {
        balanceMinor: totals.balanceMinor,
        availableMinor: totals.availableMinor,
        heldMinor: totals.heldMinor,
        liveTradingMinor: totals.liveTradingMinor,
        depositedMinor: totals.depositedMinor,
        profitMinor: totals.profitMinor,
        profitParts: totals.profitParts,
        bonusMinor: totals.bonusMinor,
        refBonusMinor: totals.refBonusMinor,
      },
      transactions: transactions.map((each) =>
        toTransactionWithTimeline(each, events.get(each.id) ?? []),
      ),
      subscriptions: plans.map((plan) => toSubscription(plan, now)),
      tickets: tickets.map(({ ticket, messages }) => toSupportTicket(ticket, messages)),
      referrals: referrals.map((each) => ({
        id: each.id,
        name: `${each.firstName} ${each.lastName}`,
        email: each.email,
        joinedAt: each.createdAt.toISOString(),
      })),
      sessions: liveSessions.map((session) => ({
        createdAt: session.createdAt,
        expiresAt: session.expiresAt,
        lastSeenAt: session.lastSeenAt,
        userAgent: session.userAgent,
      })),
      mails: mails.map((mail) => ({
        id: mail.id,
        template: mail.template,
        subject: mail.subject,
        state: mail.state,
        createdAt: mail.createdAt.toISOString(),
        sendAfter: mail.sendAfter.toISOString(),
        sentAt: mail.sentAt?.toISOString() ?? null,
        lastError: mail.lastError,
      })),
    };
  }

  /** Staff send a client a new verification link (they say the first never arrived). */
  async function sendVerificationLink(id: string, staff: StaffActor): Promise<void> {
    if (!isUuid(id)) throw clientNotFound();
    await resendVerification({
      clientId: id,
      afterIssue: (tx) =>
        recordAudit(tx, staff, {
          action: 'client.verification_link',
          targetType: 'client',
          targetId: id,
        }),
    });
  }

  /** The seed's Manage Registration, through a staff endpoint so it is audited. */
  async function createClient(body: RegisterBody, staff: StaffActor): Promise<string> {
    const { clientId } = await clients.registerClient({
      body,
      afterInsert: (tx, id) =>
        recordAudit(tx, staff, {
          action: 'client.create',
          targetType: 'client',
          targetId: id,
          after: {
            firstName: body.firstName,
            lastName: body.lastName,
            email: body.email,
            country: body.country,
          },
        }),
    });
    return clientId;
  }

  /** Disabling also ends every session of the client at once. */
  async function setDisabled(
    id: string,
    disabled: boolean,
    staff: StaffActor,
    reason?: string,
  ): Promise<StaffClientRow> {
    if (!isUuid(id)) throw clientNotFound();
    await db.transaction(async (tx) => {
      const now = clock.now();
      const before = await setClientDisabled(tx, id, disabled ? now : null);
      if (!before) throw clientNotFound();
      if (disabled) await sessions.revokeAllClientSessions({ clientId: id }, tx);
      await recordAudit(tx, staff, {
        action: disabled ? 'client.disable' : 'client.enable',
        targetType: 'client',
        targetId: id,
        before: { disabled: before.disabledAt !== null },
        after: { disabled, ...(reason ? { reason } : {}) },
      });
    });
    const row = await findClientForStaff(db, id);
    if (!row) throw clientNotFound();
    return toRow(row);
  }

  return { listPage, listCsv, getDetail, createClient, setDisabled, sendVerificationLink };
}

export type StaffClientService = ReturnType<typeof makeStaffClientService>;
