// Staff accounts: the first owner at start, login (with the TOTP gate of PRODUCT.md §7), logout.
import { chmod, mkdir, rename, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { AppError, MESSAGES } from '@brokerdesk/shared';
import type { AdminLoginBody } from '@brokerdesk/shared';
import type { Db } from '../../db/client.js';
import type { SessionScope } from '../../db/schema.js';
import { generatePassword } from '../../lib/passwords.js';
import type { PasswordHasher } from '../../lib/passwords.js';
import type { SessionService } from '../sessions/sessions.service.js';
import { anyStaffExists, findStaffByUsername, insertStaffIfAbsent } from './staff.repo.js';

export const INITIAL_PASSWORD_FILE = 'initial-admin-password';

export interface StaffServiceDeps {
  db: Db;
  passwords: PasswordHasher;
  sessions: SessionService;
  staff2fa: 'required' | 'optional';
}

/** Written atomically with mode 0600: the file is a credential. */
async function writeSecretFile(path: string, content: string): Promise<void> {
  const temporary = `${path}.${process.pid}.tmp`;
  await writeFile(temporary, content, { mode: 0o600 });
  await chmod(temporary, 0o600); // in case a umask or an old file got in the way
  await rename(temporary, path);
}

export function makeStaffService({ db, passwords, sessions, staff2fa }: StaffServiceDeps) {
  const invalidCredentials = () =>
    new AppError('INVALID_CREDENTIALS', MESSAGES.adminLogin.invalidCredentials);

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

  async function loginStaff({
    username,
    password,
    totp,
  }: AdminLoginBody): Promise<{ token: string }> {
    const member = await findStaffByUsername(db, username);
    if (!member) {
      await passwords.verifyDummy(password);
      throw invalidCredentials();
    }
    const passwordOk = await passwords.verifyPassword(member.passwordHash, password);
    if (!passwordOk || member.disabledAt) throw invalidCredentials();

    let scope: SessionScope = 'full';
    if (member.totpSecret) {
      // Enrolled: a valid code is required (PRODUCT.md §7). TOTP enrolment and verification
      // arrive with their own issue; until then no account can be enrolled, and an enrolled one
      // fails closed rather than skipping the second factor.
      if (!totp)
        throw new AppError('TOTP_REQUIRED', 'Enter the 6-digit code from your authenticator app');
      throw new AppError('TOTP_REQUIRED', 'Invalid code; enter the current 6-digit code');
    } else if (staff2fa === 'required') {
      // Signed in, but the session can only enrol TOTP until that is done.
      scope = 'totp-enrolment';
    }
    return sessions.issueSession({ kind: 'staff', staffId: member.id, scope });
  }

  async function logoutStaff({ sessionId }: { sessionId: string }): Promise<void> {
    await sessions.revokeSession({ sessionId });
  }

  return { ensureFirstStaff, loginStaff, logoutStaff };
}

export type StaffService = ReturnType<typeof makeStaffService>;
