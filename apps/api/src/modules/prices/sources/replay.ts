// MARKET_DATA_PROVIDER=replay (PRODUCT §11.4): ticks from a JSONL file, one per line,
// {"symbol":"EURUSD","bid":"1.09985","ask":"1.10015","time":"2026-03-02T08:00:00.250Z"}, used
// verbatim (no spread, no markup). The engine clock is the replay time: at REPLAY_SPEED 1 or N
// it runs from the first tick at N times the wall clock; at `max` it is the last tick's time.
// REPLAY_LOOP plays the file again shifted by whole weeks, so every tick keeps its weekday.
import { readFileSync } from 'node:fs';
import { findSpec, parsePoints } from '@brokerdesk/shared/trading';
import type { Clock } from '../../../lib/clock.js';
import type { SourceQuote } from '../tick.js';
import type { EmitBatch, PriceSource } from './source.js';

const WEEK_MS = 7 * 24 * 3_600_000;
const ISO_UTC = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{1,3})?Z$/;
/** At most this many ticks per logged batch. */
export const REPLAY_BATCH = 500;

export class ReplayFileError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ReplayFileError';
  }
}

function lineProblem(raw: unknown, previousMs: number): string | SourceQuote {
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) return 'not a JSON object';
  const { symbol, bid, ask, time } = raw as Record<string, unknown>;
  if (typeof symbol !== 'string') return 'symbol is missing';
  const spec = findSpec(symbol);
  if (!spec) return `unknown symbol ${symbol}`;
  if (typeof bid !== 'string' || typeof ask !== 'string') {
    return 'bid and ask must be decimal strings';
  }
  const bidPoints = parsePoints(bid, spec.digits);
  const askPoints = parsePoints(ask, spec.digits);
  if (bidPoints === null || askPoints === null) {
    return `bid and ask must be plain decimals with at most ${spec.digits} decimals for ${symbol}`;
  }
  if (bidPoints <= 0 || bidPoints > askPoints) return 'bid must be positive and at most ask';
  if (typeof time !== 'string' || !ISO_UTC.test(time) || Number.isNaN(Date.parse(time))) {
    return 'time must be an ISO-8601 UTC time such as 2026-03-02T08:00:00.250Z';
  }
  const timeMs = Date.parse(time);
  if (timeMs < previousMs) return 'time goes back (times must never decrease)';
  return { symbol: spec.symbol, bid: bidPoints, ask: askPoints, timeMs };
}

/** Parses a replay file's text; throws a ReplayFileError naming the first bad line. */
export function parseReplay(text: string, name = 'REPLAY_FILE'): SourceQuote[] {
  const quotes: SourceQuote[] = [];
  const lines = text.split('\n');
  let previousMs = Number.NEGATIVE_INFINITY;
  lines.forEach((line, i) => {
    if (line.trim() === '') return;
    let raw: unknown;
    try {
      raw = JSON.parse(line);
    } catch {
      throw new ReplayFileError(`${name} line ${i + 1}: not valid JSON`);
    }
    const result = lineProblem(raw, previousMs);
    if (typeof result === 'string') throw new ReplayFileError(`${name} line ${i + 1}: ${result}`);
    previousMs = result.timeMs;
    quotes.push(result);
  });
  if (quotes.length === 0) throw new ReplayFileError(`${name} holds no tick`);
  return quotes;
}

export function loadReplayFile(path: string): SourceQuote[] {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (error) {
    throw new ReplayFileError(`REPLAY_FILE ${path} cannot be read (${(error as Error).message})`);
  }
  return parseReplay(text, `REPLAY_FILE ${path}`);
}

export interface ReplaySource extends PriceSource {
  /** Plays whatever is due at the current replay time; resolves once it is logged. */
  pump(): Promise<void>;
  finished(): boolean;
}

export function makeReplaySource({
  quotes,
  speed,
  loop,
  clock,
  afterMs = Number.NEGATIVE_INFINITY,
  autoRun = true,
}: {
  quotes: readonly SourceQuote[];
  speed: number | 'max';
  loop: boolean;
  clock: Clock;
  /** Resume: play only ticks after this time (the log's latest). */
  afterMs?: number;
  /** false: nothing plays until pump() is called (tests step it). */
  autoRun?: boolean;
}): ReplaySource {
  const first = quotes[0]?.timeMs ?? 0;
  const last = quotes.at(-1)?.timeMs ?? 0;
  const loopShift = Math.max(1, Math.ceil((last - first + 1) / WEEK_MS)) * WEEK_MS;
  // Where to start: the first tick (of the first pass, or a later one) after `afterMs`.
  let pass = loop && afterMs >= first ? Math.floor((afterMs - first) / loopShift) : 0;
  const shifted = (i: number) => (quotes[i]?.timeMs ?? 0) + pass * loopShift;
  let next = 0;
  while (next < quotes.length && shifted(next) <= afterMs) next += 1;
  if (next >= quotes.length && loop) {
    pass += 1;
    next = 0;
  }
  let done = next >= quotes.length && !loop;
  const startReplayMs = next < quotes.length ? shifted(next) : last + pass * loopShift;
  let lastPlayedMs = Number.isFinite(afterMs) ? Math.max(afterMs, first) : first;
  const startWallMs = clock.now().getTime();
  let emitFn: EmitBatch | null = null;
  let timer: NodeJS.Timeout | null = null;
  let inFlight: Promise<unknown> = Promise.resolve();

  function replayNow(): number {
    if (speed === 'max') return lastPlayedMs;
    const now = startReplayMs + (clock.now().getTime() - startWallMs) * speed;
    // The clock stops at the file's end (no loop): the last quotes stay fresh.
    return done ? Math.min(now, lastPlayedMs) : now;
  }

  function due(): SourceQuote[] {
    const nowMs = replayNow();
    const batch: SourceQuote[] = [];
    while (!done && batch.length < REPLAY_BATCH) {
      if (next >= quotes.length) {
        if (!loop) {
          done = true;
          break;
        }
        pass += 1;
        next = 0;
      }
      const timeMs = shifted(next);
      if (speed !== 'max' && timeMs > nowMs) break;
      const quote = quotes[next] as SourceQuote;
      batch.push({ ...quote, timeMs });
      next += 1;
    }
    if (next >= quotes.length && !loop) done = true;
    return batch;
  }

  async function pump(): Promise<void> {
    if (!emitFn) return;
    const batch = due();
    if (batch.length === 0) return;
    lastPlayedMs = batch.at(-1)?.timeMs ?? lastPlayedMs;
    inFlight = emitFn(batch);
    await inFlight;
  }

  function schedule() {
    if (!emitFn || done) return;
    let wait = 1_000;
    if (speed === 'max') wait = 0;
    else if (next < quotes.length) {
      wait = Math.min(1_000, Math.max(1, (shifted(next) - replayNow()) / speed));
    }
    timer = setTimeout(() => {
      timer = null;
      void pump()
        .catch(() => undefined)
        .then(schedule);
    }, wait);
  }

  return {
    name: 'replay',
    start(emit) {
      emitFn = emit;
      if (autoRun) schedule();
    },
    async stop() {
      emitFn = null;
      if (timer) clearTimeout(timer);
      timer = null;
      await inFlight.catch(() => undefined);
    },
    now: replayNow,
    pump,
    finished: () => done,
  };
}
