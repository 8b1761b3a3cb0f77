// Reading the client's money: the summary the deposit screen needs, the request lists with
// their timelines, the statement (keyset pages and CSV), the balance chart and the staff queue.
// Balances come from the ledger's maintained totals; nothing here sums the whole history.
import { AppError, BALANCE_HISTORY_DAYS, MONEY_RULES } from '@brokerdesk/shared';
import type {
  BalanceHistory,
  MoneySummary,
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
}: {
  db: Db;
  clock: Clock;
  ledger: LedgerService;
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
   * The available balance at the end of each day with activity in the last 90 days (UTC), and
   * today. Walks back from the maintained balance through the window's movements only.
   */
  async function getBalanceHistory(clientId: string): Promise<BalanceHistory> {
    const now = clock.now();
    const account = await findClientCashAccount(db, clientId);
    if (!account) return { points: [] };
    const since = new Date(startOfUtcDay(now).getTime() - (BALANCE_HISTORY_DAYS - 1) * DAY_MS);
    const movements = await findAccountMovementsSince(db, account.id, since);

    const deltaByDay = new Map<string, number>();
    const add = (at: Date, delta: number) => {
      if (at < since || delta === 0) return;
      const day = at.toISOString().slice(0, 10);
      deltaByDay.set(day, (deltaByDay.get(day) ?? 0) + delta);
    };
    for (const movement of movements) addAvailableChanges(movement, add);

    const available = account.creditsPosted - account.debitsPosted - account.debitsPending;
    const today = now.toISOString().slice(0, 10);
    const days = [...new Set([...deltaByDay.keys(), today])].sort().reverse();
    const points: { date: string; balanceMinor: number }[] = [];
    let endOfDay = available;
    for (const day of days) {
      points.push({ date: day, balanceMinor: endOfDay });
      endOfDay -= deltaByDay.get(day) ?? 0;
    }
    // The opening balance the day before the first activity, so the chart starts from it
    // (e.g. $0 before the first deposit) rather than from a single point.
    const firstDay = days.at(-1);
    if (firstDay && deltaByDay.has(firstDay)) {
      const dayBefore = new Date(Date.parse(`${firstDay}T00:00:00Z`) - DAY_MS);
      if (dayBefore >= since) {
        points.push({ date: dayBefore.toISOString().slice(0, 10), balanceMinor: endOfDay });
      }
    }
    return { points: points.reverse() };
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
