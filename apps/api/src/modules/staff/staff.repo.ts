// Staff accounts, their TOTP state and recovery codes. Invitations: staff-invitations.repo.ts.
import { and, asc, eq, isNotNull, isNull, lt, or, sql } from 'drizzle-orm';
import type { StaffRole } from '@brokerdesk/shared';
import type { Db } from '../../db/client.js';
import { staff, staffInvitations, staffRecoveryCodes } from '../../db/schema.js';

export async function anyStaffExists(db: Db): Promise<boolean> {
  const rows = await db.select({ id: staff.id }).from(staff).limit(1);
  return rows.length > 0;
}

/** Inserts unless the username is taken (another instance starting at the same time). */
export async function insertStaffIfAbsent(
  db: Db,
  member: { username: string; passwordHash: string; role: StaffRole },
): Promise<{ id: string } | null> {
  const [row] = await db
    .insert(staff)
    .values(member)
    .onConflictDoNothing()
    .returning({ id: staff.id });
  return row ?? null;
}

/** Usernames are unique case-insensitively (index staff_username_unique on lower(username)). */
export async function findStaffByUsername(db: Db, username: string) {
  const [row] = await db
    .select({
      id: staff.id,
      username: staff.username,
      passwordHash: staff.passwordHash,
      role: staff.role,
      totpSecret: staff.totpSecret,
      disabledAt: staff.disabledAt,
    })
    .from(staff)
    .where(eq(sql`lower(${staff.username})`, username.toLowerCase()))
    .limit(1);
  return row ?? null;
}

/** What a password change checks: the current password and the second factor. */
export async function findStaffCredentials(db: Db, id: string) {
  const [row] = await db
    .select({
      id: staff.id,
      username: staff.username,
      email: staff.email,
      passwordHash: staff.passwordHash,
      totpSecret: staff.totpSecret,
    })
    .from(staff)
    .where(eq(staff.id, id))
    .limit(1);
  return row ?? null;
}

export async function setStaffPasswordHash(db: Db, id: string, passwordHash: string) {
  await db.update(staff).set({ passwordHash }).where(eq(staff.id, id));
}

// ---------------------------------------------------------------------------------------------
// Staff accounts as the owner sees them

const memberColumns = {
  id: staff.id,
  username: staff.username,
  email: staff.email,
  role: staff.role,
  /** False while an invitation waits: the member chooses their password when accepting it. */
  hasPassword: sql<boolean>`${staff.passwordHash} is not null`.mapWith(Boolean),
  totpSecret: staff.totpSecret,
  totpPendingSecret: staff.totpPendingSecret,
  disabledAt: staff.disabledAt,
  createdAt: staff.createdAt,
  lastLoginAt: staff.lastLoginAt,
  /** When the newest unused invitation expires (null when there is none). */
  // Spelled out: inside a one-table select Drizzle leaves columns unqualified, and "id" would
  // name the invitation's own id in this subquery.
  invitationExpiresAt:
    sql<Date | null>`(select max(i.expires_at) from staff_invitations i where i.staff_id = "staff"."id" and i.used_at is null)`.mapWith(
      staffInvitations.expiresAt,
    ),
};

export type StaffMemberRow = NonNullable<Awaited<ReturnType<typeof findStaffById>>>;

/** One staff member; `forUpdate` locks the row until the transaction ends. */
export async function findStaffById(db: Db, id: string, { forUpdate = false } = {}) {
  const query = db.select(memberColumns).from(staff).where(eq(staff.id, id)).limit(1);
  const [row] = forUpdate ? await query.for('update') : await query;
  return row ?? null;
}

export async function listStaffMembers(db: Db) {
  return db.select(memberColumns).from(staff).orderBy(asc(staff.createdAt), asc(staff.id));
}

/** An invited member: no password until they accept (docs/decisions/111). */
export async function insertStaff(
  db: Db,
  member: { username: string; email: string; role: StaffRole },
) {
  const [row] = await db.insert(staff).values(member).returning({ id: staff.id });
  if (!row) throw new Error('insert into staff returned no row');
  return row;
}

/**
 * Active owners (enabled, and able to sign in: not waiting for an invitation), locked in id
 * order, so two owners cannot disable each other at once.
 */
export async function lockActiveOwnerIds(db: Db): Promise<string[]> {
  const rows = await db
    .select({ id: staff.id })
    .from(staff)
    .where(and(eq(staff.role, 'owner'), isNull(staff.disabledAt), isNotNull(staff.passwordHash)))
    .orderBy(asc(staff.id))
    .for('update');
  return rows.map((row) => row.id);
}

export async function setStaffDisabledAt(db: Db, id: string, disabledAt: Date | null) {
  await db.update(staff).set({ disabledAt }).where(eq(staff.id, id));
}

export async function setStaffLastLogin(db: Db, id: string, at: Date) {
  await db.update(staff).set({ lastLoginAt: at }).where(eq(staff.id, id));
}

// ---------------------------------------------------------------------------------------------
// TOTP

export async function setStaffPendingTotpSecret(db: Db, id: string, secret: string) {
  await db.update(staff).set({ totpPendingSecret: secret }).where(eq(staff.id, id));
}

/** Confirmed: the pending secret becomes the active one; `step` was just used to confirm it. */
export async function activateStaffTotp(db: Db, id: string, secret: string, step: number) {
  await db
    .update(staff)
    .set({ totpSecret: secret, totpPendingSecret: null, totpLastStep: step })
    .where(eq(staff.id, id));
}

/**
 * An owner's reset: not enrolled any more, no recovery codes; enrolment starts over. With
 * `clearPassword` (a member who gets a new invitation) the old password stops working too.
 */
export async function clearStaffTotp(db: Db, id: string, { clearPassword = false } = {}) {
  await db
    .update(staff)
    .set({
      totpSecret: null,
      totpPendingSecret: null,
      totpLastStep: null,
      ...(clearPassword ? { passwordHash: null } : {}),
    })
    .where(eq(staff.id, id));
  await db.delete(staffRecoveryCodes).where(eq(staffRecoveryCodes.staffId, id));
}

/** Every stored secret, active or pending (sealed or not), for sealing at start. */
export async function listStoredTotpSecrets(db: Db) {
  return db
    .select({
      id: staff.id,
      totpSecret: staff.totpSecret,
      totpPendingSecret: staff.totpPendingSecret,
    })
    .from(staff)
    .where(or(isNotNull(staff.totpSecret), isNotNull(staff.totpPendingSecret)));
}

/**
 * Replaces a member's stored secrets only if they are still the values read (another instance
 * sealing at the same moment, or an enrolment in between, wins); true when replaced.
 */
export async function replaceStoredTotpSecrets(
  db: Db,
  id: string,
  read: { totpSecret: string | null; totpPendingSecret: string | null },
  next: { totpSecret: string | null; totpPendingSecret: string | null },
): Promise<boolean> {
  const same = (
    column: typeof staff.totpSecret | typeof staff.totpPendingSecret,
    value: string | null,
  ) => (value === null ? isNull(column) : eq(column, value));
  const rows = await db
    .update(staff)
    .set(next)
    .where(
      and(
        eq(staff.id, id),
        same(staff.totpSecret, read.totpSecret),
        same(staff.totpPendingSecret, read.totpPendingSecret),
      ),
    )
    .returning({ id: staff.id });
  return rows.length > 0;
}

/**
 * Records `step` as the last accepted one unless it is not later than that (a replayed code).
 * One statement, so two logins racing with the same code cannot both win.
 */
export async function acceptTotpStep(db: Db, id: string, step: number): Promise<boolean> {
  const rows = await db
    .update(staff)
    .set({ totpLastStep: step })
    .where(and(eq(staff.id, id), or(isNull(staff.totpLastStep), lt(staff.totpLastStep, step))))
    .returning({ id: staff.id });
  return rows.length > 0;
}

export async function replaceRecoveryCodes(db: Db, staffId: string, codeHashes: string[]) {
  await db.delete(staffRecoveryCodes).where(eq(staffRecoveryCodes.staffId, staffId));
  await db.insert(staffRecoveryCodes).values(codeHashes.map((codeHash) => ({ staffId, codeHash })));
}

/** Marks an unused recovery code used; false when it is unknown or was used before. */
export async function useRecoveryCode(
  db: Db,
  staffId: string,
  codeHash: string,
  now: Date,
): Promise<boolean> {
  const rows = await db
    .update(staffRecoveryCodes)
    .set({ usedAt: now })
    .where(
      and(
        eq(staffRecoveryCodes.staffId, staffId),
        eq(staffRecoveryCodes.codeHash, codeHash),
        isNull(staffRecoveryCodes.usedAt),
      ),
    )
    .returning({ id: staffRecoveryCodes.id });
  return rows.length > 0;
}
