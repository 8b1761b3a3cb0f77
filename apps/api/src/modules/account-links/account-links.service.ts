// Links a client receives by e-mail (issue 6): verifying the address and resetting the
// password. A link is 32 random bytes in the URL's fragment; only its SHA-256 is stored, it
// works once, and it expires (24 h to verify, 30 min to reset).
import {
  AppError,
  LIMIT_MESSAGES,
  LINK_LIFETIMES_MS,
  MESSAGES,
  TOKEN_LINK_PATHS,
  VERIFICATION_RESEND_COOLDOWN_MS,
} from '@brokerdesk/shared';
import type { SetNewPasswordBody } from '@brokerdesk/shared';
import type { Db } from '../../db/client.js';
import type { ClientTokenPurpose } from '../../db/schema.js';
import type { ActionLimiter, ActionRule } from '../../lib/action-limits.js';
import type { BackgroundTasks } from '../../lib/background-tasks.js';
import type { Clock } from '../../lib/clock.js';
import type { PasswordHasher } from '../../lib/passwords.js';
import { generateToken, hashToken } from '../../lib/tokens.js';
import {
  findClientCredentialsByEmail,
  findClientPasswordHash,
  updateClientPasswordHash,
} from '../clients/index.js';
import { refuseCommonPassword, samePasswordError } from '../../lib/password-rules.js';
import type { LoginLockout } from '../../lib/login-lockout.js';
import type { MailService } from '../mail/index.js';
import type { SessionService } from '../sessions/index.js';
import {
  consumeClientToken,
  findClientTokenState,
  findNewestTokenIssuedAt,
  insertClientToken,
  lockClientForLink,
  markEmailVerified,
  retireClientTokens,
} from './account-links.repo.js';

/** A second reset mail for one client within this time is silently skipped (mail bombing). */
const RESET_MAIL_INTERVAL_MS = 60 * 1000;
const HOUR_MS = 60 * 60 * 1000;

/**
 * Reset requests per e-mail address, whether or not an account has it (so the 429 says nothing
 * about who has one): an inbox gets at most this many links an hour, whatever the IPs (issue 17).
 */
export const PASSWORD_RESET_REQUEST_RULE: ActionRule = {
  name: 'password-reset-request',
  max: 5,
  windowMs: HOUR_MS,
  message: LIMIT_MESSAGES.passwordReset,
};

/** New verification links a client asks for, beyond the one-a-minute cooldown (issue 17). */
export const VERIFICATION_RESEND_RULE: ActionRule = {
  name: 'verification-resend',
  max: 5,
  windowMs: HOUR_MS,
  message: LIMIT_MESSAGES.verificationResend,
};

export interface AccountLinkDeps {
  db: Db;
  clock: Clock;
  passwords: PasswordHasher;
  sessions: SessionService;
  mail: MailService;
  lockout: Pick<LoginLockout, 'clear'>;
  /** Per-account and per-address limits on the mail a caller causes. */
  limiter: ActionLimiter;
  /** Where a reset request's work runs once its caller has been answered. */
  tasks: BackgroundTasks;
}

export function makeAccountLinkService({
  db,
  clock,
  passwords,
  sessions,
  mail,
  lockout,
  limiter,
  tasks,
}: AccountLinkDeps) {
  const linkUrl = (path: string, token: string) => `${mail.brand.publicUrl}${path}#token=${token}`;

  async function issueToken(tx: Db, clientId: string, purpose: ClientTokenPurpose) {
    const token = generateToken();
    const now = clock.now();
    await insertClientToken(tx, {
      clientId,
      purpose,
      tokenHash: hashToken(token),
      createdAt: now,
      expiresAt: new Date(now.getTime() + LINK_LIFETIMES_MS[purpose]),
    });
    return token;
  }

  /**
   * Called in the registration's transaction: the link and its mail exist exactly when the
   * account does.
   */
  async function issueVerification(tx: Db, clientId: string): Promise<void> {
    const token = await issueToken(tx, clientId, 'verify-email');
    await mail.queueForClient(tx, clientId, (client, templates) =>
      templates.verifyEmail({
        firstName: client.firstName,
        url: linkUrl(TOKEN_LINK_PATHS.verifyEmail, token),
      }),
    );
  }

  /** The precise reason a link failed; the token itself is never echoed or logged. */
  async function refuseLink(tokenHash: string, purpose: ClientTokenPurpose): Promise<never> {
    const state = await findClientTokenState(db, tokenHash, purpose);
    if (!state) throw new AppError('TOKEN_INVALID', MESSAGES.verification.linkInvalid);
    if (state.usedAt) throw new AppError('TOKEN_USED', MESSAGES.verification.linkUsed);
    throw new AppError('TOKEN_EXPIRED', MESSAGES.verification.linkExpired);
  }

  async function verifyEmail({ token }: { token: string }): Promise<void> {
    const tokenHash = hashToken(token);
    const verified = await db.transaction(async (tx) => {
      const used = await consumeClientToken(tx, tokenHash, 'verify-email', clock.now());
      if (!used) return false;
      await markEmailVerified(tx, used.clientId, clock.now());
      return true;
    });
    if (!verified) await refuseLink(tokenHash, 'verify-email');
  }

  /**
   * A new link for an unverified client, at most once a minute: asked for by the client, or by
   * staff for them (`afterIssue` writes staff's audit record in the same transaction).
   */
  async function resendVerification({
    clientId,
    afterIssue,
  }: {
    clientId: string;
    afterIssue?: (tx: Db) => Promise<void>;
  }): Promise<{ retryAfterSeconds: number }> {
    const cooldownSeconds = Math.ceil(VERIFICATION_RESEND_COOLDOWN_MS / 1000);
    await db.transaction(async (tx) => {
      // The row lock makes two quick clicks queue one mail, not two.
      const client = await lockClientForLink(tx, clientId);
      if (!client) throw new AppError('NOT_FOUND', MESSAGES.money.clientNotFound);
      if (client.emailVerifiedAt)
        throw new AppError('ALREADY_VERIFIED', MESSAGES.verification.alreadyVerified);
      const last = await findNewestTokenIssuedAt(tx, clientId, 'verify-email');
      const waitMs = last
        ? last.getTime() + VERIFICATION_RESEND_COOLDOWN_MS - clock.now().getTime()
        : 0;
      if (waitMs > 0) {
        throw new AppError('RATE_LIMITED', MESSAGES.verification.resendCooldown, undefined, {
          retryAfterSeconds: Math.ceil(waitMs / 1000),
        });
      }
      await issueVerification(tx, clientId);
      await afterIssue?.(tx);
    });
    return { retryAfterSeconds: cooldownSeconds };
  }

  /**
   * Answers every reset request the same way at the same time: only the per-address count runs
   * before the answer; looking the address up, and the link and mail for a known one, run after
   * it (`tasks`), so neither the answer nor its timing says who has an account (issue 17).
   */
  async function requestPasswordReset({ email }: { email: string }): Promise<void> {
    await limiter.hit(PASSWORD_RESET_REQUEST_RULE, email);
    tasks.run('password reset request', () => sendPasswordReset(email));
  }

  /** The link and its mail, when the address belongs to an active client. */
  async function sendPasswordReset(email: string): Promise<void> {
    const client = await findClientCredentialsByEmail(db, email);
    if (!client || client.disabledAt) return;
    await db.transaction(async (tx) => {
      const locked = await lockClientForLink(tx, client.id);
      if (!locked) return;
      const last = await findNewestTokenIssuedAt(tx, client.id, 'password-reset');
      if (last && clock.now().getTime() - last.getTime() < RESET_MAIL_INTERVAL_MS) return;
      const token = await issueToken(tx, client.id, 'password-reset');
      await mail.queueForClient(tx, client.id, (recipient, templates) =>
        templates.passwordReset({
          firstName: recipient.firstName,
          url: linkUrl(TOKEN_LINK_PATHS.setNewPassword, token),
        }),
      );
    });
  }

  /** A new verification link the client asked for: counted per account as well (issue 17). */
  async function resendVerificationForClient({
    clientId,
  }: {
    clientId: string;
  }): Promise<{ retryAfterSeconds: number }> {
    await limiter.hit(VERIFICATION_RESEND_RULE, clientId);
    return resendVerification({ clientId });
  }

  /**
   * Sets the new password, ends every session of the client (whoever had the old password is
   * out), retires other reset links and lifts a login lock-out.
   */
  async function confirmPasswordReset(body: SetNewPasswordBody): Promise<void> {
    const tokenHash = hashToken(body.token);
    // Refuse a dead link before spending a password hash on it.
    const state = await findClientTokenState(db, tokenHash, 'password-reset');
    if (!state || state.usedAt || state.expiresAt <= clock.now())
      return refuseLink(tokenHash, 'password-reset');
    // Refused before the link is used, so the client can choose another with the same link.
    refuseCommonPassword(body.password, 'password');
    const currentHash = await findClientPasswordHash(db, state.clientId);
    if (currentHash && (await passwords.verifyPassword(currentHash, body.password)))
      throw samePasswordError('password');
    const passwordHash = await passwords.hashPassword(body.password);

    const email = await db.transaction(async (tx) => {
      const now = clock.now();
      const used = await consumeClientToken(tx, tokenHash, 'password-reset', now);
      if (!used) return null;
      const client = await lockClientForLink(tx, used.clientId);
      if (!client) return null;
      await updateClientPasswordHash(tx, client.id, passwordHash);
      await retireClientTokens(tx, client.id, 'password-reset', now);
      await sessions.revokeAllClientSessions({ clientId: client.id }, tx);
      // Opening the link proved the address, so it counts as verified too.
      await markEmailVerified(tx, client.id, now);
      await mail.queueForClient(tx, client.id, (recipient, templates) =>
        templates.passwordChanged({ firstName: recipient.firstName }),
      );
      return client.email;
    });
    if (email === null) await refuseLink(tokenHash, 'password-reset');
    else await lockout.clear(email);
  }

  return {
    issueVerification,
    verifyEmail,
    resendVerification,
    resendVerificationForClient,
    requestPasswordReset,
    confirmPasswordReset,
  };
}

export type AccountLinkService = ReturnType<typeof makeAccountLinkService>;
