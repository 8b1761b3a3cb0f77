// What every client request of the trading module shares: the account check (another client's
// account is 404 like a missing one), the idempotent transaction that locks the account first
// (§11.15), the refusals of §11.11 with their messages, and parsing prices and lots.
import { createHash } from 'node:crypto';
import { AppError } from '@brokerdesk/shared';
import type { ErrorCode } from '@brokerdesk/shared';
import { TRADING_ERROR_MESSAGES, parseLots, parsePoints } from '@brokerdesk/shared/trading';
import type { TradingErrorCode, TradingMode } from '@brokerdesk/shared/trading';
import type { Db } from '../../db/client.js';
import { modeMessage } from '../trading-controls/index.js';
import { findAccountOfClient, findRequest, insertRequest, lockAccount } from './trading.repo.js';
import type { AccountRow, RequestRow } from './trading.repo.js';

export function refusal(code: TradingErrorCode, message?: string): AppError {
  return new AppError(code, message ?? TRADING_ERROR_MESSAGES[code]);
}

export function invalid(field: string, message: string): AppError {
  return new AppError('VALIDATION_FAILED', message, { [field]: [message] });
}

/**
 * The desk's trading controls (decision 133): close only refuses what opens or changes risk;
 * halted refuses the client's closes as well. Cancels are never refused (§11.8).
 */
export function assertModeAllows(mode: TradingMode, action: 'open' | 'close'): void {
  if (mode === 'halted' || (mode === 'close_only' && action === 'open')) {
    throw refusal('TRADING_DISABLED', modeMessage(mode) ?? undefined);
  }
}

export const accountNotFound = () => new AppError('NOT_FOUND', 'Trading account not found');

/** §11.11 steps 2–10: refusals stored against the idempotency key and replayed. */
const BUSINESS_CODES: ReadonlySet<ErrorCode> = new Set<ErrorCode>([
  'ORDER_NOT_FOUND',
  'ALREADY_CLOSED',
  'UNKNOWN_INSTRUMENT',
  'TRADING_DISABLED',
  'MARKET_CLOSED',
  'INVALID_VOLUME',
  'INVALID_PRICE',
  'INVALID_STOPS',
  'INSUFFICIENT_MARGIN',
  'INSUFFICIENT_FUNDS',
]);

/** Ids of orders, positions and deals are increasing integers, carried as strings. */
export function parseId(text: string): number | null {
  return /^[1-9]\d{0,14}$/.test(text) ? Number(text) : null;
}

export function lotsOf(text: string, field = 'volume'): number {
  const lots = parseLots(text);
  if (lots === null)
    throw invalid(field, 'Volume must be a number of lots with at most 2 decimals');
  return lots;
}

/**
 * Far beyond any instrument's price: keeps every margin and P/L computed from a price a caller
 * sends inside the safe integer range (a larger one is a malformed request, not a 500).
 */
const MAX_PRICE_POINTS = 1_000_000_000_000;

/** A price in points at the instrument's digits; absent stays null. */
export function pointsOf(
  text: string | null | undefined,
  digits: number,
  field: string,
): number | null {
  if (text === undefined || text === null) return null;
  const points = parsePoints(text, digits);
  if (points === null || points <= 0 || points > MAX_PRICE_POINTS) {
    throw invalid(field, `Must be a price with at most ${digits} decimals`);
  }
  return points;
}

export interface StoredAnswer {
  status: number;
  body: unknown;
}

function fingerprintOf(what: string, body: unknown): string {
  return createHash('sha256')
    .update(`${what}\n${JSON.stringify(body ?? null)}`)
    .digest('base64url');
}

export function makeRequestRunner({ db }: { db: Db }) {
  /** The account check every route makes before validating the body (preValidation). */
  async function requireAccount(clientId: string, accountId: string): Promise<AccountRow> {
    const account = /^[0-9a-f-]{36}$/i.test(accountId)
      ? await findAccountOfClient(db, clientId, accountId)
      : null;
    if (!account) throw accountNotFound();
    return account;
  }

  /** What a stored answer means for a repeat: itself, its refusal, or a 409 for another call. */
  function replay(stored: RequestRow, fingerprint: string): StoredAnswer | AppError {
    if (stored.fingerprint !== fingerprint) {
      throw new AppError('CONFLICT', 'This idempotency key was used for another request');
    }
    if (stored.statusCode >= 400) {
      const refused = stored.body as { code: ErrorCode; message: string };
      return new AppError(refused.code, refused.message);
    }
    return { status: stored.statusCode, body: stored.body };
  }

  /**
   * The account's lock, then the answer stored under `key`: two statements, because the
   * look-up must see what a call holding the lock before us committed (a join in the locking
   * statement would read from the snapshot taken before the wait).
   */
  async function lockOwnAccount(tx: Db, clientId: string, accountId: string, key?: string) {
    const account = await lockAccount(tx, accountId);
    if (!account || account.clientId !== clientId) throw accountNotFound();
    const request = key === undefined ? null : await findRequest(tx, accountId, key);
    return { account, request };
  }

  /**
   * Runs `work` in one transaction holding the account's lock. With a key: a repeat (same
   * account and key) answers what the first did — its success or its business refusal — and
   * changes nothing; the same key for another call or body is a 409. A business refusal rolls
   * all of `work` back; with a key it is then stored in a transaction of its own, under the
   * same lock, unless a concurrent call with that key stored an answer first (then that one
   * is the answer).
   */
  async function run(
    {
      clientId,
      accountId,
      key,
      what,
      body,
    }: { clientId: string; accountId: string; key?: string; what: string; body?: unknown },
    work: (tx: Db, account: AccountRow) => Promise<StoredAnswer>,
  ): Promise<StoredAnswer> {
    const fingerprint = fingerprintOf(what, body);
    let outcome: StoredAnswer | AppError;
    try {
      outcome = await db.transaction(async (tx): Promise<StoredAnswer | AppError> => {
        const { account, request } = await lockOwnAccount(tx, clientId, accountId, key);
        if (request) return replay(request, fingerprint);
        const answer = await work(tx, account);
        if (key !== undefined) {
          await insertRequest(tx, {
            accountId,
            key,
            fingerprint,
            statusCode: answer.status,
            body: answer.body,
          });
        }
        return answer;
      });
    } catch (error) {
      if (!(error instanceof AppError) || !BUSINESS_CODES.has(error.code)) throw error;
      if (key === undefined) throw error;
      outcome = await db.transaction(async (tx): Promise<StoredAnswer | AppError> => {
        const { request } = await lockOwnAccount(tx, clientId, accountId, key);
        if (request) return replay(request, fingerprint);
        await insertRequest(tx, {
          accountId,
          key,
          fingerprint,
          statusCode: error.status,
          body: { message: error.message, code: error.code },
        });
        return error;
      });
    }
    if (outcome instanceof AppError) throw outcome;
    return outcome;
  }

  return { requireAccount, run };
}

export type RequestRunner = ReturnType<typeof makeRequestRunner>;
