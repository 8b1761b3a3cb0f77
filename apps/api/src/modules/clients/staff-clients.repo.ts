// SQL for the back office's client list and detail. The list is offset-paged (staff jump to a
// page and sort by any column); search is a case-insensitive substring of name or e-mail.
import { asc, desc, eq, ilike, inArray, or, sql } from 'drizzle-orm';
import type { SQL } from 'drizzle-orm';
import type { ClientListQuery } from '@brokerdesk/shared';
import type { Db } from '../../db/client.js';
import { clients, ledgerAccounts } from '../../db/schema.js';

const cents = (expression: SQL) => sql<number>`cast(${expression} as bigint)`.mapWith(Number);

/** The available balance: credits − debits posted − held; 0 without an account. */
const availableMinor = cents(
  sql`coalesce(${ledgerAccounts.creditsPosted} - ${ledgerAccounts.debitsPosted} - ${ledgerAccounts.debitsPending}, 0)`,
);

/** `%`, `_` and `\` are literal in a search, not patterns. */
function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
}

function searchCondition(q: string | undefined): SQL | undefined {
  if (!q) return undefined;
  const pattern = containsPattern(q);
  return or(
    ilike(sql`${clients.firstName} || ' ' || ${clients.lastName}`, pattern),
    ilike(clients.email, pattern),
  );
}

function orderFor(query: Pick<ClientListQuery, 'sort' | 'dir'>): SQL[] {
  const direction = query.dir === 'asc' ? asc : desc;
  switch (query.sort) {
    case 'name':
      return [
        direction(sql`lower(${clients.lastName})`),
        direction(sql`lower(${clients.firstName})`),
        direction(clients.id),
      ];
    case 'email':
      return [direction(clients.email)];
    case 'country':
      return [direction(clients.country), direction(clients.id)];
    case 'balance':
      return [direction(availableMinor), direction(clients.id)];
    case 'joined':
      return [direction(clients.createdAt), direction(clients.id)];
  }
}

const listColumns = {
  id: clients.id,
  firstName: clients.firstName,
  lastName: clients.lastName,
  email: clients.email,
  country: clients.country,
  createdAt: clients.createdAt,
  emailVerifiedAt: clients.emailVerifiedAt,
  disabledAt: clients.disabledAt,
  availableMinor,
};

export type StaffClientListRow = {
  id: string;
  firstName: string;
  lastName: string;
  email: string;
  country: string;
  createdAt: Date;
  emailVerifiedAt: Date | null;
  disabledAt: Date | null;
  availableMinor: number;
};

export async function findClientPage(
  db: Db,
  query: Pick<ClientListQuery, 'q' | 'sort' | 'dir'>,
  options: { offset: number; limit: number },
): Promise<StaffClientListRow[]> {
  return db
    .select(listColumns)
    .from(clients)
    .leftJoin(ledgerAccounts, eq(ledgerAccounts.clientId, clients.id))
    .where(searchCondition(query.q))
    .orderBy(...orderFor(query))
    .offset(options.offset)
    .limit(options.limit);
}

export async function countClients(db: Db, q: string | undefined): Promise<number> {
  const [row] = await db
    .select({ n: cents(sql`count(*)`) })
    .from(clients)
    .where(searchCondition(q));
  return row?.n ?? 0;
}

export async function findClientForStaff(db: Db, id: string) {
  const [row] = await db
    .select({
      ...listColumns,
      phone: clients.phone,
      referralCode: clients.referralCode,
      referredBy: clients.referredBy,
    })
    .from(clients)
    .leftJoin(ledgerAccounts, eq(ledgerAccounts.clientId, clients.id))
    .where(eq(clients.id, id))
    .limit(1);
  return row ?? null;
}

export async function findClientNames(db: Db, ids: string[]) {
  if (ids.length === 0) return [];
  return db
    .select({ id: clients.id, firstName: clients.firstName, lastName: clients.lastName })
    .from(clients)
    .where(inArray(clients.id, ids));
}

export async function findReferredClients(db: Db, referrerId: string, limit: number) {
  return db
    .select({
      id: clients.id,
      firstName: clients.firstName,
      lastName: clients.lastName,
      email: clients.email,
      createdAt: clients.createdAt,
    })
    .from(clients)
    .where(eq(clients.referredBy, referrerId))
    .orderBy(desc(clients.createdAt), desc(clients.id))
    .limit(limit);
}

/** Sets or clears disabled_at; returns the row as it was before, or null if there is none. */
export async function setClientDisabled(
  db: Db,
  id: string,
  disabledAt: Date | null,
): Promise<{ disabledAt: Date | null } | null> {
  const [before] = await db
    .select({ disabledAt: clients.disabledAt })
    .from(clients)
    .where(eq(clients.id, id))
    .limit(1)
    .for('update');
  if (!before) return null;
  await db.update(clients).set({ disabledAt }).where(eq(clients.id, id));
  return before;
}
