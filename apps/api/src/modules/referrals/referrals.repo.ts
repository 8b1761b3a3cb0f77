// SQL for the referral page: the client's own code and the clients who registered with it.
import { and, desc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { clientTransactions, clients } from '../../db/schema.js';

export async function findReferralCode(db: Db, clientId: string): Promise<string | null> {
  const [me] = await db
    .select({ code: clients.referralCode })
    .from(clients)
    .where(eq(clients.id, clientId))
    .limit(1);
  return me?.code ?? null;
}

/** One query: each referred client with whether a deposit of theirs was confirmed. */
export async function findReferredClientsWithFunding(db: Db, referrerId: string, limit: number) {
  const funded = sql<boolean>`exists (select 1 from ${clientTransactions} where ${and(
    eq(clientTransactions.clientId, clients.id),
    eq(clientTransactions.type, 'deposit'),
    eq(clientTransactions.status, 'completed'),
  )})`;
  return db
    .select({
      firstName: clients.firstName,
      lastName: clients.lastName,
      email: clients.email,
      emailVerifiedAt: clients.emailVerifiedAt,
      createdAt: clients.createdAt,
      funded,
    })
    .from(clients)
    .where(eq(clients.referredBy, referrerId))
    .orderBy(desc(clients.createdAt), desc(clients.id))
    .limit(limit);
}
