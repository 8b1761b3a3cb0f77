// Staff accounts: the first owner at start, login with the TOTP gate of docs/product.md §7, TOTP
// enrolment with recovery codes, and the owner's management of staff (docs/back-office-api.md).
import { chmod, mkdir, rename, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { AppError, MESSAGES } from '@brokerdesk/shared';
import type {
  AdminLoginBody,
  CreateStaffBody,
  StaffMember,
  TotpConfirmed,
  TotpSetup,
} from '@brokerdesk/shared';
import type { Db } from '../../db/client.js';
import { isUniqueViolation } from '../../db/errors.js';
import type { SessionScope } from '../../db/schema.js';
import type { Clock } from '../../lib/clock.js';
import { generatePassword } from '../../lib/passwords.js';
import type { PasswordHasher } from '../../lib/passwords.js';
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
import type { SessionService } from '../sessions/index.js';
import { makeMemoryAttemptStore } from '../../lib/attempt-store.js';
import type { AttemptStore } from '../../lib/attempt-store.js';
import { makeAttemptLimiter } from './attempt-limiter.js';
import {
  acceptTotpStep,
  activateStaffTotp,
  anyStaffExists,
  clearStaffTotp,
  findStaffById,
  findStaffByUsername,
  insertStaff,
  insertStaffIfAbsent,
  listStaffMembers,
  lockActiveOwnerIds,
  replaceRecoveryCodes,
  setStaffDisabledAt,
  setStaffLastLogin,
  setStaffPendingTotpSecret,
  useRecoveryCode,
} from './staff.repo.js';
import type { StaffMemberRow } from './staff.repo.js';

export const INITIAL_PASSWORD_FILE = 'initial-admin-password';

/** Wrong second-factor codes allowed per staff member per window before 429. */
export const TOTP_FAILURE_LIMIT = { max: 5, windowMs: 15 * 60 * 1000 } as const;

export const STAFF_MESSAGES = {
  totpMissing: 'Enter the 6-digit code from your authenticator app',
  totpInvalid: 'Invalid code; enter the current 6-digit code',
  totpLimited: 'Too many attempts; try again later',
  totpAlreadySetUp: 'Two-factor authentication is already set up',
  totpNotStarted: 'Start the two-factor set-up first',
  memberNotFound: 'Staff member not found',
} as const;

const USERNAME_INDEX = 'staff_username_unique';

export interface StaffServiceDeps {
  db: Db;
  clock: Clock;
  passwords: PasswordHasher;
  sessions: SessionService;
  staff2fa: 'required' | 'optional';
  /** Wrong-code counts: the app's shared store (Redis with REDIS_URL); tests may omit it. */
  totpAttempts?: AttemptStore;
}

/** Written atomically with mode 0600: the file is a credential. */
async function writeSecretFile(path: string, content: string): Promise<void> {
  const temporary = `${path}.${process.pid}.tmp`;
  await writeFile(temporary, content, { mode: 0o600 });
  await chmod(temporary, 0o600); // in case a umask or an old file got in the way
  await rename(temporary, path);
}

function toStaffMember(row: StaffMemberRow): StaffMember {
  return {
    id: row.id,
    username: row.username,
    role: row.role,
    totpEnrolled: row.totpSecret !== null,
    disabled: row.disabledAt !== null,
    createdAt: row.createdAt.toISOString(),
    lastLoginAt: row.lastLoginAt?.toISOString() ?? null,
  };
}

export function makeStaffService({
  db,
  clock,
  passwords,
  sessions,
  staff2fa,
  totpAttempts = makeMemoryAttemptStore(),
}: StaffServiceDeps) {
  const invalidCredentials = () =>
    new AppError('INVALID_CREDENTIALS', MESSAGES.adminLogin.invalidCredentials);
  const totpLimiter = makeAttemptLimiter({
    store: totpAttempts,
    clock,
    name: 'totp',
    ...TOTP_FAILURE_LIMIT,
    message: STAFF_MESSAGES.totpLimited,
  });
  const notFound = () => new AppError('NOT_FOUND', STAFF_MESSAGES.memberNotFound);

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
   * A 6-digit code within ±1 step whose step is later than the last accepted one, or an unused
   * recovery code (which is then used up). Each check is one atomic UPDATE.
   */
  async function verifySecondFactor(
    member: { id: string; totpSecret: string },
    code: string,
  ): Promise<boolean> {
    if (isRecoveryCodeShape(code)) {
      return useRecoveryCode(db, member.id, hashRecoveryCode(code), clock.now());
    }
    const step = matchTotpStep({ secret: member.totpSecret, code, at: clock.now() });
    return step !== null && acceptTotpStep(db, member.id, step);
  }

  async function loginStaff({
    username,
    password,
    totp,
  }: AdminLoginBody): Promise<{ token: string }> {
    const member = await findStaffByUsername(db, username);
    if (!member) {
      // The same work as a wrong password, so the answer's timing does not reveal usernames.
      await passwords.verifyDummy(password);
      throw invalidCredentials();
    }
    const passwordOk = await passwords.verifyPassword(member.passwordHash, password);
    if (!passwordOk || member.disabledAt) throw invalidCredentials();

    let scope: SessionScope = 'full';
    if (member.totpSecret) {
      // Enrolled: a valid code is required (docs/product.md §7), and wrong codes are counted per
      // staff member so six digits cannot be guessed from many addresses.
      if (!totp) throw new AppError('TOTP_REQUIRED', STAFF_MESSAGES.totpMissing);
      await totpLimiter.assertAllowed(member.id);
      if (!(await verifySecondFactor({ id: member.id, totpSecret: member.totpSecret }, totp))) {
        await totpLimiter.recordFailure(member.id);
        throw new AppError('TOTP_REQUIRED', STAFF_MESSAGES.totpInvalid);
      }
      await totpLimiter.reset(member.id);
    } else if (staff2fa === 'required') {
      // Signed in, but the session can only enrol TOTP until that is done.
      scope = 'totp-enrolment';
    }
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
      await setStaffPendingTotpSecret(tx, member.id, secret);
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
      const step = matchTotpStep({ secret: member.totpPendingSecret, code, at: clock.now() });
      if (step === null) {
        throw new AppError('VALIDATION_FAILED', MESSAGES.backOffice.totpCodeWrong, {
          code: [MESSAGES.backOffice.totpCodeWrong],
        });
      }
      await activateStaffTotp(tx, member.id, member.totpPendingSecret, step);
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
  // Staff accounts (permission staff:manage)

  async function listStaff(): Promise<{ items: StaffMember[] }> {
    const rows = await listStaffMembers(db);
    return { items: rows.map(toStaffMember) };
  }

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
    const passwordHash = await passwords.hashPassword(body.password);
    try {
      return await db.transaction(async (tx) => {
        const { id } = await insertStaff(tx, {
          username: body.username,
          passwordHash,
          role: body.role,
        });
        await recordAudit(tx, actor, {
          action: 'staff.create',
          targetType: 'staff',
          targetId: id,
          after: { username: body.username, role: body.role },
        });
        const row = await findStaffById(tx, id);
        if (!row) throw new Error('created staff member not found');
        return toStaffMember(row);
      });
    } catch (error) {
      if (isUniqueViolation(error, USERNAME_INDEX)) throw usernameTaken();
      throw error;
    }
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
      if (member.disabledAt) return toStaffMember(member);
      if (member.role === 'owner' && !activeOwners.some((ownerId) => ownerId !== member.id)) {
        throw new AppError('CONFLICT', MESSAGES.backOffice.lastOwner);
      }
      if (member.id === actor.staffId) {
        throw new AppError('CONFLICT', MESSAGES.backOffice.cannotDisableSelf);
      }
      const now = clock.now();
      await setStaffDisabledAt(tx, member.id, now);
      const sessionsRevoked = await sessions.revokeStaffSessions({ staffId: member.id }, tx);
      await recordAudit(tx, actor, {
        action: 'staff.disable',
        targetType: 'staff',
        targetId: member.id,
        before: { username: member.username, disabled: false },
        after: { username: member.username, disabled: true, sessionsRevoked },
      });
      return toStaffMember({ ...member, disabledAt: now });
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
      if (!member.disabledAt) return toStaffMember(member);
      await setStaffDisabledAt(tx, member.id, null);
      await recordAudit(tx, actor, {
        action: 'staff.enable',
        targetType: 'staff',
        targetId: member.id,
        before: { username: member.username, disabled: true },
        after: { username: member.username, disabled: false },
      });
      return toStaffMember({ ...member, disabledAt: null });
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
   * A lost phone: the member's TOTP and recovery codes are removed and their sessions end; at
   * the next login they enrol again (with STAFF_2FA=required, before doing anything else).
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
      await clearStaffTotp(tx, member.id);
      const sessionsRevoked = await sessions.revokeStaffSessions({ staffId: member.id }, tx);
      await recordAudit(tx, actor, {
        action: 'staff.totp.reset',
        targetType: 'staff',
        targetId: member.id,
        before: { username: member.username, totpEnrolled: member.totpSecret !== null },
        after: { username: member.username, totpEnrolled: false, sessionsRevoked },
      });
      return toStaffMember({ ...member, totpSecret: null, totpPendingSecret: null });
    });
  }

  return {
    ensureFirstStaff,
    loginStaff,
    logoutStaff,
    setupTotp,
    confirmTotp,
    listStaff,
    createStaff,
    disableStaff,
    enableStaff,
    revokeStaffSessions,
    resetStaffTotp,
  };
}

export type StaffService = ReturnType<typeof makeStaffService>;
