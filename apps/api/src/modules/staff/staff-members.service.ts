// Staff accounts as the owner manages them (permission staff:manage, docs/back-office-api.md):
// invite, resend an invitation, disable and enable, sign out everywhere, reset 2FA. The owner
// never sets a member's password: the invitation lets the member choose it and connect their
// own authenticator (decision 111). Every change writes an audit record in its transaction.
import { AppError, MESSAGES, STAFF_ACCOUNT_MESSAGES } from '@brokerdesk/shared';
import type { CreateStaffBody, StaffMember, StaffRole } from '@brokerdesk/shared';
import type { Db } from '../../db/client.js';
import { isUniqueViolation } from '../../db/errors.js';
import type { Clock } from '../../lib/clock.js';
import { recordAudit } from '../audit/index.js';
import type { StaffActor } from '../audit/index.js';
import type { SessionService } from '../sessions/index.js';
import {
  clearStaffTotp,
  findStaffById,
  findStaffByUsername,
  insertStaff,
  listStaffMembers,
  lockActiveOwnerIds,
  setStaffDisabledAt,
} from './staff.repo.js';
import type { StaffMemberRow } from './staff.repo.js';
import { STAFF_MESSAGES } from './staff.service.js';

const USERNAME_INDEX = 'staff_username_unique';

export interface StaffMembersDeps {
  db: Db;
  clock: Clock;
  sessions: SessionService;
  /** Mails a new invitation in the caller's transaction (staff-invitations.service.ts). */
  issueInvitation: (
    tx: Db,
    member: { staffId: string; username: string; email: string; role: StaffRole },
    reason: 'new' | 'reset',
  ) => Promise<{ expiresAt: Date }>;
}

export function toStaffMember(row: StaffMemberRow, now: Date): StaffMember {
  const expiresAt = row.invitationExpiresAt ?? row.createdAt;
  return {
    id: row.id,
    username: row.username,
    email: row.email,
    role: row.role,
    totpEnrolled: row.totpSecret !== null,
    disabled: row.disabledAt !== null,
    invitation: row.hasPassword
      ? null
      : { expiresAt: expiresAt.toISOString(), expired: expiresAt <= now },
    createdAt: row.createdAt.toISOString(),
    lastLoginAt: row.lastLoginAt?.toISOString() ?? null,
  };
}

export function makeStaffMembersService({
  db,
  clock,
  sessions,
  issueInvitation,
}: StaffMembersDeps) {
  const notFound = () => new AppError('NOT_FOUND', STAFF_MESSAGES.memberNotFound);

  /** The member as the owner sees it now, read in `tx` (after the change). */
  async function reread(tx: Db, id: string): Promise<StaffMember> {
    const row = await findStaffById(tx, id);
    if (!row) throw new Error('staff member vanished inside its transaction');
    return toStaffMember(row, clock.now());
  }

  async function listStaff(): Promise<{ items: StaffMember[] }> {
    const rows = await listStaffMembers(db);
    const now = clock.now();
    return { items: rows.map((row) => toStaffMember(row, now)) };
  }

  /** A new member without a password; the invitation is mailed in the same transaction. */
  async function createStaff({
    actor,
    body,
  }: {
    actor: StaffActor;
    body: CreateStaffBody;
  }): Promise<StaffMember> {
    const usernameTaken = () => new AppError('CONFLICT', MESSAGES.backOffice.usernameTaken);
    // Cheap early answer; the unique index on lower(username) decides a race.
    if (await findStaffByUsername(db, body.username)) throw usernameTaken();
    try {
      return await db.transaction(async (tx) => {
        const { id } = await insertStaff(tx, body);
        const { expiresAt } = await issueInvitation(tx, { staffId: id, ...body }, 'new');
        await recordAudit(tx, actor, {
          action: 'staff.create',
          targetType: 'staff',
          targetId: id,
          after: {
            username: body.username,
            email: body.email,
            role: body.role,
            invitationExpiresAt: expiresAt.toISOString(),
          },
        });
        return reread(tx, id);
      });
    } catch (error) {
      if (isUniqueViolation(error, USERNAME_INDEX)) throw usernameTaken();
      throw error;
    }
  }

  /** A new link for a member who has not accepted yet; their older links stop working. */
  async function resendInvitation({
    actor,
    id,
  }: {
    actor: StaffActor;
    id: string;
  }): Promise<StaffMember> {
    return db.transaction(async (tx) => {
      const member = await findStaffById(tx, id, { forUpdate: true });
      if (!member) throw notFound();
      if (member.hasPassword || !member.email) {
        throw new AppError('CONFLICT', STAFF_ACCOUNT_MESSAGES.invitationNotPending);
      }
      if (member.disabledAt) throw new AppError('CONFLICT', STAFF_ACCOUNT_MESSAGES.memberDisabled);
      const { expiresAt } = await issueInvitation(
        tx,
        { staffId: member.id, username: member.username, email: member.email, role: member.role },
        'new',
      );
      await recordAudit(tx, actor, {
        action: 'staff.invitation.resend',
        targetType: 'staff',
        targetId: member.id,
        after: {
          username: member.username,
          email: member.email,
          invitationExpiresAt: expiresAt.toISOString(),
        },
      });
      return reread(tx, member.id);
    });
  }

  /**
   * Disabling signs the member out everywhere at once. Nobody disables themselves, and the last
   * active owner stays: the active owners are locked (in id order) before the check, so two
   * owners disabling each other at the same moment cannot leave none.
   */
  async function disableStaff({
    actor,
    id,
  }: {
    actor: StaffActor;
    id: string;
  }): Promise<StaffMember> {
    return db.transaction(async (tx) => {
      const seen = await findStaffById(tx, id);
      if (!seen) throw notFound();
      const activeOwners = seen.role === 'owner' ? await lockActiveOwnerIds(tx) : [];
      const member = await findStaffById(tx, id, { forUpdate: true });
      if (!member) throw notFound();
      if (member.disabledAt) return toStaffMember(member, clock.now());
      if (member.role === 'owner' && !activeOwners.some((ownerId) => ownerId !== member.id)) {
        throw new AppError('CONFLICT', MESSAGES.backOffice.lastOwner);
      }
      if (member.id === actor.staffId) {
        throw new AppError('CONFLICT', MESSAGES.backOffice.cannotDisableSelf);
      }
      await setStaffDisabledAt(tx, member.id, clock.now());
      const sessionsRevoked = await sessions.revokeStaffSessions({ staffId: member.id }, tx);
      await recordAudit(tx, actor, {
        action: 'staff.disable',
        targetType: 'staff',
        targetId: member.id,
        before: { username: member.username, disabled: false },
        after: { username: member.username, disabled: true, sessionsRevoked },
      });
      return reread(tx, member.id);
    });
  }

  async function enableStaff({
    actor,
    id,
  }: {
    actor: StaffActor;
    id: string;
  }): Promise<StaffMember> {
    return db.transaction(async (tx) => {
      const member = await findStaffById(tx, id, { forUpdate: true });
      if (!member) throw notFound();
      if (!member.disabledAt) return toStaffMember(member, clock.now());
      await setStaffDisabledAt(tx, member.id, null);
      await recordAudit(tx, actor, {
        action: 'staff.enable',
        targetType: 'staff',
        targetId: member.id,
        before: { username: member.username, disabled: true },
        after: { username: member.username, disabled: false },
      });
      return reread(tx, member.id);
    });
  }

  async function revokeStaffSessions({ actor, id }: { actor: StaffActor; id: string }) {
    await db.transaction(async (tx) => {
      const member = await findStaffById(tx, id, { forUpdate: true });
      if (!member) throw notFound();
      const sessionsRevoked = await sessions.revokeStaffSessions({ staffId: member.id }, tx);
      await recordAudit(tx, actor, {
        action: 'staff.sessions.revoke',
        targetType: 'staff',
        targetId: member.id,
        after: { username: member.username, sessionsRevoked },
      });
    });
  }

  /**
   * A lost phone: the member's TOTP and recovery codes are removed and their sessions end. A
   * member with an e-mail address also loses their password and gets a new invitation, so
   * nobody who knew the old password can enrol an authenticator in their place (decision 111).
   * One without (the first owner, accounts from before invitations) enrols again at their next
   * sign-in, as before.
   */
  async function resetStaffTotp({
    actor,
    id,
  }: {
    actor: StaffActor;
    id: string;
  }): Promise<StaffMember> {
    return db.transaction(async (tx) => {
      const member = await findStaffById(tx, id, { forUpdate: true });
      if (!member) throw notFound();
      const invite = member.email !== null;
      await clearStaffTotp(tx, member.id, { clearPassword: invite });
      const sessionsRevoked = await sessions.revokeStaffSessions({ staffId: member.id }, tx);
      const invitation = member.email
        ? await issueInvitation(
            tx,
            {
              staffId: member.id,
              username: member.username,
              email: member.email,
              role: member.role,
            },
            'reset',
          )
        : null;
      await recordAudit(tx, actor, {
        action: 'staff.totp.reset',
        targetType: 'staff',
        targetId: member.id,
        before: { username: member.username, totpEnrolled: member.totpSecret !== null },
        after: {
          username: member.username,
          totpEnrolled: false,
          sessionsRevoked,
          invitationSent: invitation !== null,
          ...(invitation ? { invitationExpiresAt: invitation.expiresAt.toISOString() } : {}),
        },
      });
      return reread(tx, member.id);
    });
  }

  return {
    listStaff,
    createStaff,
    resendInvitation,
    disableStaff,
    enableStaff,
    revokeStaffSessions,
    resetStaffTotp,
  };
}

export type StaffMembersService = ReturnType<typeof makeStaffMembersService>;
