// Client accounts: registration, login, logout, the dashboard payload and the staff list.
import { randomInt } from 'node:crypto';
import { AppError, LIMIT_MESSAGES, MESSAGES, centsToDollars } from '@brokerdesk/shared';
import type { AccountPreferences, AccountPreferencesSaved } from '@brokerdesk/shared/trading';
import { TRADING_MESSAGES } from '@brokerdesk/shared/trading';
import type {
  ChangePasswordBody,
  DashboardResponse,
  LoginBody,
  RegisterBody,
} from '@brokerdesk/shared';
import type { Db } from '../../db/client.js';
import { isUniqueViolation } from '../../db/errors.js';
import { makeActionLimiter } from '../../lib/action-limits.js';
import type { ActionLimiter, ActionRule } from '../../lib/action-limits.js';
import { makeMemoryAttemptStore, prefixAttemptStore } from '../../lib/attempt-store.js';
import type { PasswordHasher } from '../../lib/passwords.js';
import type { Clock } from '../../lib/clock.js';
import type { LedgerService } from '../ledger/index.js';
import type { MailService } from '../mail/index.js';
import type { SessionDevice, SessionService } from '../sessions/index.js';
import { findSubscriptionsNewestFirst, toDashboardSubscription } from '../subscriptions/index.js';
import { findHistoryPage, toDashboardTransaction } from '../money/index.js';
import {
  emailIsRegistered,
  findClientCredentialsByEmail,
  findClientIdByReferralCode,
  findClientPasswordHash,
  findClientPreferences,
  findClientProfileById,
  insertClient,
  listClientsNewestFirst,
  updateClientPasswordHash,
  updateClientPreferences,
} from './clients.repo.js';
import { makeLoginLockout } from '../../lib/login-lockout.js';
import type { LoginLockout } from '../../lib/login-lockout.js';
import { refuseCommonPassword, samePasswordError } from '../../lib/password-rules.js';

/** The seed's dashboard payload carries the newest 100 statement rows (docs/product.md §7). */
export const DASHBOARD_TRANSACTIONS = 100;

// No 0/O or 1/I/L, so a code read aloud or copied by hand survives.
const REFERRAL_ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';
const REFERRAL_CODE_LENGTH = 8;

export function generateReferralCode(): string {
  let code = '';
  for (let i = 0; i < REFERRAL_CODE_LENGTH; i += 1)
    code += REFERRAL_ALPHABET[randomInt(REFERRAL_ALPHABET.length)];
  return code;
}

export interface ClientServiceDeps {
  db: Db;
  clock: Clock;
  passwords: PasswordHasher;
  sessions: SessionService;
  ledger: LedgerService;
  mail: MailService;
  /** Queues the verification link in the registration's transaction (account-links). */
  issueVerification: (tx: Db, clientId: string) => Promise<void>;
  /** Failed logins per e-mail (docs/product.md §7): the app's shared one; tests may omit it. */
  lockout?: LoginLockout;
  /**
   * Wrong current passwords per account on a password change: the login lock-out's rule (10 in
   * 15 minutes → 429 for 15 minutes, doubling), under its own keys (issue 17).
   */
  passwordCheckLockout?: LoginLockout;
  /** Per-account limits on mail the client causes (the app's shared store). */
  limiter?: ActionLimiter;
}

const HOUR_MS = 60 * 60 * 1000;

/** Each change mails the client; a few an hour is plenty (issue 17). */
export const PASSWORD_CHANGE_RULE: ActionRule = {
  name: 'password-change',
  max: 5,
  windowMs: HOUR_MS,
  message: LIMIT_MESSAGES.passwordChange,
};

/** The lock-out's answer in this call's words: same code, status and Retry-After. */
async function withMessage(check: Promise<void>, message: string): Promise<void> {
  try {
    await check;
  } catch (error) {
    if (error instanceof AppError && error.code === 'LOCKED_OUT') {
      throw new AppError('LOCKED_OUT', message, undefined, {
        retryAfterSeconds: error.retryAfterSeconds,
      });
    }
    throw error;
  }
}

export function makeClientService({
  db,
  clock,
  passwords,
  sessions,
  ledger,
  mail,
  issueVerification,
  lockout = makeLoginLockout({ store: makeMemoryAttemptStore(), clock }),
  passwordCheckLockout = makeLoginLockout({
    store: prefixAttemptStore(makeMemoryAttemptStore(), 'current-password:'),
    clock,
  }),
  limiter = makeActionLimiter({ store: makeMemoryAttemptStore(), clock }),
}: ClientServiceDeps) {
  const emailTaken = () => new AppError('EMAIL_TAKEN', MESSAGES.register.emailTaken);

  /**
   * `afterInsert` runs in the same transaction as the insert (the staff form audits there, so a
   * client created by staff never exists without its audit record).
   */
  async function registerClient({
    body,
    ip,
    afterInsert,
  }: {
    body: RegisterBody;
    /** Where a public registration came from: a self-referral signal (decision 110). */
    ip?: string;
    afterInsert?: (tx: Db, clientId: string) => Promise<void>;
  }): Promise<{ clientId: string }> {
    refuseCommonPassword(body.password, 'password');
    // Cheap early answer; the unique index below is what actually decides a race.
    if (await emailIsRegistered(db, body.email)) throw emailTaken();

    const passwordHash = await passwords.hashPassword(body.password);
    // An unknown referral code is ignored: registration must not fail because of a bad link.
    const referredBy = body.ref
      ? await findClientIdByReferralCode(db, body.ref.toUpperCase())
      : null;

    for (let attempt = 0; ; attempt += 1) {
      try {
        const id = await db.transaction(async (tx) => {
          // confirmPassword is deliberately not part of the row.
          const inserted = await insertClient(tx, {
            firstName: body.firstName,
            lastName: body.lastName,
            email: body.email,
            phone: body.phone,
            country: body.country,
            passwordHash,
            referralCode: generateReferralCode(),
            referredBy,
            registrationIp: ip ?? null,
          });
          await issueVerification(tx, inserted.id);
          await afterInsert?.(tx, inserted.id);
          return inserted.id;
        });
        return { clientId: id };
      } catch (error) {
        if (isUniqueViolation(error, 'clients_email_unique')) throw emailTaken();
        // 31^8 codes: a collision is rare, three in a row means something else is wrong.
        if (isUniqueViolation(error, 'clients_referral_code_unique') && attempt < 3) continue;
        throw error;
      }
    }
  }

  async function loginClient(
    { email, password }: LoginBody,
    device?: SessionDevice,
  ): Promise<{ token: string }> {
    // Before any hashing: a locked e-mail costs nothing, and even the right password is refused.
    await lockout.assertNotLocked(email);
    const client = await findClientCredentialsByEmail(db, email);
    if (!client) {
      await passwords.verifyDummy(password);
      await lockout.recordFailure(email); // unknown e-mails lock too: the answers stay the same
      throw new AppError('INVALID_CREDENTIALS', MESSAGES.login.invalidCredentials);
    }
    if (!(await passwords.verifyPassword(client.passwordHash, password))) {
      await lockout.recordFailure(email);
      throw new AppError('INVALID_CREDENTIALS', MESSAGES.login.invalidCredentials);
    }
    await lockout.recordSuccess(email);
    // Said only after the right password, so it reveals nothing to someone guessing.
    if (client.disabledAt) throw new AppError('FORBIDDEN', MESSAGES.backOffice.accountDisabled);
    return sessions.issueSession({ kind: 'client', clientId: client.id, device });
  }

  async function logoutClient({ sessionId }: { sessionId: string }): Promise<void> {
    await sessions.revokeSession({ sessionId });
  }

  async function getClientDashboard({
    clientId,
  }: {
    clientId: string;
  }): Promise<DashboardResponse> {
    const [profile, totals, transactions, plans] = await Promise.all([
      findClientProfileById(db, clientId),
      // With the live trading account (§11.14), by the rule the back office reads too.
      ledger.getClientTotals(db, clientId),
      findHistoryPage(db, { clientId }, { limit: DASHBOARD_TRANSACTIONS }),
      findSubscriptionsNewestFirst(db, clientId),
    ]);
    if (!profile) throw new AppError('UNAUTHENTICATED', 'Not signed in or session expired');
    const now = clock.now();
    return {
      userInfo: {
        firstName: profile.firstName,
        lastName: profile.lastName,
        email: profile.email,
        country: profile.country,
        phone: profile.phone,
        emailVerified: profile.emailVerifiedAt !== null,
        finances: [
          {
            deposited: centsToDollars(totals.depositedMinor),
            profit: centsToDollars(totals.profitMinor),
            bonus: centsToDollars(totals.bonusMinor),
            refBonus: centsToDollars(totals.refBonusMinor),
            // The seed's balance is what is available: pending withdrawals are already out.
            balance: centsToDollars(totals.availableMinor),
          },
        ],
        transactions: (transactions ?? []).map(toDashboardTransaction),
        subscriptions: plans.map((plan) => toDashboardSubscription(plan, now)),
      },
    };
  }

  /**
   * Needs the current password, counted per account like logins (10 wrong in 15 minutes lock the
   * check); the new one may be neither common nor the current one. On success every other
   * session of the client is signed out (a stolen token stops working), the one that made the
   * change stays.
   */
  async function changePassword({
    clientId,
    sessionId,
    body,
  }: {
    clientId: string;
    sessionId: string;
    body: ChangePasswordBody;
  }): Promise<void> {
    // Before any hashing: while locked, even the right current password is refused.
    await withMessage(
      passwordCheckLockout.assertNotLocked(clientId),
      LIMIT_MESSAGES.currentPasswordLocked,
    );
    const currentHash = await findClientPasswordHash(db, clientId);
    if (!currentHash || !(await passwords.verifyPassword(currentHash, body.currentPassword))) {
      await passwordCheckLockout.recordFailure(clientId);
      throw new AppError('VALIDATION_FAILED', MESSAGES.account.currentPasswordWrong, {
        currentPassword: [MESSAGES.account.currentPasswordWrong],
      });
    }
    await passwordCheckLockout.recordSuccess(clientId);
    if (body.newPassword === body.currentPassword) throw samePasswordError('newPassword');
    refuseCommonPassword(body.newPassword, 'newPassword');
    await limiter.hit(PASSWORD_CHANGE_RULE, clientId);
    const newHash = await passwords.hashPassword(body.newPassword);
    await db.transaction(async (tx) => {
      await updateClientPasswordHash(tx, clientId, newHash);
      await sessions.revokeOtherSessions({ clientId, keepSessionId: sessionId }, tx);
      await mail.queueForClient(tx, clientId, (client, templates) =>
        templates.passwordChanged({ firstName: client.firstName }),
      );
    });
  }

  /** The client's e-mail choices: trade confirmations, off until the client turns them on. */
  async function getPreferences({ clientId }: { clientId: string }): Promise<AccountPreferences> {
    const preferences = await findClientPreferences(db, clientId);
    if (!preferences) throw new AppError('UNAUTHENTICATED', 'Not signed in or session expired');
    return preferences;
  }

  /** Takes effect from the next deal: one already made is not confirmed afterwards. */
  async function setPreferences({
    clientId,
    body,
  }: {
    clientId: string;
    body: AccountPreferences;
  }): Promise<AccountPreferencesSaved> {
    const saved = await updateClientPreferences(db, clientId, body);
    if (!saved) throw new AppError('UNAUTHENTICATED', 'Not signed in or session expired');
    const m = TRADING_MESSAGES;
    return {
      ...saved,
      message: saved.tradeConfirmations ? m.tradeConfirmationsOn : m.tradeConfirmationsOff,
    };
  }

  async function listClients(): Promise<{ _id: string; userName: string; email: string }[]> {
    const rows = await listClientsNewestFirst(db);
    return rows.map((row) => ({
      _id: row.id,
      userName: `${row.firstName} ${row.lastName}`,
      email: row.email,
    }));
  }

  return {
    registerClient,
    loginClient,
    logoutClient,
    getClientDashboard,
    changePassword,
    getPreferences,
    setPreferences,
    listClients,
  };
}

export type ClientService = ReturnType<typeof makeClientService>;
