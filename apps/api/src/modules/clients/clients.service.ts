// Client accounts: registration, login, logout, the dashboard payload and the staff list.
import { randomInt } from 'node:crypto';
import { AppError, MESSAGES, centsToDollars } from '@brokerdesk/shared';
import type { DashboardResponse, LoginBody, RegisterBody } from '@brokerdesk/shared';
import type { Db } from '../../db/client.js';
import { isUniqueViolation } from '../../db/errors.js';
import type { PasswordHasher } from '../../lib/passwords.js';
import type { SessionService } from '../sessions/sessions.service.js';
import {
  emailIsRegistered,
  findClientCredentialsByEmail,
  findClientFinancesCents,
  findClientIdByReferralCode,
  findClientProfileById,
  insertClient,
  listClientsNewestFirst,
} from './clients.repo.js';

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
  passwords: PasswordHasher;
  sessions: SessionService;
}

export function makeClientService({ db, passwords, sessions }: ClientServiceDeps) {
  const emailTaken = () => new AppError('EMAIL_TAKEN', MESSAGES.register.emailTaken);

  async function registerClient({ body }: { body: RegisterBody }): Promise<{ clientId: string }> {
    // Cheap early answer; the unique index below is what actually decides a race.
    if (await emailIsRegistered(db, body.email)) throw emailTaken();

    const passwordHash = await passwords.hashPassword(body.password);
    // An unknown referral code is ignored: registration must not fail because of a bad link.
    const referredBy = body.ref
      ? await findClientIdByReferralCode(db, body.ref.toUpperCase())
      : null;

    for (let attempt = 0; ; attempt += 1) {
      try {
        // confirmPassword is deliberately not part of the row.
        const { id } = await insertClient(db, {
          firstName: body.firstName,
          lastName: body.lastName,
          email: body.email,
          phone: body.phone,
          country: body.country,
          passwordHash,
          referralCode: generateReferralCode(),
          referredBy,
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

  async function loginClient({ email, password }: LoginBody): Promise<{ token: string }> {
    const client = await findClientCredentialsByEmail(db, email);
    if (!client) {
      await passwords.verifyDummy(password);
      throw new AppError('INVALID_CREDENTIALS', MESSAGES.login.invalidCredentials);
    }
    if (!(await passwords.verifyPassword(client.passwordHash, password))) {
      throw new AppError('INVALID_CREDENTIALS', MESSAGES.login.invalidCredentials);
    }
    return sessions.issueSession({ kind: 'client', clientId: client.id });
  }

  async function logoutClient({ sessionId }: { sessionId: string }): Promise<void> {
    await sessions.revokeSession({ sessionId });
  }

  async function getClientDashboard({
    clientId,
  }: {
    clientId: string;
  }): Promise<DashboardResponse> {
    const [profile, finances] = await Promise.all([
      findClientProfileById(db, clientId),
      findClientFinancesCents(db, clientId),
    ]);
    if (!profile || !finances)
      throw new AppError('UNAUTHENTICATED', 'Not signed in or session expired');
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
            deposited: centsToDollars(finances.deposited),
            profit: centsToDollars(finances.profit),
            bonus: centsToDollars(finances.bonus),
            refBonus: centsToDollars(finances.refBonus),
            balance: centsToDollars(finances.balance),
          },
        ],
        // Filled by the ledger and subscriptions issues.
        transactions: [],
        subscriptions: [],
      },
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

  return { registerClient, loginClient, logoutClient, getClientDashboard, listClients };
}

export type ClientService = ReturnType<typeof makeClientService>;
