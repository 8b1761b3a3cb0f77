// The live onboarding's SQL (decision 132): a client's trading profile, their appropriateness
// test attempts, and the category copied onto their open trading accounts.
import { and, desc, eq } from 'drizzle-orm';
import type { ClientCategory } from '@brokerdesk/shared/trading';
import type { Db } from '../../db/client.js';
import {
  appropriatenessTests,
  clientTradingProfiles,
  clients,
  staff,
  tradingAccounts,
} from '../../db/schema.js';

export type ProfileRow = typeof clientTradingProfiles.$inferSelect;
export type TestRow = typeof appropriatenessTests.$inferSelect;

export async function findProfile(db: Db, clientId: string) {
  const [row] = await db
    .select({ profile: clientTradingProfiles, changedByName: staff.username })
    .from(clientTradingProfiles)
    .leftJoin(staff, eq(staff.id, clientTradingProfiles.categoryChangedBy))
    .where(eq(clientTradingProfiles.clientId, clientId));
  return row ?? null;
}

/** The client's profile row, created with the defaults if need be, locked for the transaction. */
export async function lockProfile(tx: Db, clientId: string): Promise<ProfileRow> {
  await tx.insert(clientTradingProfiles).values({ clientId }).onConflictDoNothing();
  const [row] = await tx
    .select()
    .from(clientTradingProfiles)
    .where(eq(clientTradingProfiles.clientId, clientId))
    .for('update');
  if (!row) throw new Error('trading profile missing after its insert');
  return row;
}

export async function updateProfile(
  tx: Db,
  clientId: string,
  values: Partial<Omit<ProfileRow, 'clientId'>>,
): Promise<ProfileRow> {
  const [row] = await tx
    .update(clientTradingProfiles)
    .set(values)
    .where(eq(clientTradingProfiles.clientId, clientId))
    .returning();
  if (!row) throw new Error('trading profile missing');
  return row;
}

export async function findLatestTest(db: Db, clientId: string): Promise<TestRow | null> {
  const [row] = await db
    .select()
    .from(appropriatenessTests)
    .where(eq(appropriatenessTests.clientId, clientId))
    .orderBy(desc(appropriatenessTests.takenAt), desc(appropriatenessTests.id))
    .limit(1);
  return row ?? null;
}

export async function insertTest(tx: Db, row: Omit<TestRow, 'id'>): Promise<TestRow> {
  const [inserted] = await tx.insert(appropriatenessTests).values(row).returning();
  if (!inserted) throw new Error('appropriateness test not stored');
  return inserted;
}

/** New positions of every open account of the client open under the new category's caps. */
export async function setCategoryOfOpenAccounts(
  tx: Db,
  clientId: string,
  category: ClientCategory,
): Promise<void> {
  await tx
    .update(tradingAccounts)
    .set({ category })
    .where(and(eq(tradingAccounts.clientId, clientId), eq(tradingAccounts.status, 'open')));
}

/** Whether the client exists and has verified their e-mail; null for no such client. */
export async function findClientEmailVerified(db: Db, clientId: string): Promise<boolean | null> {
  const [row] = await db
    .select({ verifiedAt: clients.emailVerifiedAt })
    .from(clients)
    .where(eq(clients.id, clientId));
  return row ? row.verifiedAt !== null : null;
}
