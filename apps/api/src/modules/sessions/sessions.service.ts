// Bearer sessions for clients and staff. The token is 32 random bytes handed to the caller once;
// only its SHA-256 is stored, so the sessions table cannot be replayed (docs/decisions/012).
import type { ClientSession } from '@brokerdesk/shared';
import type { Db } from '../../db/client.js';
import type { SessionKind, SessionScope } from '../../db/schema.js';
import type { Clock } from '../../lib/clock.js';
import { generateToken, hashToken } from '../../lib/tokens.js';
import type { AuthenticatedSession } from '../../plugins/auth.js';
import {
  findLiveClientSessions,
  findLiveSessionByTokenHash,
  insertSession,
  revokeClientSession,
  revokeClientSessions,
  revokeSessionById,
  revokeStaffSessionsByStaffId,
  setSessionScope,
  touchSession,
} from './sessions.repo.js';

/** Absolute lifetimes: a stolen client token is useless after a week, staff after a shift. */
export const SESSION_TTL_MS: Record<SessionKind, number> = {
  client: 7 * 24 * 60 * 60 * 1000,
  staff: 12 * 60 * 60 * 1000,
};

/** Idle limits: a session unused this long ends, as at a bank (docs/decisions/061). */
export const SESSION_IDLE_MS: Record<SessionKind, number> = {
  client: 60 * 60 * 1000,
  staff: 30 * 60 * 1000,
};

/** last_seen_at moves at most this often, so a busy session is not a write per request. */
const TOUCH_EVERY_MS = 60 * 1000;

/** Where a sign-in came from, for the account page's device list. */
export interface SessionDevice {
  userAgent: string | null;
  ip: string | null;
}

// The shape the auth hook reads (plugins/auth.ts).
export type { AuthenticatedSession };

export type IssueSessionOptions = (
  { kind: 'client'; clientId: string } | { kind: 'staff'; staffId: string; scope: SessionScope }
) & { device?: SessionDevice };

export function makeSessionService({ db, clock }: { db: Db; clock: Clock }) {
  async function issueSession(
    options: IssueSessionOptions,
    tx: Db = db,
  ): Promise<{ token: string }> {
    const token = generateToken();
    const now = clock.now();
    await insertSession(tx, {
      tokenHash: hashToken(token),
      kind: options.kind,
      clientId: options.kind === 'client' ? options.clientId : null,
      staffId: options.kind === 'staff' ? options.staffId : null,
      scope: options.kind === 'staff' ? options.scope : 'full',
      expiresAt: new Date(now.getTime() + SESSION_TTL_MS[options.kind]),
      lastSeenAt: now,
      // Bounded: a header is caller-controlled.
      userAgent: options.device?.userAgent?.slice(0, 300) ?? null,
      ip: options.device?.ip?.slice(0, 64) ?? null,
    });
    return { token };
  }

  /** The live session behind a token, or null for unknown, expired, revoked or disabled. */
  async function authenticateToken({
    token,
  }: {
    token: string;
  }): Promise<AuthenticatedSession | null> {
    // Tokens we issue are 43 base64url characters; anything else cannot match, skip the query.
    if (!/^[A-Za-z0-9_-]{43}$/.test(token)) return null;
    const now = clock.now();
    const row = await findLiveSessionByTokenHash(db, hashToken(token), now);
    if (!row) return null;
    const idleMs = now.getTime() - row.lastSeenAt.getTime();
    if (idleMs > SESSION_IDLE_MS[row.kind]) return null;
    if (idleMs > TOUCH_EVERY_MS) await touchSession(db, row.id, now);
    // A disabled client's sessions stop working at once, whatever their expiry.
    if (row.kind === 'client' && row.clientId && !row.clientDisabledAt) {
      return {
        kind: 'client',
        sessionId: row.id,
        clientId: row.clientId,
        emailVerified: row.clientEmailVerified === true,
      };
    }
    if (
      row.kind === 'staff' &&
      row.staffId &&
      row.staffUsername &&
      row.staffRole &&
      !row.staffDisabledAt
    ) {
      return {
        kind: 'staff',
        sessionId: row.id,
        staffId: row.staffId,
        username: row.staffUsername,
        role: row.staffRole,
        scope: row.scope,
        totpEnrolled: row.staffTotpEnrolled === true,
      };
    }
    return null;
  }

  async function revokeSession({ sessionId }: { sessionId: string }): Promise<void> {
    await revokeSessionById(db, sessionId, clock.now());
  }

  /** After a password change: every other session of the client ends, this one stays. */
  async function revokeOtherSessions(
    { clientId, keepSessionId }: { clientId: string; keepSessionId: string },
    tx: Db = db,
  ): Promise<number> {
    return revokeClientSessions(tx, clientId, clock.now(), { except: keepSessionId });
  }

  /** After a password reset: every session of the client ends. */
  async function revokeAllClientSessions(
    { clientId }: { clientId: string },
    tx: Db = db,
  ): Promise<number> {
    return revokeClientSessions(tx, clientId, clock.now());
  }

  /**
   * The account page's device list (and the back office's client detail): live sessions, the
   * caller's marked.
   */
  async function listClientSessions({
    clientId,
    currentSessionId,
  }: {
    clientId: string;
    currentSessionId?: string;
  }): Promise<ClientSession[]> {
    const now = clock.now();
    const rows = await findLiveClientSessions(
      db,
      clientId,
      now,
      new Date(now.getTime() - SESSION_IDLE_MS.client),
    );
    return rows.map((row) => ({
      id: row.id,
      createdAt: row.createdAt.toISOString(),
      lastSeenAt: row.lastSeenAt.toISOString(),
      expiresAt: row.expiresAt.toISOString(),
      userAgent: row.userAgent,
      ip: row.ip,
      current: row.id === currentSessionId,
    }));
  }

  /** A client ends one of their sessions (another device, or this one). */
  async function revokeClientSessionById({
    clientId,
    sessionId,
  }: {
    clientId: string;
    sessionId: string;
  }): Promise<boolean> {
    return revokeClientSession(db, clientId, sessionId, clock.now());
  }

  /**
   * Every session of a staff member ends at once (disabled, TOTP reset, revoked by an owner), or
   * every one but `keepSessionId` (their own password change).
   */
  async function revokeStaffSessions(
    { staffId, keepSessionId }: { staffId: string; keepSessionId?: string },
    tx: Db = db,
  ): Promise<number> {
    return revokeStaffSessionsByStaffId(tx, staffId, clock.now(), { except: keepSessionId });
  }

  /** TOTP enrolment confirmed: this session may now do everything the role allows. */
  async function upgradeSessionToFull(
    { sessionId }: { sessionId: string },
    tx: Db = db,
  ): Promise<void> {
    await setSessionScope(tx, sessionId, 'full');
  }

  return {
    issueSession,
    authenticateToken,
    revokeSession,
    revokeOtherSessions,
    revokeAllClientSessions,
    listClientSessions,
    revokeClientSessionById,
    revokeStaffSessions,
    upgradeSessionToFull,
  };
}

export type SessionService = ReturnType<typeof makeSessionService>;
