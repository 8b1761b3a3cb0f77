// The risk rules (§11.12, decision 126), in integers: margin call at equity ≤ used margin,
// stop-out at 5 × equity ≤ used margin, negative balance protection once an account is flat.
// `apply` runs in the transaction of every change to an account (fill, close, transfer) and
// for every account a tick brings to a rule; `reachedBy` finds, for a batch of ticks, which
// accounts those are and at which tick, without reading every account that holds a position.
import { TRADING_SPECS, formatLots, negativeBalanceCreditMinor } from '@brokerdesk/shared/trading';
import type { Rational, TradingSpec } from '@brokerdesk/shared/trading';
import type { Db } from '../../db/client.js';
import type { MailService } from '../mail/index.js';
import type { Tick } from './price-hub.js';
import { lockAccount } from './trading.repo.js';
import { lockOpenPositions } from './trading-positions.repo.js';
import type { AccountRow } from './trading.repo.js';
import type { DealRow, PositionRow } from './trading-positions.repo.js';
import type { TradingEffects } from './trading-effects.js';
import { figuresOf, rateOf } from './trading-market.js';
import { accountLabel, makeRiskBatch, nextToStopOut } from './trading-risk-batch.js';
import type { MarketView } from './trading-market.js';
import {
  countStopOut,
  endMarginCall,
  insertProtection,
  latestDealKey,
  loadRiskBooks,
  screenAccounts,
  setProtectionTransfer,
  startMarginCall,
} from './trading-risk.repo.js';
import type { AdverseQuote } from './trading-risk.repo.js';

type RiskBook = Awaited<ReturnType<typeof loadRiskBooks>>[number];

export interface RiskDeps {
  effects: TradingEffects;
  mail: Pick<MailService, 'queueForClient' | 'queueForClients'>;
  /** QUOTE_STALE_SECONDS in ms: a stop-out closes only positions it may trade. */
  staleMs: number;
}

/** The symbols whose ticks move an instrument's P/L: its own, and its quote currency's pair. */
function symbolsMoving(spec: TradingSpec): string[] {
  const consulted = new Set([spec.symbol]);
  rateOf(spec, {
    nowMs: 0,
    latest: (symbol) => {
      consulted.add(symbol);
      return { seq: 0, symbol, bid: 1, ask: 1, timeMs: 0 };
    },
  });
  return [...consulted];
}

/** instrument → the symbols whose ticks move its P/L (worked out once, not per batch). */
const MOVING: ReadonlyMap<string, readonly string[]> = new Map(
  TRADING_SPECS.map((spec) => [spec.symbol, symbolsMoving(spec)]),
);

/** symbol → the instruments whose P/L its ticks move. */
const MOVED_BY: ReadonlyMap<string, readonly TradingSpec[]> = (() => {
  const map = new Map<string, TradingSpec[]>();
  for (const spec of TRADING_SPECS) {
    for (const symbol of MOVING.get(spec.symbol) ?? []) {
      map.set(symbol, [...(map.get(symbol) ?? []), spec]);
    }
  }
  return map;
})();

function decimal(rate: Rational): number {
  return Number(rate.num) / Number(rate.den);
}

export function makeRiskRules({ effects, mail, staleMs }: RiskDeps) {
  /** §11.12 step by step; returns the balance left (before any protection). */
  async function stopOut(
    tx: Db,
    account: AccountRow,
    positions: PositionRow[],
    balanceMinor: number,
    market: MarketView,
  ): Promise<{ balanceMinor: number; positions: PositionRow[]; closed: DealRow[] }> {
    const closed: DealRow[] = [];
    let balance = balanceMinor;
    let open = positions;
    for (;;) {
      if (!figuresOf(balance, open, market).stopOut) break;
      const next = nextToStopOut(open, market, staleMs);
      if (!next) break; // nothing open may be traded now: the next tick tries again
      open = open.filter((position) => position.id !== next.position.id);
      const result = await effects.closePosition(tx, {
        account,
        position: next.position,
        volume: next.position.volume,
        tick: next.tick,
        rate: next.rate,
        reason: 'stop_out',
        closedBy: 'system',
        at: new Date(market.nowMs),
      });
      if (!result) continue; // closed already (a re-run): its P/L is in the balance read
      balance += result.deal.pnlMinor;
      closed.push(result.deal);
    }
    return { balanceMinor: balance, positions: open, closed };
  }

  /**
   * Credits exactly what a flat account lacks, once per event (key nbp:<event>): the swap that
   * left it negative when a swap did, else its latest deal.
   */
  async function protect(
    tx: Db,
    account: AccountRow,
    creditMinor: number,
    at: Date,
    swapKey: string | undefined,
  ) {
    const event = swapKey ?? (await latestDealKey(tx, account.id)) ?? `account:${account.id}`;
    const protection = await insertProtection(tx, {
      key: `nbp:${event}`,
      accountId: account.id,
      amountMinor: creditMinor,
      time: at,
    });
    if (!protection) return;
    const transferId = await effects.postToBalance(tx, account, {
      amountMinor: creditMinor,
      platform: 'platform:nbp',
      kind: 'nbp',
      key: protection.key,
    });
    if (transferId !== null) await setProtectionTransfer(tx, protection.id, transferId);
  }

  /**
   * The rules for one account at `market`, in the caller's transaction: stop-out first, then
   * the margin-call episode on what is left, then negative balance protection. Locks the
   * account (callers already hold it) and its open positions.
   *
   * The evaluator passes `stopOut: false` in the transaction of each fill or close: a tick's
   * stop-outs come after all of its SL, TP and order work (§11.9 step 4), while the episode
   * and the protection must commit with the change (no flat account is ever negative at a
   * commit, §11.14). A fill or close cannot itself make a stop-out due: a fill keeps free
   * margin positive, and a close realises exactly its floating P/L while freeing its margin.
   */
  async function apply(
    tx: Db,
    accountId: string,
    market: MarketView,
    {
      stopOut: stopOutNow = true,
      swapKey,
      held,
    }: {
      stopOut?: boolean;
      /** The swap posted just before, when that is the change (the protection's event). */
      swapKey?: string;
      /**
       * The account row and its open positions (by id) as this transaction already holds them
       * under the account's lock, so they need not be read again (a market order's fill).
       */
      held?: { account: AccountRow; positions: PositionRow[] };
    } = {},
  ): Promise<void> {
    const account = held?.account ?? (await lockAccount(tx, accountId));
    if (!account) return;
    const at = new Date(market.nowMs);
    const before = held?.positions ?? (await lockOpenPositions(tx, accountId));
    const balance = await effects.balanceOf(tx, account);
    const after = stopOutNow
      ? await stopOut(tx, account, before, balance, market)
      : { balanceMinor: balance, positions: before, closed: [] };
    const figures = figuresOf(after.balanceMinor, after.positions, market);
    const creditMinor = negativeBalanceCreditMinor(after.balanceMinor, after.positions.length);
    if (after.closed.length > 0) {
      await countStopOut(tx, account.id);
      await mail.queueForClient(tx, account.clientId, ({ firstName }, templates) =>
        templates.stopOut({
          firstName,
          accountLabel: accountLabel(account),
          closed: after.closed.map((deal) => ({
            symbol: deal.symbol,
            side: deal.side,
            lots: formatLots(deal.volume),
            pnlMinor: deal.pnlMinor,
          })),
          balanceMinor: after.balanceMinor,
          protectedMinor: creditMinor,
        }),
      );
    }
    if (figures.marginCall && account.marginCallSince === null) {
      if ((await startMarginCall(tx, account.id, at)) !== null) {
        await mail.queueForClient(tx, account.clientId, ({ firstName }, templates) =>
          templates.marginCall({
            firstName,
            accountLabel: accountLabel(account),
            equityMinor: figures.equityMinor,
            usedMarginMinor: figures.usedMarginMinor,
            marginLevel: figures.marginLevel ?? '0.00',
          }),
        );
      }
    } else if (!figures.marginCall && account.marginCallSince !== null) {
      await endMarginCall(tx, account.id);
    }
    if (creditMinor > 0) await protect(tx, account, creditMinor, at, swapKey);
  }

  /**
   * Which accounts the batch's ticks bring to a rule, by the seq of the first tick that does
   * (after the positions and orders of that tick, §11.9 step 4). One screening query finds the
   * few accounts whose equity at the batch's most adverse prices reaches their used margin (or
   * that are in an episode the batch may end); each of those is then walked tick by tick with
   * the exact figures. `before` gives the quotes as of the tick before the batch.
   */
  async function reachedBy(
    db: Db,
    ticks: readonly Tick[],
    before: (symbol: string) => Tick | undefined,
  ): Promise<Map<number, string[]>> {
    const reached = new Map<number, string[]>();
    const moved = new Set<string>();
    for (const tick of ticks)
      for (const spec of MOVED_BY.get(tick.symbol) ?? []) moved.add(spec.symbol);
    if (moved.size === 0) return reached;
    const screened = await screenAccounts(db, [...moved], adverseQuotes(ticks, before));
    for (const book of await loadRiskBooks(db, screened)) {
      const seq = firstTickReaching(book, ticks, before);
      if (seq === null) continue;
      const list = reached.get(seq);
      if (list) list.push(book.account.id);
      else reached.set(seq, [book.account.id]);
    }
    return reached;
  }

  /** The seq of the first tick at which a rule would act on the account, if any. */
  function firstTickReaching(
    { account, balanceMinor, positions }: RiskBook,
    ticks: readonly Tick[],
    before: (symbol: string) => Tick | undefined,
  ): number | null {
    const watched = new Set(positions.flatMap((p) => MOVING.get(p.symbol) ?? [p.symbol]));
    const local = new Map<string, Tick>();
    for (const tick of ticks) {
      local.set(tick.symbol, tick);
      if (!watched.has(tick.symbol)) continue;
      const market: MarketView = {
        latest: (symbol) => local.get(symbol) ?? before(symbol),
        nowMs: tick.timeMs,
      };
      const figures = figuresOf(balanceMinor, positions, market);
      const stopOutDue = figures.stopOut && nextToStopOut(positions, market, staleMs) !== null;
      if (stopOutDue || figures.marginCall !== (account.marginCallSince !== null)) return tick.seq;
    }
    return null;
  }

  // The evaluator's step 4 for many accounts at once (decision 131).
  const { applyMany } = makeRiskBatch({ effects, mail, staleMs });

  return { apply, applyMany, reachedBy };
}

/**
 * For every instrument with a price and a rate, the most adverse close-side prices and rates
 * over the states the batch passes through (its own ticks, and its conversion pair's).
 */
function adverseQuotes(
  ticks: readonly Tick[],
  before: (symbol: string) => Tick | undefined,
): AdverseQuote[] {
  const local = new Map<string, Tick>();
  const market: MarketView = { latest: (symbol) => local.get(symbol) ?? before(symbol), nowMs: 0 };
  const bounds = new Map<
    string,
    { spec: TradingSpec; lowestBid: number; highestAsk: number; rateLow: number; rateHigh: number }
  >();
  const observe = (spec: TradingSpec) => {
    const tick = market.latest(spec.symbol);
    const rate = rateOf(spec, market);
    if (!tick || !rate) return;
    const value = decimal(rate);
    const seen = bounds.get(spec.symbol);
    if (!seen) {
      bounds.set(spec.symbol, {
        spec,
        lowestBid: tick.bid,
        highestAsk: tick.ask,
        rateLow: value,
        rateHigh: value,
      });
      return;
    }
    seen.lowestBid = Math.min(seen.lowestBid, tick.bid);
    seen.highestAsk = Math.max(seen.highestAsk, tick.ask);
    seen.rateLow = Math.min(seen.rateLow, value);
    seen.rateHigh = Math.max(seen.rateHigh, value);
  };
  for (const spec of TRADING_SPECS) observe(spec);
  for (const tick of ticks) {
    local.set(tick.symbol, tick);
    for (const spec of MOVED_BY.get(tick.symbol) ?? []) observe(spec);
  }
  // A float rate is within a few parts in 10^16 of the exact one: widened by far more.
  return [...bounds.values()].map((b) => ({
    symbol: b.spec.symbol,
    lowestBid: b.lowestBid,
    highestAsk: b.highestAsk,
    rateLow: (b.rateLow * (1 - 1e-9)).toPrecision(17),
    rateHigh: (b.rateHigh * (1 + 1e-9)).toPrecision(17),
    contractSize: b.spec.contractSize,
    digits: b.spec.digits,
  }));
}

export type RiskRules = ReturnType<typeof makeRiskRules>;
