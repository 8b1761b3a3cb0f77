// Staff sign-in and a staff member's own account: the first owner at start, login with the lock-out
// and the one answer of docs/product.md §7, TOTP enrolment with recovery codes (the first owner's
// path), the own password change, and the sealing of TOTP secrets at rest (decision 111).
// The owner's management of staff: staff-members.service.ts; invitations:
// staff-invitations.service.ts.
import { chmod, mkdir, rename, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { AppError, MESSAGES, STAFF_ACCOUNT_MESSAGES } from '@brokerdesk/shared';
import type {
  AdminLoginBody,
  ChangeStaffPasswordBody,
  TotpConfirmed,
  TotpSetup,
} from '@brokerdesk/shared';
import type { Db } from '../../db/client.js';
import type { SessionScope } from '../../db/schema.js';
import type { Clock } from '../../lib/clock.js';
import type { LoginLockout } from '../../lib/login-lockout.js';
import { generatePassword } from '../../lib/passwords.js';
import { refuseCommonPassword } from '../../lib/password-rules.js';
import type { PasswordHasher } from '../../lib/passwords.js';
import { SecretBoxError } from '../../lib/secret-box.js';
import type { SecretBox } from '../../lib/secret-box.js';
import {
  TOTP_ISSUER,
  generateRecoveryCodes,
  generateTotpSecret,
  hashRecoveryCode,
  isRecoveryCodeShape,
  matchTotpStep,
  totpUri,
} from '../../lib/totp.js';
import { recordAudit } from '../audit/index.js';
import type { StaffActor } from '../audit/index.js';
import type { MailService } from '../mail/index.js';
import type { SessionService } from '../sessions/index.js';
import {
  acceptTotpStep,
  activateStaffTotp,
  anyStaffExists,
  findStaffById,
  findStaffByUsername,
  findStaffCredentials,
  insertStaffIfAbsent,
  listStoredTotpSecrets,
  replaceRecoveryCodes,
  replaceStoredTotpSecrets,
  setStaffLastLogin,
  setStaffPasswordHash,
  setStaffPendingTotpSecret,
  useRecoveryCode,
} from './staff.repo.js';

export const INITIAL_PASSWORD_FILE = 'initial-admin-password';

export const STAFF_MESSAGES = {
  totpAlreadySetUp: 'Two-factor authentication is already set up',
  totpNotStarted: 'Start the two-factor set-up first',
  memberNotFound: 'Staff member not found',
} as const;

export interface StaffServiceDeps {
  db: Db;
  clock: Clock;
  passwords: PasswordHasher;
  sessions: SessionService;
  mail: MailService;
  staff2fa: 'required' | 'optional';
  /** Failed sign-ins per username: the app's shared one (Redis with REDIS_URL). */
  lockout: LoginLockout;
  /** Seals TOTP secrets at rest. */
  secrets: SecretBox;
}

/** Written atomically with mode 0600: the file is a credential. */
async function writeSecretFile(path: string, content: string): Promise<void> {
  const temporary = `${path}.${process.pid}.tmp`;
  await writeFile(temporary, content, { mode: 0o600 });
  await chmod(temporary, 0o600); // in case a umask or an old file got in the way
  await rename(temporary, path);
}

/**
 * A 6-digit code within ±1 step whose step is later than the last accepted one, or an unused
 * recovery code (which is then used up). Each check is one atomic UPDATE. `secret` is plain.
 */
export async function verifySecondFactor(
  { db, clock }: { db: Db; clock: Clock },
  member: { id: string; secret: string },
  code: string,
): Promise<boolean> {
  if (isRecoveryCodeShape(code)) {
    return useRecoveryCode(db, member.id, hashRecoveryCode(code), clock.now());
  }
  const step = matchTotpStep({ secret: member.secret, code, at: clock.now() });
  return step !== null && acceptTotpStep(db, member.id, step);
}

export function makeStaffService({
  db,
  clock,
  passwords,
  sessions,
  mail,
  staff2fa,
  lockout,
  secrets,
}: StaffServiceDeps) {
  const invalidCredentials = () =>
    new AppError('INVALID_CREDENTIALS', MESSAGES.adminLogin.invalidCredentials);
  const notFound = () => new AppError('NOT_FOUND', STAFF_MESSAGES.memberNotFound);
  const fieldError = (field: string, message: string) =>
    new AppError('VALIDATION_FAILED', message, { [field]: [message] });

  /**
   * Creates the first staff account (an owner) when there is none. Without a configured
   * password a random one is written to DATA_DIR/initial-admin-password; the caller logs the
   * path, never the password. An existing account is never changed.
   */
  async function ensureFirstStaff({
    username,
    password,
    dataDir,
  }: {
    username: string;
    password: string | undefined;
    dataDir: string;
  }): Promise<{ created: boolean; passwordFile: string | null }> {
    if (await anyStaffExists(db)) return { created: false, passwordFile: null };
    const chosen = password ?? generatePassword();
    const passwordHash = await passwords.hashPassword(chosen);
    // The file is written inside the transaction: if writing fails, no account exists whose
    // password nobody knows.
    return db.transaction(async (tx) => {
      const inserted = await insertStaffIfAbsent(tx, { username, passwordHash, role: 'owner' });
      if (!inserted) return { created: false, passwordFile: null };
      if (password) return { created: true, passwordFile: null };
      await mkdir(dataDir, { recursive: true });
      const passwordFile = join(dataDir, INITIAL_PASSWORD_FILE);
      await writeSecretFile(passwordFile, `${chosen}\n`);
      return { created: true, passwordFile };
    });
  }

  /**
   * At start: every TOTP secret stored in plain text (before decision 111) or under the previous
   * key is sealed with the current one. A secret no configured key opens stops the start, with
   * the way out in the message, rather than locking its owner out later.
   */
  async function sealTotpSecrets(): Promise<{ sealed: number }> {
    let sealed = 0;
    for (const row of await listStoredTotpSecrets(db)) {
      const reseal = (value: string | null) => {
        if (value === null || !secrets.needsSealing(value)) return value;
        return secrets.seal(secrets.open(value, row.id), row.id);
      };
      let next: { totpSecret: string | null; totpPendingSecret: string | null };
      try {
        next = {
          totpSecret: reseal(row.totpSecret),
          totpPendingSecret: reseal(row.totpPendingSecret),
        };
      } catch (error) {
        if (!(error instanceof SecretBoxError)) throw error;
        throw new Error(
          `Staff member ${row.id}: ${error.message}. Set TOTP_ENCRYPTION_KEY_PREVIOUS to the key it was sealed with (the earlier TOTP_ENCRYPTION_KEY, or the contents of DATA_DIR/totp-encryption-key) — see docs/configuration.md`,
        );
      }
      if (next.totpSecret === row.totpSecret && next.totpPendingSecret === row.totpPendingSecret)
        continue;
      if (await replaceStoredTotpSecrets(db, row.id, row, next)) sealed += 1;
    }
    return { sealed };
  }

  /**
   * One answer for a wrong username, a wrong password, a disabled account, an account still
   * waiting for its invitation, and a missing, wrong or used code: 401 INVALID_CREDENTIALS with
   * the same words, each counted by the per-username lock-out (docs/product.md §7, decision 111),
   * so the answer never says that the password was right.
   */
  async function loginStaff({
    username,
    password,
    totp,
  }: AdminLoginBody): Promise<{ token: string }> {
    await lockout.assertNotLocked(username);
    const refuse = async () => {
      await lockout.recordFailure(username);
      return invalidCredentials();
    };
    const member = await findStaffByUsername(db, username);
    if (!member || member.passwordHash === null) {
      // The same work as a wrong password, so the answer's timing does not reveal usernames.
      await passwords.verifyDummy(password);
      throw await refuse();
    }
    const passwordOk = await passwords.verifyPassword(member.passwordHash, password);
    if (!passwordOk || member.disabledAt) throw await refuse();

    let scope: SessionScope = 'full';
    if (member.totpSecret) {
      const secret = secrets.open(member.totpSecret, member.id);
      if (!totp || !(await verifySecondFactor({ db, clock }, { id: member.id, secret }, totp))) {
        throw await refuse();
      }
    } else if (staff2fa === 'required') {
      // The first owner's path: signed in, but the session can only enrol TOTP until that is done.
      scope = 'totp-enrolment';
    }
    await lockout.recordSuccess(username);
    return db.transaction(async (tx) => {
      await setStaffLastLogin(tx, member.id, clock.now());
      return sessions.issueSession({ kind: 'staff', staffId: member.id, scope }, tx);
    });
  }

  async function logoutStaff({ sessionId }: { sessionId: string }): Promise<void> {
    await sessions.revokeSession({ sessionId });
  }

  // -------------------------------------------------------------------------------------------
  // TOTP enrolment (any staff session, including an enrolment-only one)

  /** A new secret, pending until confirmed with a code; a second call replaces it. */
  async function setupTotp({ actor }: { actor: StaffActor }): Promise<TotpSetup> {
    const secret = generateTotpSecret();
    await db.transaction(async (tx) => {
      const member = await findStaffById(tx, actor.staffId, { forUpdate: true });
      if (!member) throw notFound();
      if (member.totpSecret) throw new AppError('CONFLICT', STAFF_MESSAGES.totpAlreadySetUp);
      await setStaffPendingTotpSecret(tx, member.id, secrets.seal(secret, member.id));
      // The secret is a credential: never in the audit record.
      await recordAudit(tx, actor, {
        action: 'staff.totp.setup',
        targetType: 'staff',
        targetId: member.id,
      });
    });
    return {
      secret,
      otpauthUri: totpUri({ secret, label: actor.username, issuer: TOTP_ISSUER }),
    };
  }

  /**
   * The first code from the app proves it holds the pending secret: it becomes active, ten
   * recovery codes are issued (only their hashes are kept) and this session becomes full.
   */
  async function confirmTotp({
    actor,
    sessionId,
    code,
  }: {
    actor: StaffActor;
    sessionId: string;
    code: string;
  }): Promise<TotpConfirmed> {
    const recoveryCodes = generateRecoveryCodes();
    await db.transaction(async (tx) => {
      const member = await findStaffById(tx, actor.staffId, { forUpdate: true });
      if (!member) throw notFound();
      if (member.totpSecret) throw new AppError('CONFLICT', STAFF_MESSAGES.totpAlreadySetUp);
      if (!member.totpPendingSecret) throw new AppError('CONFLICT', STAFF_MESSAGES.totpNotStarted);
      const secret = secrets.open(member.totpPendingSecret, member.id);
      const step = matchTotpStep({ secret, code, at: clock.now() });
      if (step === null) throw fieldError('code', MESSAGES.backOffice.totpCodeWrong);
      await activateStaffTotp(tx, member.id, secrets.seal(secret, member.id), step);
      await replaceRecoveryCodes(tx, member.id, recoveryCodes.map(hashRecoveryCode));
      await sessions.upgradeSessionToFull({ sessionId }, tx);
      await recordAudit(tx, actor, {
        action: 'staff.totp.enrol',
        targetType: 'staff',
        targetId: member.id,
        before: { totpEnrolled: false },
        after: { totpEnrolled: true, recoveryCodes: recoveryCodes.length },
      });
    });
    return { recoveryCodes };
  }

  // -------------------------------------------------------------------------------------------
  // The own password (permission profile:write)

  /**
   * Needs the current password and, once 2FA is on, a code; a new password equal to the current
   * one is refused. Wrong passwords and codes count towards the sign-in lock-out, so a left-open
   * session cannot be used to guess either. Every other session of the member ends.
   */
  async function changeOwnPassword({
    actor,
    sessionId,
    body,
  }: {
    actor: StaffActor;
    sessionId: string;
    body: ChangeStaffPasswordBody;
  }): Promise<void> {
    await lockout.assertNotLocked(actor.username);
    const member = await findStaffCredentials(db, actor.staffId);
    if (!member?.passwordHash) throw notFound();
    if (!(await passwords.verifyPassword(member.passwordHash, body.currentPassword))) {
      await lockout.recordFailure(actor.username);
      throw fieldError('currentPassword', MESSAGES.account.currentPasswordWrong);
    }
    if (await passwords.verifyPassword(member.passwordHash, body.newPassword)) {
      throw fieldError('newPassword', STAFF_ACCOUNT_MESSAGES.samePassword);
    }
    refuseCommonPassword(body.newPassword, 'newPassword');
    // Checked last: a code is used up once accepted.
    if (member.totpSecret) {
      if (!body.code) throw fieldError('code', MESSAGES.backOffice.totpCodeOrRecovery);
      const secret = secrets.open(member.totpSecret, member.id);
      if (!(await verifySecondFactor({ db, clock }, { id: member.id, secret }, body.code))) {
        await lockout.recordFailure(actor.username);
        throw fieldError('code', MESSAGES.backOffice.totpCodeWrong);
      }
    }
    const passwordHash = await passwords.hashPassword(body.newPassword);
    await db.transaction(async (tx) => {
      await setStaffPasswordHash(tx, member.id, passwordHash);
      const sessionsRevoked = await sessions.revokeStaffSessions(
        { staffId: member.id, keepSessionId: sessionId },
        tx,
      );
      await recordAudit(tx, actor, {
        action: 'staff.password.change',
        targetType: 'staff',
        targetId: member.id,
        after: { username: member.username, sessionsRevoked },
      });
      if (member.email) {
        await mail.queue(tx, member.email, mail.templates.staffPasswordChanged(member));
      }
    });
  }

  return {
    ensureFirstStaff,
    sealTotpSecrets,
    loginStaff,
    logoutStaff,
    setupTotp,
    confirmTotp,
    changeOwnPassword,
  };
}

export type StaffService = ReturnType<typeof makeStaffService>;
