import { desc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { preparedQuery } from '../../db/prepared.js';
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
  registrationIp: string | null;
}

export async function insertClient(db: Db, client: NewClient): Promise<{ id: string }> {
  const [row] = await db.insert(clients).values(client).returning({ id: clients.id });
  if (!row) throw new Error('insert into clients returned no row');
  return row;
}

export async function findClientCredentialsByEmail(db: Db, email: string) {
  const [row] = await db
    .select({
      id: clients.id,
      passwordHash: clients.passwordHash,
      disabledAt: clients.disabledAt,
    })
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

const profileById = preparedQuery((db) =>
  db
    .select({
      firstName: clients.firstName,
      lastName: clients.lastName,
      email: clients.email,
      country: clients.country,
      phone: clients.phone,
      emailVerifiedAt: clients.emailVerifiedAt,
    })
    .from(clients)
    .where(eq(clients.id, sql.placeholder('id')))
    .limit(1)
    .prepare('client_profile_by_id'),
);

/** What the dashboard shows of the client (read on every dashboard, hence prepared). */
export async function findClientProfileById(db: Db, id: string) {
  const [row] = await profileById(db, { id });
  return row ?? null;
}

export async function findClientPasswordHash(db: Db, id: string): Promise<string | null> {
  const [row] = await db
    .select({ passwordHash: clients.passwordHash })
    .from(clients)
    .where(eq(clients.id, id))
    .limit(1);
  return row?.passwordHash ?? null;
}

export async function updateClientPasswordHash(
  db: Db,
  id: string,
  passwordHash: string,
): Promise<void> {
  await db.update(clients).set({ passwordHash }).where(eq(clients.id, id));
}

/** The client's e-mail choices (decision 137); null for no such client. */
export async function findClientPreferences(db: Db, id: string) {
  const [row] = await db
    .select({ tradeConfirmations: clients.tradeConfirmations })
    .from(clients)
    .where(eq(clients.id, id))
    .limit(1);
  return row ?? null;
}

/** Sets the client's e-mail choices; null for no such client. */
export async function updateClientPreferences(
  db: Db,
  id: string,
  preferences: { tradeConfirmations: boolean },
) {
  const [row] = await db
    .update(clients)
    .set(preferences)
    .where(eq(clients.id, id))
    .returning({ tradeConfirmations: clients.tradeConfirmations });
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
