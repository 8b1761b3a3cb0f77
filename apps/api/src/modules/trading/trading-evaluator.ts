// The tick evaluator (§11.9, §11.15), on the leader only. For each logged tick in seq order:
// positions of the symbol in ascending id (SL, then TP, then the trail), then pending orders that
// trigger (margin, then fill or reject; a fill cancels its OCO partner and its new position's
// SL/TP is checked on the same tick), then the risk rules of the accounts the tick's prices bring
// to one (trading-risk.ts; a hundred accounts per transaction, decision 131), each transaction
// with the cursor. Effects are keyed too, so re-processing a tick doubles nothing. On becoming leader it catches up from cursor + 1;
// a clock listener expires GTD/DAY orders.
import {
  closePrice,
  findSpec,
  isOpen,
  marginMinor,
  openPrice,
  pendingTriggers,
  pnlMinor,
  stopLossHit,
  takeProfitHit,
  trailedStopLoss,
} from '@brokerdesk/shared/trading';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.js';
import type { Tick } from './price-hub.js';
import {
  advanceCursor,
  findOrdersInRange,
  findPositionsInRange,
  readCursor,
} from './trading-candidates.repo.js';
import type { SymbolRange } from './trading-candidates.repo.js';
import {
  findDueOrders,
  findOrderForUpdate,
  findPendingPartners,
  lockAccount,
  updatePendingOrder,
} from './trading.repo.js';
import {
  findPositionForUpdate,
  listOpenPositions,
  updateOpenPosition,
} from './trading-positions.repo.js';
import type { AccountRow } from './trading.repo.js';
import type { PositionRow } from './trading-positions.repo.js';
import type { TradingContext } from './trading-context.js';
import type { RiskRules } from './trading-risk.js';
import type { SwapRollover } from './trading-swaps.js';
import { figuresOf, rateOf } from './trading-market.js';
import type { MarketView } from './trading-market.js';
import { makeExposureLimits } from './trading-exposure.js';

/** A row some tick reaches: what its transaction needs to lock it. */
interface Candidate {
  id: number;
  accountId: string;
}

const CATCH_UP_BATCH = 1000;
/**
 * Step 4's accounts per transaction (decision 131): a gap's hundreds of accounts in a few
 * transactions of set-based statements, each short enough that a commit (and the cursor) comes
 * every few tens of milliseconds.
 */
const STEP4_BATCH = 100;
const EXPIRY_BATCH = 500;

export interface EvaluatorDeps {
  context: TradingContext;
  risk: Pick<RiskRules, 'reachedBy' | 'apply' | 'applyMany'>;
  /** Reads logged ticks after a seq (the prices module's readTicksAfter). */
  readTicksAfter: (db: Db, afterSeq: number, limit: number) => Promise<Tick[]>;
  /** Posts the swaps of the rollovers up to a time (trading-swaps.ts). */
  swaps: Pick<SwapRollover, 'begin' | 'postDue'>;
  log: FastifyBaseLogger;
}

export function makeTradingEvaluator({ context, risk, readTicksAfter, swaps, log }: EvaluatorDeps) {
  const { db, hub, effects } = context;
  const exposure = makeExposureLimits(context);
  /** The latest quote per symbol as of the tick being evaluated (§11.6: seq ≤ the event's). */
  const quotes = new Map<string, Tick>();
  let chain: Promise<void> = Promise.resolve();
  let lastSeq = 0;
  /** The engine clock when `start` ran. */
  let startedAtMs = 0;
  /** Set when a tick failed: the next work first catches up from the cursor in the log. */
  let behind = false;

  function marketAt(tick: Tick): MarketView {
    // A symbol not seen since this instance started falls back to the hub's latest tick.
    return { latest: (symbol) => quotes.get(symbol) ?? hub.latest(symbol), nowMs: tick.timeMs };
  }

  /** Trading allowed for triggers: open account, not a live one under LIVE_TRADING=off. */
  function mayTrigger(account: AccountRow): boolean {
    return account.status === 'open' && (account.kind === 'demo' || context.liveTrading);
  }

  /** Step 2 for one position: SL, then TP (close at the tick's price), then the trail. */
  async function evaluatePosition(tx: Db, tick: Tick, candidate: Candidate, touched: Set<string>) {
    const account = await lockAccount(tx, candidate.accountId);
    if (!account) return;
    const position = await findPositionForUpdate(tx, account.id, candidate.id);
    if (!position || position.status !== 'open') return;
    // The client changed its stops at this tick or later since the candidates were read.
    if (position.stopsArmedSeq >= tick.seq) return;
    await stopsOnTick(tx, tick, account, position, touched);
  }

  async function stopsOnTick(
    tx: Db,
    tick: Tick,
    account: AccountRow,
    position: PositionRow,
    touched: Set<string>,
  ): Promise<void> {
    const market = marketAt(tick);
    const spec = findSpec(position.symbol);
    if (!spec) return;
    const hitSl = stopLossHit(position.side, position.sl, tick);
    const hitTp = !hitSl && takeProfitHit(position.side, position.tp, tick);
    if (hitSl || hitTp) {
      const rate = rateOf(spec, market);
      if (!rate) return; // no conversion tick yet: nothing can be priced (§11.6)
      const closed = await effects.closePosition(tx, {
        account,
        position,
        volume: position.volume,
        tick,
        rate,
        reason: hitSl ? 'sl' : 'tp',
        closedBy: 'system',
        trailing: hitSl && position.trailingPoints !== null,
        at: new Date(tick.timeMs),
      });
      if (closed) touched.add(account.id);
      return;
    }
    if (position.trailingPoints === null) return;
    const moved = trailedStopLoss(position.side, position.trailingPoints, position.sl, tick);
    if (moved === null) return;
    await updateOpenPosition(tx, position.id, position.version, { sl: moved });
  }

  /** Step 3 for one triggered order: margin at the fill tick, then fill or reject. */
  async function evaluateOrder(tx: Db, tick: Tick, candidate: Candidate, touched: Set<string>) {
    const account = await lockAccount(tx, candidate.accountId);
    if (!account || !mayTrigger(account)) return;
    const order = await findOrderForUpdate(tx, account.id, candidate.id);
    if (!order || order.status !== 'pending') return; // e.g. its OCO partner filled first
    // Changed since the candidates were read (a modify), or expired at this tick's time.
    if (order.type === 'market' || order.price === null) return;
    if (order.armedSeq >= tick.seq) return;
    if (!pendingTriggers({ side: order.side, type: order.type, price: order.price }, tick)) return;
    if (order.expiresAt !== null && order.expiresAt.getTime() <= tick.timeMs) return;
    if (!context.instruments.tradingEnabled(order.symbol)) return; // switched off meanwhile
    // The desk's controls (decision 133): a pending order waits in close only and halted.
    if (context.controls.modeFor(account.clientId) !== 'normal') return;
    const spec = context.instruments.spec(order.symbol);
    if (!spec) return;
    const market = marketAt(tick);
    const rate = rateOf(spec, market);
    if (!rate) return;
    const at = new Date(tick.timeMs);
    const price = openPrice(order.side, tick);
    const margin = marginMinor({
      spec,
      volume: order.volume,
      openPrice: price,
      rate,
      leverage: effects.leverageFor(spec, account),
    });
    const ownPnl = pnlMinor({
      spec,
      side: order.side,
      volume: order.volume,
      openPrice: price,
      closePrice: closePrice(order.side, tick),
      rate,
    });
    const balance = await effects.balanceOf(tx, account);
    const positions = await listOpenPositions(tx, account.id);
    const figures = figuresOf(balance, positions, market, [
      { marginMinor: margin, floatingPnlMinor: ownPnl },
    ]);
    touched.add(account.id);
    // Decision 135: checked again at the fill, as the book and the account may have moved.
    const beyond =
      figures.freeMarginMinor > 0 &&
      (await exposure.refusalFor(
        tx,
        account,
        [{ spec, side: order.side, volume: order.volume, price, rate }],
        positions,
        market,
      )) !== null;
    if (figures.freeMarginMinor <= 0 || beyond) {
      await updatePendingOrder(tx, order.id, {
        status: 'rejected',
        rejectCode: beyond ? 'EXPOSURE_LIMIT' : 'INSUFFICIENT_MARGIN',
        ocoGroupId: null,
        updatedAt: at,
      });
      if (order.ocoGroupId !== null) {
        for (const partner of await findPendingPartners(tx, order.ocoGroupId, order.id)) {
          await updatePendingOrder(tx, partner.id, { ocoGroupId: null, updatedAt: at });
        }
      }
      return;
    }
    const fill = await effects.fillOrder(tx, { account, order, tick, price, rate, at });
    if (!fill) return;
    if (order.ocoGroupId !== null) {
      for (const partner of await findPendingPartners(tx, order.ocoGroupId, order.id)) {
        await updatePendingOrder(tx, partner.id, { status: 'cancelled', updatedAt: at });
      }
    }
    await stopsOnTick(tx, tick, account, fill.position, touched);
  }

  /**
   * What the batch's ticks reach, by seq: positions (step 2), then triggered orders (step 3),
   * each in ascending id. The queries return the rows the batch's price range on each symbol may
   * reach; the shared rules then give each row the first tick, after the one it was armed at,
   * that does reach it (a later tick's turn comes when the batch is looked up again after it).
   */
  async function reachOf(ticks: readonly Tick[]) {
    const bySymbol = new Map<string, Tick[]>();
    for (const tick of ticks) {
      const spec = findSpec(tick.symbol);
      if (!spec || !isOpen(spec, tick.timeMs)) continue;
      const list = bySymbol.get(tick.symbol);
      if (list) list.push(tick);
      else bySymbol.set(tick.symbol, [tick]);
    }
    const reach = new Map<
      number,
      { positions: Candidate[]; orders: Candidate[]; accounts: Candidate[] }
    >();
    if (bySymbol.size === 0) return reach;
    const ranges: SymbolRange[] = [...bySymbol].map(([symbol, list]) => ({
      symbol,
      minBid: Math.min(...list.map((tick) => tick.bid)),
      maxBid: Math.max(...list.map((tick) => tick.bid)),
      minAsk: Math.min(...list.map((tick) => tick.ask)),
      maxAsk: Math.max(...list.map((tick) => tick.ask)),
      lastSeq: list.at(-1)?.seq ?? 0,
    }));
    const add = (seq: number, kind: 'positions' | 'orders' | 'accounts', candidate: Candidate) => {
      let entry = reach.get(seq);
      if (!entry) reach.set(seq, (entry = { positions: [], orders: [], accounts: [] }));
      entry[kind].push(candidate);
    };
    /** The first tick of `symbol` after `armedSeq` that `reaches` holds for. */
    const firstReaching = (symbol: string, armedSeq: number, reaches: (tick: Tick) => boolean) =>
      bySymbol.get(symbol)?.find((tick) => tick.seq > armedSeq && reaches(tick));
    for (const p of await findPositionsInRange(db, ranges)) {
      const tick = firstReaching(
        p.symbol,
        p.stopsArmedSeq,
        (t) =>
          stopLossHit(p.side, p.sl, t) ||
          takeProfitHit(p.side, p.tp, t) ||
          (p.trailingPoints !== null &&
            trailedStopLoss(p.side, p.trailingPoints, p.sl, t) !== null),
      );
      if (tick) add(tick.seq, 'positions', p);
    }
    // The whole platform in close only or halted: no pending order fills (decision 133).
    const ordersMayFill = context.controls.platformMode() === 'normal';
    for (const o of ordersMayFill ? await findOrdersInRange(db, ranges) : []) {
      // Switched off by the desk: pending orders wait, untouched, until it is on again (§11.8).
      if (!context.instruments.tradingEnabled(o.symbol)) continue;
      const tick = firstReaching(
        o.symbol,
        o.armedSeq,
        (t) => (o.expiresAtMs === null || o.expiresAtMs > t.timeMs) && pendingTriggers(o, t),
      );
      if (tick) add(tick.seq, 'orders', o);
    }
    // Step 4: accounts the prices alone bring to a risk rule (those a fill or close touched
    // get the rules in that effect's transaction).
    const before = (symbol: string) => quotes.get(symbol) ?? hub.latest(symbol);
    const opened = [...bySymbol.values()].flat().sort((x, y) => x.seq - y.seq);
    for (const [seq, accountIds] of await risk.reachedBy(db, opened, before)) {
      for (const accountId of accountIds) add(seq, 'accounts', { id: 0, accountId });
    }
    for (const entry of reach.values()) {
      entry.positions.sort((x, y) => x.id - y.id);
      entry.orders.sort((x, y) => x.id - y.id);
    }
    return reach;
  }

  /**
   * A batch in seq order. One pair of queries finds what the whole batch reaches; each position
   * or order reached gets a transaction of its own (that account's lock, then its rows, then
   * ledger rows: the order client requests use, so the two never deadlock). What such a tick
   * changed (a fill, a close, a trailed stop) can change what the later ticks reach, so they are
   * looked up again. The cursor moves once, at the end of the batch: a commit per tick cost
   * more than everything else a quiet tick does (bench/README.md, section 7).
   *
   * After a crash the ticks after the stored cursor run again. Running a tick again is safe
   * (effects are keyed, updates conditional: the second run completes what was missing and
   * doubles nothing), but running an earlier tick after a later one's effects is not: a stop
   * trailed up at tick 7 could close the position at tick 5's lower price. So every effect's
   * transaction also moves the cursor to the tick before its own.
   */
  async function evaluateBatch(ticks: readonly Tick[]): Promise<void> {
    let reach = await reachOf(ticks.filter((tick) => tick.seq > lastSeq));
    let last: Tick | null = null;
    let savedThrough = 0;
    for (const [index, tick] of ticks.entries()) {
      quotes.set(tick.symbol, tick);
      if (tick.seq <= lastSeq) continue;
      lastSeq = tick.seq;
      last = tick;
      const reached = reach.get(tick.seq);
      if (!reached) continue;
      // Step 4's accounts in id order, a batch per transaction (locks in one order always).
      const accountIds = [...new Set(reached.accounts.map(({ accountId }) => accountId))].sort();
      const work: ((tx: Db, touched: Set<string>) => Promise<unknown>)[] = [
        ...reached.positions.map(
          (candidate) => (tx: Db, touched: Set<string>) =>
            evaluatePosition(tx, tick, candidate, touched),
        ),
        ...reached.orders.map(
          (candidate) => (tx: Db, touched: Set<string>) =>
            evaluateOrder(tx, tick, candidate, touched),
        ),
        ...chunks(accountIds, STEP4_BATCH).map(
          (ids) => (tx: Db) => risk.applyMany(tx, ids, marketAt(tick)),
        ),
      ];
      for (const [n, evaluate] of work.entries()) {
        // The batch's last piece of work completes its last tick: its transaction says so, and
        // the batch needs no cursor write of its own (one commit fewer for a lone fill).
        const final = index === ticks.length - 1 && n === work.length - 1;
        const through = final ? tick.seq : tick.seq - 1;
        await inAccountTransaction(tick, through, evaluate);
        savedThrough = through;
      }
      reach = await reachOf(ticks.slice(index + 1));
    }
    if (last && savedThrough < last.seq) await advanceCursor(db, last.seq, new Date(last.timeMs));
  }

  /**
   * An effect of `tick` and, in its transaction, the cursor moved to `through` (the tick before,
   * or this one when nothing of the batch follows: see evaluateBatch) and the margin-call
   * episode and negative balance protection of the account it touched.
   */
  async function inAccountTransaction(
    tick: Tick,
    through: number,
    work: (tx: Db, touched: Set<string>) => Promise<unknown>,
  ): Promise<void> {
    await db.transaction(async (tx) => {
      const touched = new Set<string>();
      await work(tx, touched);
      await advanceCursor(tx, through, new Date(tick.timeMs));
      // The episode and the protection commit with the fill or close; stop-outs wait for step 4.
      for (const accountId of touched) {
        await risk.apply(tx, accountId, marketAt(tick), { stopOut: false });
      }
    });
  }

  /** Runs work after everything queued before it (ticks, catch-up, expiry never overlap). */
  function serial(work: () => Promise<void>): Promise<void> {
    const next = chain.then(work, work);
    chain = next.catch((error: unknown) => {
      behind = true;
      log.error({ err: error }, 'trading evaluator failed; it resumes from its cursor');
    });
    return next;
  }

  async function catchUp(): Promise<void> {
    lastSeq = await readCursor(db);
    for (;;) {
      const ticks = await readTicksAfter(db, lastSeq, CATCH_UP_BATCH);
      await evaluateBatch(ticks);
      if (ticks.length < CATCH_UP_BATCH) return;
    }
  }

  /**
   * A new leader: the ticks after the cursor, then any rollover missed meanwhile. The swaps'
   * cursor, on its first run, starts from the engine's start, taken before any work could move
   * the clock on (a rollover the clock passed meanwhile is then still posted).
   */
  async function resume(): Promise<void> {
    await catchUp();
    await swaps.begin(startedAtMs);
    await swaps.postDue(hub.now());
  }

  /** GTD and DAY orders whose time has come are marked expired (key expire:<id>: conditional). */
  async function expireDue(nowMs: number): Promise<void> {
    const due = await findDueOrders(db, new Date(nowMs), EXPIRY_BATCH);
    for (const order of due) {
      await db.transaction(async (tx) => {
        const account = await lockAccount(tx, order.accountId);
        if (!account) return;
        const expired = await updatePendingOrder(tx, order.id, {
          status: 'expired',
          ocoGroupId: null,
          updatedAt: new Date(nowMs),
        });
        if (expired && order.ocoGroupId !== null) {
          for (const partner of await findPendingPartners(tx, order.ocoGroupId, order.id)) {
            await updatePendingOrder(tx, partner.id, {
              ocoGroupId: null,
              updatedAt: new Date(nowMs),
            });
          }
        }
      });
    }
  }

  function start(): () => void {
    startedAtMs = hub.now();
    // Seed the conversion map with what this instance holds (refined tick by tick after).
    hub.setPruneFloor(() => readCursor(db));
    const stops = [
      hub.onTicks((ticks) => {
        if (!hub.isLeader()) {
          for (const tick of ticks) quotes.set(tick.symbol, tick);
          return;
        }
        return serial(async () => {
          if (behind) {
            behind = false;
            await catchUp();
            return;
          }
          await evaluateBatch(ticks);
        });
      }),
      hub.onLeadership((leader) => {
        if (leader) void serial(resume);
      }),
      // Expiry, then the swaps of a rollover the clock passed: after every tick queued before.
      hub.onClock((nowMs) => {
        if (!hub.isLeader()) return;
        return serial(async () => {
          await expireDue(nowMs);
          await swaps.postDue(nowMs);
        });
      }),
    ];
    if (hub.isLeader()) void serial(resume);
    return () => {
      for (const stop of stops) stop();
    };
  }

  /** Resolves once everything queued so far is done (tests, shutdown). */
  function idle(): Promise<void> {
    return chain;
  }

  return { start, idle, evaluateBatch, catchUp, expireDue };
}

function chunks<T>(items: readonly T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

export type TradingEvaluator = ReturnType<typeof makeTradingEvaluator>;
