// Staff invitations (staff_invitations): single-use links, only their SHA-256 stored, like the
// clients' account links (docs/decisions/061, 111).
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { staff, staffInvitations } from '../../db/schema.js';

export async function insertInvitation(
  db: Db,
  invitation: { staffId: string; tokenHash: string; createdAt: Date; expiresAt: Date },
): Promise<void> {
  await db.insert(staffInvitations).values(invitation);
}

/** A newer invitation, an acceptance or a disabled account: the member's open links stop working. */
export async function retireInvitations(db: Db, staffId: string, now: Date): Promise<void> {
  await db
    .update(staffInvitations)
    .set({ usedAt: now })
    .where(and(eq(staffInvitations.staffId, staffId), isNull(staffInvitations.usedAt)));
}

/** The invitation behind a token with the member it invites (any state: the caller decides). */
export async function findInvitation(db: Db, tokenHash: string) {
  const [row] = await db
    .select({
      staffId: staffInvitations.staffId,
      expiresAt: staffInvitations.expiresAt,
      usedAt: staffInvitations.usedAt,
      username: staff.username,
      email: staff.email,
      role: staff.role,
      disabledAt: staff.disabledAt,
      hasPassword: sql<boolean>`${staff.passwordHash} is not null`.mapWith(Boolean),
      totpPendingSecret: staff.totpPendingSecret,
    })
    .from(staffInvitations)
    .innerJoin(staff, eq(staff.id, staffInvitations.staffId))
    .where(eq(staffInvitations.tokenHash, tokenHash))
    .limit(1);
  return row ?? null;
}

/**
 * Uses an invitation: one statement both checks and marks it, so of two acceptances racing with
 * the same link exactly one gets the member's id back.
 */
export async function consumeInvitation(
  db: Db,
  tokenHash: string,
  now: Date,
): Promise<{ staffId: string } | null> {
  const [row] = await db
    .update(staffInvitations)
    .set({ usedAt: now })
    .where(
      and(
        eq(staffInvitations.tokenHash, tokenHash),
        isNull(staffInvitations.usedAt),
        sql`${staffInvitations.expiresAt} > ${now}`,
      ),
    )
    .returning({ staffId: staffInvitations.staffId });
  return row ?? null;
}
