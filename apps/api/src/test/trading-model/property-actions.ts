// What the property test does at random: the actions, their fast-check arbitraries, and the
// price walk. Prices and stops are offsets from the quote at the moment the action runs, so a
// shrunk action list still means something.
import fc from 'fast-check';
import { MODEL_SPECS, MODEL_SYMBOLS } from './model-specs.js';

export const ACCOUNTS = ['demo A', 'demo B', 'live C'] as const;
export type AccountIndex = 0 | 1 | 2;

/** A distance from a reference in tenths of the stops level (0 → exactly Lv), ± a point. */
export interface Distance {
  tenths: number;
  nudge: -1 | 0 | 1;
}

export interface Stops {
  sl: Distance | null;
  tp: Distance | null;
  /** Trailing distance; `null` none. */
  trailing: Distance | null;
}

export interface PendingLeg {
  type: 'limit' | 'stop';
  side: 'buy' | 'sell';
  /** Where the order price sits from the quote: positive = the valid side. */
  price: Distance & { wrongSide: boolean };
  stops: Stops;
  timeInForce: 'GTC' | 'DAY' | 'GTD';
  /** GTD: how long from now. */
  lifetimeMs: number;
}

export type Action =
  /** `gap` multiplies the move: 1 for a tick, 25 for a gap, 250 for a crash (risk rules). */
  | { kind: 'tick'; symbol: string; pips: number; gap: 1 | 25 | 250; dtMs: number }
  | { kind: 'advance'; dtMs: number }
  /** The clock to the next rollover (§11.13), unless the weekend follows it. */
  | { kind: 'rollover' }
  /** A move of `percent` against an open position (the risk rules: margin call, stop-out). */
  | { kind: 'crash'; account: AccountIndex; pick: number; percent: number; dtMs: number }
  | {
      kind: 'market';
      account: AccountIndex;
      symbol: string;
      side: 'buy' | 'sell';
      volume: string;
      stops: Stops;
    }
  | { kind: 'pending'; account: AccountIndex; symbol: string; volume: string; leg: PendingLeg }
  | {
      kind: 'oco';
      account: AccountIndex;
      symbol: string;
      volumes: [string, string];
      legs: [PendingLeg, PendingLeg];
    }
  | {
      kind: 'modifyOrder';
      account: AccountIndex;
      pick: number;
      price: (Distance & { wrongSide: boolean }) | null;
      stops: Partial<Record<keyof Stops, Distance | 'remove'>>;
    }
  | { kind: 'cancel'; account: AccountIndex; pick: number }
  | {
      kind: 'modifyPosition';
      account: AccountIndex;
      pick: number;
      stops: Partial<Record<keyof Stops, Distance | 'remove'>>;
    }
  | { kind: 'close'; account: AccountIndex; pick: number; volume: string | null }
  | { kind: 'transfer'; direction: 'in' | 'out'; amountMinor: number }
  /** The last POST again, with the same Idempotency-Key. */
  | { kind: 'repeat' };

const account = fc.constantFrom<AccountIndex>(0, 1, 2);
const symbol = fc.constantFrom(...MODEL_SYMBOLS);
const side = fc.constantFrom<'buy' | 'sell'>('buy', 'sell');
const distance: fc.Arbitrary<Distance> = fc.record({
  tenths: fc.oneof(
    { weight: 1, arbitrary: fc.integer({ min: -3, max: 3 }) },
    { weight: 5, arbitrary: fc.integer({ min: 0, max: 80 }) },
  ),
  nudge: fc.constantFrom<-1 | 0 | 1>(-1, 0, 0, 1),
});
/** true about one time in eight. */
const rarely = fc.oneof(
  { weight: 7, arbitrary: fc.constant(false) },
  { weight: 1, arbitrary: fc.constant(true) },
);
const maybe = <T>(arb: fc.Arbitrary<T>) => fc.option(arb, { freq: 2 });
const stops: fc.Arbitrary<Stops> = fc.record({
  sl: maybe(distance),
  tp: maybe(distance),
  trailing: fc.option(distance, { freq: 4 }),
});
const stopsPatch = fc.record(
  {
    sl: fc.oneof(distance, fc.constant<'remove'>('remove')),
    tp: fc.oneof(distance, fc.constant<'remove'>('remove')),
    trailing: fc.oneof(distance, fc.constant<'remove'>('remove')),
  },
  { requiredKeys: [] },
);

/** Lots as a client types them: mostly small, sometimes large, rarely malformed. */
const volume: fc.Arbitrary<string> = fc.oneof(
  { weight: 12, arbitrary: fc.integer({ min: 1, max: 60 }).map(lots) },
  { weight: 4, arbitrary: fc.integer({ min: 60, max: 600 }).map(lots) },
  { weight: 2, arbitrary: fc.integer({ min: 600, max: 6_000 }).map(lots) },
  { weight: 1, arbitrary: fc.constantFrom('0.00', '0.001', '100.01', '1e2') },
);

function lots(centilots: number): string {
  return `${Math.floor(centilots / 100)}.${String(centilots % 100).padStart(2, '0')}`;
}

const pendingLeg: fc.Arbitrary<PendingLeg> = fc.record({
  type: fc.constantFrom<'limit' | 'stop'>('limit', 'stop'),
  side,
  price: fc.record({
    tenths: fc.oneof(fc.integer({ min: -2, max: 2 }), fc.integer({ min: 0, max: 60 })),
    nudge: fc.constantFrom<-1 | 0 | 1>(-1, 0, 0, 1),
    wrongSide: rarely,
  }),
  stops,
  timeInForce: fc.constantFrom<'GTC' | 'DAY' | 'GTD'>('GTC', 'GTC', 'DAY', 'GTD'),
  lifetimeMs: fc.integer({ min: 1_000, max: 120_000 }),
});

export const actionArbitrary: fc.Arbitrary<Action> = fc.oneof(
  { weight: 1, arbitrary: fc.constant<Action>({ kind: 'repeat' }) },
  { weight: 1, arbitrary: fc.constant<Action>({ kind: 'rollover' }) },
  {
    weight: 10,
    arbitrary: fc.record({
      kind: fc.constant<'tick'>('tick'),
      symbol,
      pips: fc.integer({ min: -12, max: 12 }),
      gap: fc.oneof(
        { weight: 30, arbitrary: fc.constant<1>(1) },
        { weight: 3, arbitrary: fc.constant<25>(25) },
        { weight: 1, arbitrary: fc.constant<250>(250) },
      ),
      dtMs: fc.oneof(
        { weight: 10, arbitrary: fc.integer({ min: 1, max: 4_000 }) },
        { weight: 1, arbitrary: fc.integer({ min: 4_000, max: 70_000 }) },
      ),
    }),
  },
  {
    weight: 1,
    arbitrary: fc.record({
      kind: fc.constant<'advance'>('advance'),
      dtMs: fc.integer({ min: 1, max: 90_000 }),
    }),
  },
  {
    weight: 5,
    arbitrary: fc.record({
      kind: fc.constant<'market'>('market'),
      account,
      symbol,
      side,
      volume,
      stops,
    }),
  },
  {
    weight: 4,
    arbitrary: fc.record({
      kind: fc.constant<'pending'>('pending'),
      account,
      symbol,
      volume,
      leg: pendingLeg,
    }),
  },
  {
    weight: 1,
    arbitrary: fc.record({
      kind: fc.constant<'oco'>('oco'),
      account,
      symbol,
      volumes: fc.tuple(volume, volume),
      legs: fc.tuple(pendingLeg, pendingLeg),
    }),
  },
  {
    weight: 2,
    arbitrary: fc.record({
      kind: fc.constant<'modifyOrder'>('modifyOrder'),
      account,
      pick: fc.nat(5),
      price: fc.option(
        fc.record({
          tenths: fc.integer({ min: -2, max: 40 }),
          nudge: fc.constantFrom<-1 | 0 | 1>(-1, 0, 1),
          wrongSide: fc.constant(false),
        }),
      ),
      stops: stopsPatch,
    }),
  },
  {
    weight: 1,
    arbitrary: fc.record({ kind: fc.constant<'cancel'>('cancel'), account, pick: fc.nat(5) }),
  },
  {
    weight: 2,
    arbitrary: fc.record({
      kind: fc.constant<'modifyPosition'>('modifyPosition'),
      account,
      pick: fc.nat(5),
      stops: stopsPatch,
    }),
  },
  {
    weight: 3,
    arbitrary: fc.record({
      kind: fc.constant<'close'>('close'),
      account,
      pick: fc.nat(5),
      volume: fc.option(fc.integer({ min: 0, max: 300 }).map(lots), { freq: 2 }),
    }),
  },
  {
    weight: 1,
    arbitrary: fc.record({
      kind: fc.constant<'crash'>('crash'),
      account,
      pick: fc.nat(5),
      percent: fc.integer({ min: 1, max: 40 }),
      dtMs: fc.integer({ min: 1, max: 4_000 }),
    }),
  },
  {
    weight: 1,
    arbitrary: fc.record({
      kind: fc.constant<'transfer'>('transfer'),
      direction: fc.constantFrom<'in' | 'out'>('in', 'out'),
      amountMinor: fc.oneof(
        fc.integer({ min: 1, max: 300_000 }),
        fc.integer({ min: 300_000, max: 700_000 }),
      ),
    }),
  },
);

/** The first mids of each run (points): EUR/USD 1.10000, GBP/USD 1.27000, USD/JPY 150.000, … */
export const START_MIDS: Readonly<Record<string, number>> = {
  EURUSD: 110_000,
  GBPUSD: 127_000,
  USDJPY: 150_000,
  EURGBP: 86_600,
  XAUUSD: 200_000,
  JPN225: 3_800_000,
};

/** One pip of each symbol in points (forex 10, gold 0.10, the index 1.00). */
export const PIP: Readonly<Record<string, number>> = {
  EURUSD: 10,
  GBPUSD: 10,
  USDJPY: 10,
  EURGBP: 10,
  XAUUSD: 10,
  JPN225: 100,
};

/** bid = mid − S/2, ask = bid + S (every spread here is even, so no rounding). */
export function quoteAt(symbol: string, mid: number): { bid: number; ask: number } {
  const spread = MODEL_SPECS[symbol]!.spread;
  return { bid: mid - spread / 2, ask: mid - spread / 2 + spread };
}
