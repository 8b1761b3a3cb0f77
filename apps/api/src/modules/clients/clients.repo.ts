import { desc, eq, sql } from 'drizzle-orm';
import type { SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { clients } from '../../db/schema.js';

export interface NewClient {
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
  country: string;
  passwordHash: string;
  referralCode: string;
  referredBy: string | null;
}

export async function insertClient(db: Db, client: NewClient): Promise<{ id: string }> {
  const [row] = await db.insert(clients).values(client).returning({ id: clients.id });
  if (!row) throw new Error('insert into clients returned no row');
  return row;
}

export async function findClientCredentialsByEmail(db: Db, email: string) {
  const [row] = await db
    .select({ id: clients.id, passwordHash: clients.passwordHash })
    .from(clients)
    .where(eq(clients.email, email))
    .limit(1);
  return row ?? null;
}

export async function emailIsRegistered(db: Db, email: string): Promise<boolean> {
  const rows = await db
    .select({ id: clients.id })
    .from(clients)
    .where(eq(clients.email, email))
    .limit(1);
  return rows.length > 0;
}

export async function findClientIdByReferralCode(
  db: Db,
  referralCode: string,
): Promise<string | null> {
  const [row] = await db
    .select({ id: clients.id })
    .from(clients)
    .where(eq(clients.referralCode, referralCode))
    .limit(1);
  return row?.id ?? null;
}

export async function findClientProfileById(db: Db, id: string) {
  const [row] = await db
    .select({
      firstName: clients.firstName,
      lastName: clients.lastName,
      email: clients.email,
      country: clients.country,
      phone: clients.phone,
      emailVerifiedAt: clients.emailVerifiedAt,
    })
    .from(clients)
    .where(eq(clients.id, id))
    .limit(1);
  return row ?? null;
}

/** The five dashboard figures of one client, in cents. */
export interface ClientFinancesCents {
  deposited: number;
  profit: number;
  bonus: number;
  refBonus: number;
  balance: number;
}

// Money columns are bigint: cast explicitly and map to Number, because pg returns int8 as a
// string and PGlite differs (PRODUCT.md §9).
const cents = (expression: SQL) => sql<number>`cast(${expression} as bigint)`.mapWith(Number);

/**
 * The client's finances, computed in SQL. There is no ledger yet, so every figure is zero:
 * the ledger issue replaces these expressions with sums over the client's postings
 * (`sum(amount_minor)::bigint` per account) and keeps this signature.
 */
export async function findClientFinancesCents(
  db: Db,
  clientId: string,
): Promise<ClientFinancesCents | null> {
  const [row] = await db
    .select({
      deposited: cents(sql`0`),
      profit: cents(sql`0`),
      bonus: cents(sql`0`),
      refBonus: cents(sql`0`),
      balance: cents(sql`0`),
    })
    .from(clients)
    .where(eq(clients.id, clientId))
    .limit(1);
  return row ?? null;
}

/** For staff forms: every client, newest first (index clients_created_at_idx). */
export async function listClientsNewestFirst(db: Db) {
  return db
    .select({
      id: clients.id,
      firstName: clients.firstName,
      lastName: clients.lastName,
      email: clients.email,
    })
    .from(clients)
    .orderBy(desc(clients.createdAt), desc(clients.id));
}
