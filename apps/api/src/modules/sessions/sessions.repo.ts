import { and, desc, eq, gt, isNull, ne, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { preparedQuery } from '../../db/prepared.js';
import { clients, sessions, staff } from '../../db/schema.js';
import type { SessionKind, SessionScope } from '../../db/schema.js';

export interface NewSession {
  tokenHash: string;
  kind: SessionKind;
  clientId: string | null;
  staffId: string | null;
  scope: SessionScope;
  expiresAt: Date;
  lastSeenAt: Date;
  userAgent: string | null;
  ip: string | null;
}

export async function insertSession(db: Db, session: NewSession): Promise<{ id: string }> {
  const [row] = await db.insert(sessions).values(session).returning({ id: sessions.id });
  if (!row) throw new Error('insert into sessions returned no row');
  return row;
}

/**
 * A live session (not revoked, not expired at `now`) with what its owner's checks need. Runs on
 * every authenticated request, hence prepared.
 */
const liveSessionByTokenHash = preparedQuery((db) =>
  db
    .select({
      id: sessions.id,
      kind: sessions.kind,
      scope: sessions.scope,
      clientId: sessions.clientId,
      staffId: sessions.staffId,
      staffUsername: staff.username,
      staffRole: staff.role,
      staffDisabledAt: staff.disabledAt,
      staffTotpEnrolled: sql<boolean>`${staff.totpSecret} is not null`,
      clientDisabledAt: clients.disabledAt,
      clientEmailVerified: sql<boolean>`${clients.emailVerifiedAt} is not null`,
      lastSeenAt: sessions.lastSeenAt,
    })
    .from(sessions)
    .leftJoin(staff, eq(staff.id, sessions.staffId))
    .leftJoin(clients, eq(clients.id, sessions.clientId))
    .where(
      and(
        eq(sessions.tokenHash, sql.placeholder('tokenHash')),
        isNull(sessions.revokedAt),
        gt(sessions.expiresAt, sql.placeholder('now')),
      ),
    )
    .limit(1)
    .prepare('live_session_by_token_hash'),
);

export async function findLiveSessionByTokenHash(db: Db, tokenHash: string, now: Date) {
  const [row] = await liveSessionByTokenHash(db, { tokenHash, now });
  return row ?? null;
}

export async function revokeSessionById(db: Db, id: string, now: Date): Promise<boolean> {
  const rows = await db
    .update(sessions)
    .set({ revokedAt: now })
    .where(and(eq(sessions.id, id), isNull(sessions.revokedAt)))
    .returning({ id: sessions.id });
  return rows.length > 0;
}

/**
 * Revokes every live session of a client — all of them (disabled by staff), or all but
 * `except` (the session that changed the password).
 */
export async function revokeClientSessions(
  db: Db,
  clientId: string,
  now: Date,
  options: { except?: string } = {},
): Promise<number> {
  const rows = await db
    .update(sessions)
    .set({ revokedAt: now })
    .where(
      and(
        eq(sessions.clientId, clientId),
        options.except ? ne(sessions.id, options.except) : undefined,
        isNull(sessions.revokedAt),
      ),
    )
    .returning({ id: sessions.id });
  return rows.length;
}

/**
 * A client's live sessions (not revoked, not expired, not idle since `idleSince`), newest first:
 * the account page's device list and the back office's client detail.
 */
export async function findLiveClientSessions(db: Db, clientId: string, now: Date, idleSince: Date) {
  return db
    .select({
      id: sessions.id,
      createdAt: sessions.createdAt,
      expiresAt: sessions.expiresAt,
      lastSeenAt: sessions.lastSeenAt,
      userAgent: sessions.userAgent,
      ip: sessions.ip,
    })
    .from(sessions)
    .where(
      and(
        eq(sessions.clientId, clientId),
        isNull(sessions.revokedAt),
        gt(sessions.expiresAt, now),
        gt(sessions.lastSeenAt, idleSince),
      ),
    )
    .orderBy(desc(sessions.createdAt), desc(sessions.id));
}

/** Ends one session of a client; false when it is not theirs or already ended. */
export async function revokeClientSession(
  db: Db,
  clientId: string,
  sessionId: string,
  now: Date,
): Promise<boolean> {
  const rows = await db
    .update(sessions)
    .set({ revokedAt: now })
    .where(
      and(eq(sessions.id, sessionId), eq(sessions.clientId, clientId), isNull(sessions.revokedAt)),
    )
    .returning({ id: sessions.id });
  return rows.length > 0;
}

/** Records activity (the service calls it at most once a minute per session). */
const touch = preparedQuery((db) =>
  db
    .update(sessions)
    .set({ lastSeenAt: sql`${sql.placeholder('now')}` })
    .where(eq(sessions.id, sql.placeholder('id')))
    .prepare('touch_session'),
);

export async function touchSession(db: Db, id: string, now: Date): Promise<void> {
  await touch(db, { id, now });
}

/** Revokes every live session of a staff member (disabled, TOTP reset, revoked by an owner). */
export async function revokeStaffSessionsByStaffId(
  db: Db,
  staffId: string,
  now: Date,
  options: { except?: string } = {},
): Promise<number> {
  const rows = await db
    .update(sessions)
    .set({ revokedAt: now })
    .where(
      and(
        eq(sessions.staffId, staffId),
        options.except ? ne(sessions.id, options.except) : undefined,
        isNull(sessions.revokedAt),
      ),
    )
    .returning({ id: sessions.id });
  return rows.length;
}

/** Sets a live session's scope (an enrolment-only staff session becomes full). */
export async function setSessionScope(db: Db, id: string, scope: SessionScope): Promise<boolean> {
  const rows = await db
    .update(sessions)
    .set({ scope })
    .where(and(eq(sessions.id, id), isNull(sessions.revokedAt)))
    .returning({ id: sessions.id });
  return rows.length > 0;
}
