// Daily swaps (§11.13, decision 127). At each Monday–Friday rollover T (21:00 UTC) every position
// open at T is charged or credited its swap: R½(n × C × rate × k × R_T / (100 × 10^digits)) cents,
// k = 3 on Wednesdays, R_T converted at the last ticks ≤ T. Each posts at once to the balance
// (live: a `swap` transfer with platform:swaps; demo: the stored balance), adds to the position's
// swap, and the risk rules run. The leader posts each rollover once, after every tick before it,
// and catches up on rollovers it missed (a restart); keys make a repeat post nothing.
import {
  TRADING_SPECS,
  findSpec,
  rolloversBetween,
  swapMinor,
  swapMultiplier,
} from '@brokerdesk/shared/trading';
import type { TradingSpec } from '@brokerdesk/shared/trading';
import type { Db } from '../../db/client.js';
import type { Tick } from './price-hub.js';
import { lockAccount } from './trading.repo.js';
import type { TradingEffects } from './trading-effects.js';
import { rateOf } from './trading-market.js';
import type { MarketView } from './trading-market.js';
import type { RiskRules } from './trading-risk.js';
import {
  addPositionSwap,
  insertSwap,
  positionsOpenAt,
  readSwapsThrough,
  setSwapTransfer,
  setSwapsThrough,
} from './trading-swaps.repo.js';
import type { PositionAtRollover } from './trading-swaps.repo.js';

const DAY_MS = 86_400_000;

export interface SwapDeps {
  db: Db;
  effects: Pick<TradingEffects, 'postToBalance'>;
  risk: Pick<RiskRules, 'apply'>;
  /** Each symbol's last logged tick at or before a time (the prices module's reader). */
  readLatestTicksAt: (db: Db, symbols: readonly string[], timeMs: number) => Promise<Tick[]>;
  /** The market now, for the risk rules that follow each posting. */
  marketNow: () => MarketView;
  /** The swap rates in force at a rollover (the desk's changes apply from the next one). */
  swapRatesAt: (
    db: Db,
    rolloverMs: number,
  ) => Promise<(spec: TradingSpec) => { long: number; short: number }>;
}

/** The calendar day of a rollover in its key: 2026-03-04 for Wednesday 21:00 UTC. */
const dayOf = (rolloverMs: number) => new Date(rolloverMs).toISOString().slice(0, 10);

export function makeSwapRollover({
  db,
  effects,
  risk,
  readLatestTicksAt,
  marketNow,
  swapRatesAt,
}: SwapDeps) {
  const symbols = TRADING_SPECS.map((spec) => spec.symbol);

  /** One position's swap at one rollover, in its account's transaction; repeats post nothing. */
  async function post(
    position: PositionAtRollover,
    rolloverMs: number,
    atRollover: MarketView,
    ratesOf: (spec: TradingSpec) => { long: number; short: number },
  ) {
    const spec = findSpec(position.symbol);
    const rate = spec ? rateOf(spec, atRollover) : undefined;
    // No price for the instrument or its conversion pair by T (never traded here, or pruned):
    // nothing can be computed honestly, so nothing is charged.
    if (!spec || !rate) return;
    const multiplier = swapMultiplier(rolloverMs);
    const amountMinor = swapMinor({
      spec,
      volume: position.volume,
      rateHundredths: position.side === 'buy' ? ratesOf(spec).long : ratesOf(spec).short,
      multiplier,
      rate,
    });
    if (amountMinor === 0) return;
    await db.transaction(async (tx) => {
      const account = await lockAccount(tx, position.accountId);
      if (!account) return;
      const swap = await insertSwap(tx, {
        key: `swap:${position.id}:${dayOf(rolloverMs)}`,
        accountId: account.id,
        positionId: position.id,
        rolloverAt: new Date(rolloverMs),
        volume: position.volume,
        multiplier,
        amountMinor,
      });
      if (!swap) return;
      await addPositionSwap(tx, position.id, amountMinor);
      const transferId = await effects.postToBalance(tx, account, {
        amountMinor,
        platform: 'platform:swaps',
        kind: 'swap',
        key: swap.key,
      });
      if (transferId !== null) await setSwapTransfer(tx, swap.id, transferId);
      await risk.apply(tx, account.id, marketNow(), { swapKey: swap.key });
    });
  }

  async function postRollover(rolloverMs: number): Promise<void> {
    const latest = new Map(
      (await readLatestTicksAt(db, symbols, rolloverMs)).map((tick) => [tick.symbol, tick]),
    );
    const atRollover: MarketView = { latest: (symbol) => latest.get(symbol), nowMs: rolloverMs };
    const ratesOf = await swapRatesAt(db, rolloverMs);
    for (const position of await positionsOpenAt(db, rolloverMs)) {
      await post(position, rolloverMs, atRollover, ratesOf);
    }
    await setSwapsThrough(db, rolloverMs);
  }

  /** The cursor at the latest rollover at or before `ms`, posting nothing. */
  async function anchor(ms: number): Promise<void> {
    await setSwapsThrough(db, rolloversBetween(ms - 7 * DAY_MS, ms).at(-1) ?? ms);
  }

  /**
   * The first time the engine runs on a database, the cursor starts at the latest rollover
   * before `startMs`: an install charges no swaps for nights before its engine ran.
   */
  async function begin(startMs: number): Promise<void> {
    if ((await readSwapsThrough(db)) === null) await anchor(startMs);
  }

  /**
   * Posts every rollover up to `nowMs` not yet posted, oldest first. A clock behind the cursor
   * (a replay of an earlier day on the same database, or a cursor set from the wall clock before
   * the replay's first tick) anchors it again instead: the keys keep any night from being
   * charged twice.
   */
  async function postDue(nowMs: number): Promise<void> {
    const through = await readSwapsThrough(db);
    if (through === null || through > nowMs) return anchor(nowMs);
    for (const rolloverMs of rolloversBetween(through, nowMs)) await postRollover(rolloverMs);
  }

  return { begin, postDue, postRollover };
}

export type SwapRollover = ReturnType<typeof makeSwapRollover>;
