// Reading the client's money: the summary the deposit screen needs, the request lists with
// their timelines, the statement (keyset pages and CSV), the balance chart and the staff queue.
// Balances come from the ledger's maintained totals; nothing here sums the whole history.
import { AppError, BALANCE_HISTORY_DAYS, MONEY_RULES } from '@brokerdesk/shared';
import type {
  BalanceHistory,
  MoneySummary,
  ProfitBreakdown,
  TransactionHistoryQuery,
  TransactionPage,
  TransactionWithTimeline,
} from '@brokerdesk/shared';
import type { Db } from '../../db/client.js';
import type { Clock } from '../../lib/clock.js';
import { findClientCashAccount } from '../ledger/index.js';
import type { LedgerService } from '../ledger/index.js';
import {
  countLiveDeposits,
  findAccountMovementsSince,
  findEventsOf,
  findHistoryPage,
  findMoneyRequests,
  findPendingRequests,
  findTransaction,
} from './money.repo.js';
import type { AccountMovement, HistoryFilter, StatementRow } from './money.repo.js';
import { csvLine } from '../../lib/csv.js';
import { CSV_HEADER, toCsvLine, toTransaction, toTransactionWithTimeline } from './money.view.js';
import { isUuid } from '../../lib/ids.js';

const REQUEST_LIST_LIMIT = 100;
const STAFF_QUEUE_LIMIT = 500;
const CSV_PAGE = 1_000;
/** A CSV export stops here; the history endpoint pages through anything larger. */
export const CSV_MAX_ROWS = 100_000;
const DAY_MS = 24 * 60 * 60 * 1000;

const invalidCursor = () =>
  new AppError('VALIDATION_FAILED', 'Invalid cursor', { cursor: ['Invalid cursor'] });

export function makeMoneyQueries({
  db,
  clock,
  ledger,
  minWithdrawalMinor = 0,
}: {
  db: Db;
  clock: Clock;
  ledger: LedgerService;
  /** MIN_WITHDRAWAL_USD in cents, shown by the withdrawal form. */
  minWithdrawalMinor?: number;
}) {
  async function withTimelines(rows: StatementRow[]): Promise<TransactionWithTimeline[]> {
    const events = await findEventsOf(
      db,
      rows.map((row) => row.id),
    );
    return rows.map((row) => toTransactionWithTimeline(row, events.get(row.id) ?? []));
  }

  async function getSummary(clientId: string): Promise<MoneySummary> {
    const [balances, liveDeposits] = await Promise.all([
      ledger.getClientBalances(db, clientId),
      countLiveDeposits(db, clientId),
    ]);
    return {
      balanceMinor: balances.balanceMinor,
      availableMinor: balances.availableMinor,
      heldMinor: balances.heldMinor,
      minimumDepositMinor: liveDeposits === 0 ? MONEY_RULES.minimumFirstDepositCents : 1,
      minimumWithdrawalMinor: minWithdrawalMinor,
    };
  }

  async function listRequests(clientId: string, openOnly: boolean) {
    const rows = await findMoneyRequests(db, clientId, { openOnly, limit: REQUEST_LIST_LIMIT });
    return { items: await withTimelines(rows) };
  }

  /** One of the client's requests; another client's (or an unknown id) is 404. */
  async function getRequest(clientId: string, id: string): Promise<TransactionWithTimeline> {
    const row = isUuid(id) ? await findTransaction(db, id) : null;
    if (
      !row ||
      row.clientId !== clientId ||
      (row.type !== 'deposit' && row.type !== 'withdrawal')
    ) {
      throw new AppError('NOT_FOUND', 'Request not found');
    }
    const [withEvents] = await withTimelines([row]);
    if (!withEvents) throw new Error('timeline lost');
    return withEvents;
  }

  async function getHistoryPage(
    clientId: string,
    query: TransactionHistoryQuery,
  ): Promise<TransactionPage> {
    if (query.cursor !== undefined && !isUuid(query.cursor)) throw invalidCursor();
    const filter: HistoryFilter = { clientId, type: query.type, status: query.status };
    // One extra row tells whether another page exists.
    const rows = await findHistoryPage(db, filter, {
      afterId: query.cursor,
      limit: query.limit + 1,
    });
    if (!rows) throw invalidCursor();
    const page = rows.slice(0, query.limit);
    const last = page.at(-1);
    return {
      items: page.map(toTransaction),
      nextCursor: rows.length > query.limit && last ? last.id : null,
    };
  }

  /** Every row matching the filters as CSV, newest first, read in keyset pages. */
  async function* historyCsv(
    clientId: string,
    query: Pick<TransactionHistoryQuery, 'type' | 'status'>,
  ): AsyncGenerator<string> {
    yield csvLine(CSV_HEADER);
    const filter: HistoryFilter = { clientId, type: query.type, status: query.status };
    let afterId: string | undefined;
    for (let written = 0; written < CSV_MAX_ROWS;) {
      const rows = await findHistoryPage(db, filter, { afterId, limit: CSV_PAGE });
      if (!rows || rows.length === 0) return;
      yield rows.map(toCsvLine).join('');
      written += rows.length;
      afterId = rows.at(-1)?.id;
      if (rows.length < CSV_PAGE) return;
    }
  }

  /**
   * The running available balance over the last 90 days (UTC): one point per moment it changed
   * — every transfer counts, so a peak and a fall on the same day both show (issue 16) — plus
   * the opening balance at the start of the first day with activity and the balance now. Walks
   * back from the maintained balance through the window's movements only.
   */
  async function getBalanceHistory(clientId: string): Promise<BalanceHistory> {
    const now = clock.now();
    const account = await findClientCashAccount(db, clientId);
    if (!account) return { points: [], highestMinor: null, lowestMinor: null };
    const since = new Date(startOfUtcDay(now).getTime() - (BALANCE_HISTORY_DAYS - 1) * DAY_MS);
    const movements = await findAccountMovementsSince(db, account.id, since);

    // Transfers written in one database transaction share their instant: one change.
    const deltaAt = new Map<number, number>();
    const add = (at: Date, delta: number) => {
      if (at < since || delta === 0) return;
      deltaAt.set(at.getTime(), (deltaAt.get(at.getTime()) ?? 0) + delta);
    };
    for (const movement of movements) addAvailableChanges(movement, add);

    const available = account.creditsPosted - account.debitsPosted - account.debitsPending;
    const moments = [...deltaAt.keys()].sort((a, b) => b - a);
    const newest: { at: number; balanceMinor: number }[] = [];
    // The balance now, unless the newest change is now (an account without recent changes
    // still has its balance).
    if ((moments[0] ?? -Infinity) < now.getTime()) {
      newest.push({ at: now.getTime(), balanceMinor: available });
    }
    let after = available;
    for (const moment of moments) {
      newest.push({ at: moment, balanceMinor: after });
      after -= deltaAt.get(moment) ?? 0;
    }
    // The balance before the first change, from the start of that day (e.g. $0 before the
    // first deposit), so the line starts where the account stood.
    const first = moments.at(-1);
    if (first !== undefined) {
      const opening = Math.max(startOfUtcDay(new Date(first)).getTime(), since.getTime());
      if (opening < first) newest.push({ at: opening, balanceMinor: after });
    }
    // A reduce, not Math.max(...values): a busy quarter may hold more points than arguments fit.
    let highestMinor = available;
    let lowestMinor = available;
    for (const point of newest) {
      highestMinor = Math.max(highestMinor, point.balanceMinor);
      lowestMinor = Math.min(lowestMinor, point.balanceMinor);
    }
    return {
      points: newest.reverse().map((point) => ({
        at: new Date(point.at).toISOString(),
        balanceMinor: point.balanceMinor,
      })),
      highestMinor,
      lowestMinor,
    };
  }

  /** The Profit card's parts: credited by staff, realised by trades (decision 103). */
  async function getProfitBreakdown(clientId: string): Promise<ProfitBreakdown> {
    const { profitMinor, profitParts } = await ledger.getClientTotals(db, clientId);
    return { totalMinor: profitMinor, parts: profitParts };
  }

  async function listPendingForStaff() {
    const rows = await findPendingRequests(db, STAFF_QUEUE_LIMIT);
    const timelines = await withTimelines(rows.map((row) => row.transaction));
    return {
      items: rows.map((row, index) => {
        const timeline = timelines[index];
        if (!timeline) throw new Error('timeline lost');
        return {
          ...timeline,
          client: {
            id: row.client.id,
            name: `${row.client.firstName} ${row.client.lastName}`,
            email: row.client.email,
          },
        };
      }),
    };
  }

  return {
    getSummary,
    listRequests,
    getRequest,
    getHistoryPage,
    historyCsv,
    getBalanceHistory,
    getProfitBreakdown,
    listPendingForStaff,
  };
}

function startOfUtcDay(date: Date): Date {
  return new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), date.getUTCDate()));
}

/**
 * How a transfer moved the account's available balance (balance − pending debits): a debit
 * hold lowers it when created and gives it back if voided; a pending credit counts only once
 * posted; a direct posting counts when created.
 */
function addAvailableChanges(
  movement: AccountMovement,
  add: (at: Date, delta: number) => void,
): void {
  const signed = movement.sign * movement.amountMinor;
  const wasTwoPhase = movement.resolvedAt !== null || movement.state === 'pending';
  if (!wasTwoPhase) {
    add(movement.createdAt, signed);
    return;
  }
  if (movement.sign === -1) {
    add(movement.createdAt, signed);
    if (movement.state === 'voided' && movement.resolvedAt) add(movement.resolvedAt, -signed);
  } else if (movement.state === 'posted' && movement.resolvedAt) {
    add(movement.resolvedAt, signed);
  }
}

export type MoneyQueries = ReturnType<typeof makeMoneyQueries>;
