// Single-use links (client_tokens) and the client rows they act on.
import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { clientTokens, clients } from '../../db/schema.js';
import type { ClientTokenPurpose } from '../../db/schema.js';

export async function insertClientToken(
  tx: Db,
  token: {
    clientId: string;
    purpose: ClientTokenPurpose;
    tokenHash: string;
    createdAt: Date;
    expiresAt: Date;
  },
): Promise<void> {
  await tx.insert(clientTokens).values(token);
}

/** When the client's newest link of this purpose was issued (for the resend cooldown). */
export async function findNewestTokenIssuedAt(
  tx: Db,
  clientId: string,
  purpose: ClientTokenPurpose,
): Promise<Date | null> {
  const [row] = await tx
    .select({ createdAt: clientTokens.createdAt })
    .from(clientTokens)
    .where(and(eq(clientTokens.clientId, clientId), eq(clientTokens.purpose, purpose)))
    .orderBy(desc(clientTokens.createdAt))
    .limit(1);
  return row?.createdAt ?? null;
}

/**
 * Uses a link: one statement both checks and marks it, so of two concurrent uses exactly one
 * gets the client id back.
 */
export async function consumeClientToken(
  tx: Db,
  tokenHash: string,
  purpose: ClientTokenPurpose,
  now: Date,
): Promise<{ clientId: string } | null> {
  const [row] = await tx
    .update(clientTokens)
    .set({ usedAt: now })
    .where(
      and(
        eq(clientTokens.tokenHash, tokenHash),
        eq(clientTokens.purpose, purpose),
        isNull(clientTokens.usedAt),
        sql`${clientTokens.expiresAt} > ${now}`,
      ),
    )
    .returning({ clientId: clientTokens.clientId });
  return row ?? null;
}

/** Why a link could not be used: unknown (or another purpose's), used, or expired. */
export async function findClientTokenState(
  db: Db,
  tokenHash: string,
  purpose: ClientTokenPurpose,
): Promise<{ clientId: string; usedAt: Date | null; expiresAt: Date } | null> {
  const [row] = await db
    .select({
      clientId: clientTokens.clientId,
      usedAt: clientTokens.usedAt,
      expiresAt: clientTokens.expiresAt,
    })
    .from(clientTokens)
    .where(and(eq(clientTokens.tokenHash, tokenHash), eq(clientTokens.purpose, purpose)))
    .limit(1);
  return row ?? null;
}

/** After a reset: the client's other reset links stop working too. */
export async function retireClientTokens(
  tx: Db,
  clientId: string,
  purpose: ClientTokenPurpose,
  now: Date,
): Promise<void> {
  await tx
    .update(clientTokens)
    .set({ usedAt: now })
    .where(
      and(
        eq(clientTokens.clientId, clientId),
        eq(clientTokens.purpose, purpose),
        isNull(clientTokens.usedAt),
      ),
    );
}

/** The client a link acts on, locked for the rest of the transaction. */
export async function lockClientForLink(tx: Db, clientId: string) {
  const [row] = await tx
    .select({
      id: clients.id,
      email: clients.email,
      firstName: clients.firstName,
      emailVerifiedAt: clients.emailVerifiedAt,
      disabledAt: clients.disabledAt,
    })
    .from(clients)
    .where(eq(clients.id, clientId))
    .for('update')
    .limit(1);
  return row ?? null;
}

export async function markEmailVerified(tx: Db, clientId: string, now: Date): Promise<void> {
  await tx
    .update(clients)
    .set({ emailVerifiedAt: now })
    .where(and(eq(clients.id, clientId), isNull(clients.emailVerifiedAt)));
}
