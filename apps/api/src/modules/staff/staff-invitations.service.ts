// Staff invitations (decision 111): the owner names a member, and the member — not the owner —
// chooses the password and connects the authenticator, from a single-use link mailed to them.
// A link is 32 random bytes in the URL's fragment; only its SHA-256 is stored; it works once and
// for 72 hours; a newer one retires the older ones. The calls need no sign-in: the token is the
// credential, so it travels in the body (never in a logged URL) and each call is limited per IP.
import {
  AppError,
  MESSAGES,
  STAFF_ACCOUNT_MESSAGES,
  STAFF_INVITATION_LIFETIME_MS,
  STAFF_INVITATION_PATH,
} from '@brokerdesk/shared';
import type {
  AcceptInvitationBody,
  StaffInvitation,
  StaffRole,
  TotpConfirmed,
  TotpSetup,
} from '@brokerdesk/shared';
import type { Db } from '../../db/client.js';
import type { Clock } from '../../lib/clock.js';
import type { LoginLockout } from '../../lib/login-lockout.js';
import { refuseCommonPassword } from '../../lib/password-rules.js';
import type { PasswordHasher } from '../../lib/passwords.js';
import type { SecretBox } from '../../lib/secret-box.js';
import { generateToken, hashToken } from '../../lib/tokens.js';
import {
  TOTP_ISSUER,
  generateRecoveryCodes,
  generateTotpSecret,
  hashRecoveryCode,
  matchTotpStep,
  totpUri,
} from '../../lib/totp.js';
import { recordAudit } from '../audit/index.js';
import type { StaffActor } from '../audit/index.js';
import type { MailService } from '../mail/index.js';
import type { SessionService } from '../sessions/index.js';
import {
  consumeInvitation,
  findInvitation,
  insertInvitation,
  retireInvitations,
} from './staff-invitations.repo.js';
import {
  activateStaffTotp,
  findStaffById,
  replaceRecoveryCodes,
  setStaffPasswordHash,
  setStaffPendingTotpSecret,
} from './staff.repo.js';

/** The role as a person reads it in the invitation mail. */
const ROLE_LABELS: Record<StaffRole, string> = {
  owner: 'Owner',
  operations: 'Operations',
  support: 'Support',
  compliance: 'Compliance',
  auditor: 'Auditor',
};

export interface StaffInvitationDeps {
  db: Db;
  clock: Clock;
  passwords: PasswordHasher;
  sessions: SessionService;
  mail: MailService;
  secrets: SecretBox;
  /** The staff sign-in's lock-out: an accepted invitation lifts it (a new password). */
  lockout: Pick<LoginLockout, 'clear'>;
}

type Invitation = NonNullable<Awaited<ReturnType<typeof findInvitation>>>;

export function makeStaffInvitationService({
  db,
  clock,
  passwords,
  sessions,
  mail,
  secrets,
  lockout,
}: StaffInvitationDeps) {
  const m = STAFF_ACCOUNT_MESSAGES.invitation;

  /**
   * Called in the owner's transaction (a new member, a resend, a 2FA reset): the member's older
   * links stop working, a new one is stored as a hash and mailed. The token never leaves here
   * except inside the mail.
   */
  async function issueInvitation(
    tx: Db,
    member: { staffId: string; username: string; email: string; role: StaffRole },
    reason: 'new' | 'reset',
  ): Promise<{ expiresAt: Date }> {
    const now = clock.now();
    const token = generateToken();
    const expiresAt = new Date(now.getTime() + STAFF_INVITATION_LIFETIME_MS);
    await retireInvitations(tx, member.staffId, now);
    await insertInvitation(tx, {
      staffId: member.staffId,
      tokenHash: hashToken(token),
      createdAt: now,
      expiresAt,
    });
    await mail.queue(
      tx,
      member.email,
      mail.templates.staffInvitation({
        username: member.username,
        roleLabel: ROLE_LABELS[member.role],
        url: `${mail.brand.publicUrl}${STAFF_INVITATION_PATH}#token=${token}`,
        reason,
      }),
    );
    return { expiresAt };
  }

  /** Why a link cannot be used now, or null when it can. The token is never echoed or logged. */
  function refusal(invitation: Invitation | null): AppError | null {
    if (!invitation) return new AppError('TOKEN_INVALID', m.invalid);
    if (invitation.usedAt || invitation.hasPassword) return new AppError('TOKEN_USED', m.used);
    if (invitation.expiresAt <= clock.now()) return new AppError('TOKEN_EXPIRED', m.expired);
    if (invitation.disabledAt)
      return new AppError('FORBIDDEN', MESSAGES.backOffice.accountDisabled);
    return null;
  }

  async function usableInvitation(db: Db, token: string): Promise<Invitation> {
    const invitation = await findInvitation(db, hashToken(token));
    const refused = refusal(invitation);
    if (refused || !invitation) throw refused ?? new AppError('TOKEN_INVALID', m.invalid);
    return invitation;
  }

  /** The member acts for themselves here: the audit log names them. */
  const memberActor = (invitation: Invitation, ip: string): StaffActor => ({
    staffId: invitation.staffId,
    username: invitation.username,
    role: invitation.role,
    ip,
  });

  async function lookupInvitation({ token }: { token: string }): Promise<StaffInvitation> {
    const invitation = await usableInvitation(db, token);
    return {
      username: invitation.username,
      email: invitation.email ?? '',
      role: invitation.role,
      expiresAt: invitation.expiresAt.toISOString(),
    };
  }

  /** A new secret for the member's app, pending until the acceptance confirms it with a code. */
  async function startInvitationTotp({
    token,
    ip,
  }: {
    token: string;
    ip: string;
  }): Promise<TotpSetup> {
    const secret = generateTotpSecret();
    const invitation = await db.transaction(async (tx) => {
      const found = await usableInvitation(tx, token);
      // Locked, so an acceptance in progress sees either the old secret or this one, whole.
      await findStaffById(tx, found.staffId, { forUpdate: true });
      await setStaffPendingTotpSecret(tx, found.staffId, secrets.seal(secret, found.staffId));
      await recordAudit(tx, memberActor(found, ip), {
        action: 'staff.totp.setup',
        targetType: 'staff',
        targetId: found.staffId,
        after: { viaInvitation: true },
      });
      return found;
    });
    return {
      secret,
      otpauthUri: totpUri({ secret, label: invitation.username, issuer: TOTP_ISSUER }),
    };
  }

  /**
   * The member's password and the first code from their app: the link is used up, the password
   * set, TOTP active with ten recovery codes (shown once), any lock-out of the username lifted.
   * Nothing is stored when the code is wrong. The member then signs in as usual.
   */
  async function acceptInvitation({
    body,
    ip,
  }: {
    body: AcceptInvitationBody;
    ip: string;
  }): Promise<TotpConfirmed> {
    const tokenHash = hashToken(body.token);
    refuseCommonPassword(body.password, 'password');
    // Refuse a dead link, and check the code, before spending a password hash on it.
    const invitation = await usableInvitation(db, body.token);
    if (!invitation.totpPendingSecret) {
      throw new AppError('CONFLICT', 'Start the two-factor set-up first');
    }
    const pendingSealed = invitation.totpPendingSecret;
    const secret = secrets.open(pendingSealed, invitation.staffId);
    const step = matchTotpStep({ secret, code: body.code, at: clock.now() });
    if (step === null) {
      const wrong = MESSAGES.backOffice.totpCodeWrong;
      throw new AppError('VALIDATION_FAILED', wrong, { code: [wrong] });
    }
    const passwordHash = await passwords.hashPassword(body.password);
    const recoveryCodes = generateRecoveryCodes();

    const accepted = await db.transaction(async (tx) => {
      const now = clock.now();
      const used = await consumeInvitation(tx, tokenHash, now);
      if (!used) return false;
      const member = await findStaffById(tx, used.staffId, { forUpdate: true });
      // A new secret started in another tab since the code was checked: that one must be confirmed.
      if (!member || member.totpPendingSecret !== pendingSealed) {
        throw new AppError('CONFLICT', 'The authenticator set-up changed; scan the new code');
      }
      await setStaffPasswordHash(tx, member.id, passwordHash);
      await activateStaffTotp(tx, member.id, pendingSealed, step);
      await replaceRecoveryCodes(tx, member.id, recoveryCodes.map(hashRecoveryCode));
      await retireInvitations(tx, member.id, now);
      await sessions.revokeStaffSessions({ staffId: member.id }, tx);
      await recordAudit(tx, memberActor(invitation, ip), {
        action: 'staff.invitation.accept',
        targetType: 'staff',
        targetId: member.id,
        after: {
          username: member.username,
          totpEnrolled: true,
          recoveryCodes: recoveryCodes.length,
        },
      });
      return true;
    });
    if (!accepted) {
      // Used or expired between the check and the transaction: say which.
      throw refusal(await findInvitation(db, tokenHash)) ?? new AppError('TOKEN_USED', m.used);
    }
    await lockout.clear(invitation.username);
    return { recoveryCodes };
  }

  return { issueInvitation, lookupInvitation, startInvitationTotp, acceptInvitation };
}

export type StaffInvitationService = ReturnType<typeof makeStaffInvitationService>;
