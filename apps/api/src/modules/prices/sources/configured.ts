// The source MARKET_DATA_PROVIDER names, built when an instance becomes the leader: it resumes
// from the latest logged ticks (the simulator's walk, the replay's position).
import { randomInt } from 'node:crypto';
import type { Config } from '../../../config.js';
import type { Clock } from '../../../lib/clock.js';
import type { SourceQuote, Tick } from '../tick.js';
import { makeReplaySource } from './replay.js';
import { makeSimulatedSource, makeSimulator } from './simulated.js';
import type { PriceSource } from './source.js';

export function makeConfiguredSource({
  config,
  clock,
  latest,
  seed,
  replay,
  markupPoints,
}: {
  config: Pick<Config, 'marketDataProvider' | 'replaySpeed' | 'replayLoop'>;
  clock: Clock;
  latest: readonly Tick[];
  /** The simulator's seed (MARKET_SEED, or one drawn at start). */
  seed: number;
  /** The replay file's ticks, loaded (and validated) at start. */
  replay: readonly SourceQuote[] | null;
  /** The dealing desk's spread markup per symbol (decision 130); a replay is used verbatim. */
  markupPoints?: (symbol: string) => number;
}): PriceSource {
  if (config.marketDataProvider === 'replay' && replay) {
    const afterMs = latest.length > 0 ? Math.max(...latest.map((t) => t.timeMs)) : undefined;
    return makeReplaySource({
      quotes: replay,
      speed: config.replaySpeed,
      loop: config.replayLoop,
      clock,
      afterMs,
    });
  }
  return makeSimulatedSource({
    clock,
    simulator: makeSimulator({ seed, resume: latest, markupPoints }),
  });
}

/** MARKET_SEED, or a random seed (logged, so a run can be repeated). */
export function chooseSeed(configured: number | undefined): number {
  return configured ?? randomInt(0, 0xffff_ffff);
}
