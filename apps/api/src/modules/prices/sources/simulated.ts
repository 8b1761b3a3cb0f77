// MARKET_DATA_PROVIDER=simulated (PRODUCT §11.4): one mean-reverting walk per factor (each
// non-USD currency, XAU, XAG, each energy, each index, BTC); every mid is a ratio of factors, so
// crosses always agree with their legs. The walk is an Ornstein–Uhlenbeck process in log price,
// stepped exactly for any interval, with normal draws that depend only on (seed, step, factor):
// the same seed gives the same prices at the same step, whatever ran before.
import { TRADING_SPECS, isInWeeklyWindow, isOpen } from '@brokerdesk/shared/trading';
import type { TradingSpec } from '@brokerdesk/shared/trading';
import type { Clock } from '../../../lib/clock.js';
import type { SourceQuote, Tick } from '../tick.js';
import type { EmitBatch, PriceSource } from './source.js';

export const STEP_MS = 250;
const YEAR_MS = 365.25 * 24 * 3_600_000;
/** Mean reversion: half-life of 20 days. */
export const THETA = Math.LN2 / (20 / 365.25);
const MAJOR_CURRENCIES = new Set(['EUR', 'GBP', 'JPY', 'CHF', 'AUD', 'NZD', 'CAD']);
/** These tick on every step; the rest on every 4th. */
export const EVERY_STEP_SYMBOLS = new Set([
  'EURUSD',
  'GBPUSD',
  'USDJPY',
  'USDCHF',
  'AUDUSD',
  'USDCAD',
  'NZDUSD',
  'EURGBP',
  'EURJPY',
  'EURCHF',
  'XAUUSD',
]);

interface Factor {
  name: string;
  /** σ per year. */
  sigma: number;
  /** ln(reference value). */
  mu: number;
}

interface Instrument {
  spec: TradingSpec;
  /** Factor indexes of numerator and denominator (-1 = USD, worth 1). */
  base: number;
  quote: number;
  scale: number;
}

function currencyLike(spec: TradingSpec): boolean {
  return spec.class === 'forex' || spec.class === 'crypto' || spec.class === 'metal';
}

function sigmaOf(name: string, spec: TradingSpec): number {
  if (spec.class === 'energy') return 0.35;
  if (spec.class === 'index') return 0.18;
  if (name === 'BTC') return 0.6;
  if (name === 'XAU' || name === 'XAG') return 0.15;
  return MAJOR_CURRENCIES.has(name) ? 0.08 : 0.12;
}

/** The factors and how each instrument's mid is made of them. */
export function buildModel(specs: readonly TradingSpec[] = TRADING_SPECS) {
  const factors: Factor[] = [];
  const indexOf = new Map<string, number>();
  const anchor = (name: string, spec: TradingSpec, value: number) => {
    if (indexOf.has(name)) return;
    indexOf.set(name, factors.length);
    factors.push({ name, sigma: sigmaOf(name, spec), mu: Math.log(value) });
  };
  // Anchors first: a currency's (or metal's) USD pair, every energy and index by itself.
  for (const spec of specs) {
    const reference = Number(spec.referencePrice);
    if (!currencyLike(spec)) anchor(spec.symbol, spec, reference);
    else if (spec.quote === 'USD') anchor(spec.base, spec, reference);
    else if (spec.base === 'USD') anchor(spec.quote, spec, 1 / reference);
  }
  const instruments: Instrument[] = [];
  for (const spec of specs) {
    const at = (name: string) => (name === 'USD' ? -1 : (indexOf.get(name) ?? -2));
    const base = currencyLike(spec) ? at(spec.base) : at(spec.symbol);
    const quote = currencyLike(spec) ? at(spec.quote) : -1;
    if (base === -2 || quote === -2) continue; // no anchor: not simulated
    instruments.push({ spec, base, quote, scale: 10 ** spec.digits });
  }
  return { factors, instruments };
}

/** A 32-bit hash of three integers (murmur3's finaliser over a simple mix). */
function hash3(a: number, b: number, c: number): number {
  let h = Math.imul(a ^ 0x9e3779b9, 0x85ebca6b) ^ Math.imul(b + 0x632be5ab, 0xc2b2ae35);
  h = Math.imul(h ^ (h >>> 13), 0x27d4eb2f) ^ Math.imul(c + 0x165667b1, 0x9e3779b1);
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  h ^= h >>> 16;
  return h >>> 0;
}

/** ε ~ N(0,1) for (seed, step, factor), by Box–Muller over two hashed uniforms. */
export function normalDraw(seed: number, step: number, factor: number): number {
  const low = step % 0x1_0000_0000;
  const high = Math.floor(step / 0x1_0000_0000);
  const u1 = (hash3(seed, low ^ high, factor * 2) + 0.5) / 0x1_0000_0000;
  const u2 = (hash3(seed, low, factor * 2 + 1 + high) + 0.5) / 0x1_0000_0000;
  return Math.sqrt(-2 * Math.log(u1)) * Math.cos(2 * Math.PI * u2);
}

/** One exact OU step of x = ln v over `years`. */
export function ouStep(x: number, mu: number, sigma: number, years: number, eps: number): number {
  const decay = Math.exp(-THETA * years);
  const spread = sigma * Math.sqrt((1 - Math.exp(-2 * THETA * years)) / (2 * THETA));
  return mu + (x - mu) * decay + spread * eps;
}

/** bid = R½(m − S/2), ask = bid + S (m in points, positive). */
export function quoteFromMid(midPoints: number, spreadPoints: number) {
  // Snapped to a millionth of a point first, so a reference mid of exactly x.5 points rounds
  // up as R½ says rather than by the floating-point dust of exp(ln v).
  const low = Math.round((midPoints - spreadPoints / 2) * 1e6) / 1e6;
  const bid = Math.floor(low + 0.5);
  return { bid, ask: bid + spreadPoints };
}

export interface Simulator {
  /** Steps the factors to `timeMs` (a multiple of STEP_MS) and returns the quotes that tick. */
  step(timeMs: number): SourceQuote[];
  lastStepMs(): number | null;
  /** Current mid of a symbol in price units (tests compare crosses with their legs). */
  mid(symbol: string): number | undefined;
}

export function makeSimulator({
  seed,
  resume = [],
  specs = TRADING_SPECS,
  markupPoints = () => 0,
}: {
  seed: number;
  /** The latest logged tick of each symbol: the walk continues from there. */
  resume?: readonly Tick[];
  specs?: readonly TradingSpec[];
  /** The dealing desk's markup on each symbol's spread now, in whole points (decision 130). */
  markupPoints?: (symbol: string) => number;
}): Simulator {
  const { factors, instruments } = buildModel(specs);
  const x = factors.map((factor) => factor.mu);
  const last = new Map<string, { bid: number; ask: number }>();
  let lastStep: number | null = null;

  const value = (index: number) => (index < 0 ? 1 : Math.exp(x[index] ?? 0));
  const midOf = (instrument: Instrument) => value(instrument.base) / value(instrument.quote);

  // Resume: each factor from the instrument that defines it alone (X/USD, USD/X, own symbol).
  const latest = new Map(resume.map((tick) => [tick.symbol, tick]));
  for (const instrument of instruments) {
    const tick = latest.get(instrument.spec.symbol);
    if (tick) last.set(tick.symbol, { bid: tick.bid, ask: tick.ask });
    if (!tick || (instrument.base >= 0 && instrument.quote >= 0)) continue;
    const mid = (tick.bid + tick.ask) / 2 / instrument.scale;
    if (!(mid > 0)) continue;
    if (instrument.quote < 0 && instrument.base >= 0) x[instrument.base] = Math.log(mid);
    else if (instrument.base < 0 && instrument.quote >= 0) x[instrument.quote] = -Math.log(mid);
  }
  if (resume.length > 0) lastStep = Math.max(...resume.map((tick) => tick.timeMs));

  return {
    step(timeMs) {
      const index = Math.floor(timeMs / STEP_MS);
      if (lastStep !== null && timeMs > lastStep) {
        const years = (timeMs - lastStep) / YEAR_MS;
        factors.forEach((factor, i) => {
          x[i] = ouStep(
            x[i] ?? factor.mu,
            factor.mu,
            factor.sigma,
            years,
            normalDraw(seed, index, i),
          );
        });
      }
      if (lastStep !== null && timeMs <= lastStep) return [];
      lastStep = timeMs;
      const quotes: SourceQuote[] = [];
      for (const instrument of instruments) {
        const { spec } = instrument;
        if (!EVERY_STEP_SYMBOLS.has(spec.symbol) && index % 4 !== 0) continue;
        if (!isOpen(spec, timeMs)) continue;
        const { bid, ask } = quoteFromMid(
          midOf(instrument) * instrument.scale,
          spec.spreadPoints + markupPoints(spec.symbol),
        );
        const previous = last.get(spec.symbol);
        if (previous && previous.bid === bid && previous.ask === ask) continue;
        last.set(spec.symbol, { bid, ask });
        quotes.push({ symbol: spec.symbol, bid, ask, timeMs });
      }
      return quotes;
    },
    lastStepMs: () => lastStep,
    mid(symbol) {
      const instrument = instruments.find((i) => i.spec.symbol === symbol);
      return instrument ? midOf(instrument) : undefined;
    },
  };
}

/** Drives a simulator from the clock: one step per 250 ms inside the weekly window. */
export function makeSimulatedSource({
  clock,
  simulator,
}: {
  clock: Clock;
  simulator: Simulator;
}): PriceSource {
  let timer: NodeJS.Timeout | null = null;
  let inFlight: Promise<unknown> = Promise.resolve();
  let stopped = false;

  return {
    name: 'simulated',
    start(emit: EmitBatch) {
      stopped = false;
      const run = async () => {
        timer = null;
        if (stopped) return;
        const nowMs = clock.now().getTime();
        const stepMs = Math.floor(nowMs / STEP_MS) * STEP_MS;
        const lastStep = simulator.lastStepMs();
        if ((lastStep === null || stepMs > lastStep) && isInWeeklyWindow(stepMs)) {
          const quotes = simulator.step(stepMs);
          if (quotes.length > 0) {
            inFlight = emit(quotes);
            await inFlight.catch(() => undefined);
          }
        }
        if (stopped) return;
        const wait = Math.max(1, stepMs + STEP_MS - clock.now().getTime());
        timer = setTimeout(() => void run(), wait);
      };
      void run();
    },
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      timer = null;
      await inFlight.catch(() => undefined);
    },
    now: () => clock.now().getTime(),
  };
}
