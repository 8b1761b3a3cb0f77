// The trading statement (issue 19, docs/trading.md "Statements"): every balance movement of one
// account in a period [from, to), oldest first, between its opening and closing balance, so that
// opening + Σ amountMinor = closing to the cent; and the nightly swaps list of the history.
//
// The balance is anchored where the account keeps it (§11.5): the ledger's posted balance of a
// live account, the stored balance of a demo one. Closing = that balance − what moved at or after
// `to`; opening = closing − what moved in the period. A demo account also has the money it was
// opened with (DEMO_BALANCE_USD at the time), which no row records: it is the stored balance less
// every movement since, dated when the account opened. All reads share one snapshot.
import { AppError, formatCents } from '@brokerdesk/shared';
import { TRADING_MESSAGES, findSpec, formatLots, formatPoints } from '@brokerdesk/shared/trading';
import type { StatementLineKind } from '@brokerdesk/shared/trading';
import { clientTradingCode } from '../ledger/index.js';
import { findAccountOfClient } from './trading.repo.js';
import type { AccountRow } from './trading.repo.js';
import type { TradingContext } from './trading-context.js';
import { invalid, parseId } from './trading-requests.js';
import { listStatementLines, listSwaps, sumMovements } from './trading-statement.repo.js';
import type { StatementLineRow, SwapListRow } from './trading-statement.repo.js';

/**
 * More lines than this in one period is refused with a message (400) rather than cut short: a
 * statement that silently stopped would not add up. A year of a busy account fits.
 */
export const STATEMENT_MAX_LINES = 20_000;
const SWAPS_PAGE_MAX = 200;

export interface StatementLine {
  time: string;
  kind: StatementLineKind;
  description: string;
  /** The instrument (EURUSD), side, lots and price as the deal had them; null where none. */
  symbol: string | null;
  side: 'buy' | 'sell' | null;
  volume: string | null;
  price: string | null;
  amountMinor: number;
  balanceAfterMinor: number;
}

export interface Statement {
  account: { id: string; kind: 'demo' | 'live' };
  from: string;
  to: string;
  openingBalanceMinor: number;
  closingBalanceMinor: number;
  lines: StatementLine[];
  priceSource: string;
}

const SIDE_WORDS = { buy: 'Buy', sell: 'Sell' } as const;

/** The words the terminal's history uses for why a deal happened (apps/web lib/deal-text.ts). */
const REASON_WORDS: Record<string, string> = {
  client: 'Closed by you',
  sl: 'Stop loss',
  tp: 'Take profit',
  stop_out: 'Stop out',
  staff: 'Closed by the dealing desk',
  reset: 'Demo account reset',
};

const TRANSFER_WORDS: Record<string, string> = {
  trading_in: 'Transfer from your wallet',
  trading_out: 'Transfer to your wallet',
  reversal: 'Transfer reversed by staff',
};

/** A movement of the period: a row, or the demo account's opening money (no row records it). */
interface Movement {
  row: StatementLineRow;
  amount: bigint;
  description?: string;
}

function demoOpened(timeMs: number, amount: bigint): Movement {
  return {
    row: {
      kind: 'transfer',
      timeMs,
      amountMinor: 0,
      symbol: null,
      side: null,
      entry: null,
      volume: null,
      price: null,
      reason: null,
      note: null,
      trailing: null,
      multiplier: null,
      transferKind: null,
      dealId: null,
      oldPnlMinor: null,
      newPnlMinor: null,
    },
    amount,
    description: 'Demo account opened with virtual money',
  };
}

const nameOf = (symbol: string) => findSpec(symbol)?.displayName ?? symbol;

function dealReason(row: StatementLineRow): string {
  if (row.entry === 'in') return 'Opened';
  if (row.reason === 'sl' && row.trailing) return 'Trailing stop';
  const words = REASON_WORDS[row.reason ?? ''] ?? row.reason ?? '';
  return row.reason === 'staff' && row.note ? `${words} (“${row.note}”)` : words;
}

/** "Buy 0.10 EUR/USD at 1.10165 · Take profit", "Swap · EUR/USD · buy 1.00 · ×3 (Wednesday)". */
function describe(row: StatementLineRow, price: string | null, volume: string | null): string {
  switch (row.kind) {
    case 'deal':
      return `${SIDE_WORDS[row.side ?? 'buy']} ${volume} ${nameOf(row.symbol ?? '')} at ${price} · ${dealReason(row)}`;
    case 'swap': {
      const triple = row.multiplier === 3 ? ' · ×3 (Wednesday)' : '';
      return `Swap · ${nameOf(row.symbol ?? '')} · ${row.side} ${volume}${triple}`;
    }
    case 'protection':
      return TRADING_MESSAGES.negativeBalanceProtection;
    case 'transfer':
      return TRANSFER_WORDS[row.transferKind ?? ''] ?? `Ledger posting (${row.transferKind})`;
    case 'correction':
      return `Correction by the dealing desk of deal #${row.dealId} (${SIDE_WORDS[row.side ?? 'buy']} ${volume} ${nameOf(row.symbol ?? '')}): profit/loss ${formatCents(row.oldPnlMinor ?? 0)} reversed, ${formatCents(row.newPnlMinor ?? 0)} posted (“${row.reason}”)`;
  }
}

/** A BigInt sum back to cents for the answer; past 2^53 it would not be exact, so never silently. */
function cents(value: bigint): number {
  const number = Number(value);
  if (!Number.isSafeInteger(number)) throw new Error(`statement amount out of range: ${value}`);
  return number;
}

export function toSwapView(row: SwapListRow) {
  return {
    id: String(row.id),
    positionId: String(row.positionId),
    symbol: row.symbol,
    side: row.side,
    volume: formatLots(row.volume),
    /** 3 on a Wednesday (§11.13). */
    multiplier: row.multiplier,
    amountMinor: row.amountMinor,
    rolloverAt: row.rolloverAt.toISOString(),
  };
}
export type SwapView = ReturnType<typeof toSwapView>;

export function makeTradingStatement(context: TradingContext) {
  const { db, effects, hub } = context;

  async function getStatement({
    account,
    from,
    to,
  }: {
    account: AccountRow;
    from: string;
    to: string;
  }): Promise<Statement> {
    const fromDate = new Date(from);
    const toDate = new Date(to);
    const scope = {
      accountId: account.id,
      ledgerCode: account.kind === 'live' ? clientTradingCode(account.clientId) : null,
    };
    // One snapshot: a swap or close committing between the reads cannot make the balance, the
    // sums and the lines disagree (PostgreSQL; PGlite runs one transaction at a time anyway).
    const read = await db.transaction(
      async (tx) => {
        const current = (await findAccountOfClient(tx, account.clientId, account.id)) ?? account;
        return {
          balance: await effects.balanceOf(tx, current),
          sums: await sumMovements(tx, scope, { from: fromDate, to: toDate }),
          rows: await listStatementLines(tx, scope, {
            from: fromDate,
            to: toDate,
            limit: STATEMENT_MAX_LINES + 1,
          }),
        };
      },
      { isolationLevel: 'repeatable read', accessMode: 'read only' },
    );
    if (read.rows.length > STATEMENT_MAX_LINES) {
      throw new AppError(
        'BAD_REQUEST',
        `This period has more than ${STATEMENT_MAX_LINES.toLocaleString('en-US')} lines; choose a shorter one`,
      );
    }
    const { before, during, after } = read.sums;
    const movements: Movement[] = read.rows.map((row) => ({
      row,
      amount: BigInt(row.amountMinor),
    }));
    let opening: bigint;
    if (account.kind === 'live') {
      opening = BigInt(read.balance) - during - after;
    } else {
      // What the demo account was opened with: its balance less every movement since.
      const initial = BigInt(read.balance) - before - during - after;
      const openedMs = account.createdAt.getTime();
      opening = openedMs < fromDate.getTime() ? before + initial : before;
      if (openedMs >= fromDate.getTime() && openedMs < toDate.getTime()) {
        // First at its instant: the account existed before anything happened in it.
        const at = movements.findIndex(({ row }) => row.timeMs >= openedMs);
        movements.splice(at === -1 ? movements.length : at, 0, demoOpened(openedMs, initial));
      }
    }
    let balance = opening;
    const lines = movements.map(({ row, amount, description }): StatementLine => {
      balance += amount;
      const digits = row.symbol ? findSpec(row.symbol)?.digits : undefined;
      const price =
        row.price !== null && digits !== undefined ? formatPoints(row.price, digits) : null;
      const volume = row.volume === null ? null : formatLots(row.volume);
      return {
        time: new Date(row.timeMs).toISOString(),
        kind: row.kind,
        description: description ?? describe(row, price, volume),
        symbol: row.symbol,
        side: row.side,
        volume,
        price,
        amountMinor: cents(amount),
        balanceAfterMinor: cents(balance),
      };
    });
    return {
      account: { id: account.id, kind: account.kind },
      from: fromDate.toISOString(),
      to: toDate.toISOString(),
      openingBalanceMinor: cents(opening),
      closingBalanceMinor: cents(balance),
      lines,
      priceSource: hub.source,
    };
  }

  /** The account's nightly swaps, newest first, a page at a time (the history's swap lines). */
  async function listAccountSwaps({
    account,
    cursor,
    limit,
  }: {
    account: AccountRow;
    cursor?: string;
    limit?: number;
  }) {
    const before = cursor === undefined ? null : parseId(cursor);
    if (cursor !== undefined && before === null) throw invalid('cursor', 'Invalid cursor');
    const size = Math.min(Math.max(limit ?? 50, 1), SWAPS_PAGE_MAX);
    const rows = await listSwaps(db, account.id, { before, limit: size + 1 });
    const page = rows.slice(0, size);
    const last = page.at(-1);
    return {
      swaps: page.map(toSwapView),
      nextCursor: rows.length > size && last ? String(last.id) : null,
    };
  }

  return { getStatement, listAccountSwaps };
}

export type TradingStatement = ReturnType<typeof makeTradingStatement>;
