// Writing the tick log: a source's quotes become ticks here, or are dropped (unknown symbol,
// outside the instrument's hours, bid above ask) and counted. Ticks and their candles are
// written in one transaction, so a logged tick always has its candles.
import { findSpec, isOpen } from '@brokerdesk/shared/trading';
import type { Db } from '../../db/client.js';
import { aggregateCandles } from './candle-batch.js';
import { insertTicks, upsertCandles } from './prices.repo.js';
import type { SourceQuote, Tick } from './tick.js';

export interface DroppedCounts {
  closed: number;
  unknown: number;
  invalid: number;
}

export interface TickLog {
  /** Logs the quotes that may be logged (in order) and returns them as ticks. */
  write(quotes: readonly SourceQuote[]): Promise<Tick[]>;
  dropped(): DroppedCounts;
}

export function makeTickLog({ db }: { db: Db }): TickLog {
  const counts: DroppedCounts = { closed: 0, unknown: 0, invalid: 0 };
  return {
    async write(quotes) {
      const kept: SourceQuote[] = [];
      for (const quote of quotes) {
        const spec = findSpec(quote.symbol);
        if (!spec) counts.unknown += 1;
        else if (
          !Number.isSafeInteger(quote.bid) ||
          !Number.isSafeInteger(quote.ask) ||
          quote.bid <= 0 ||
          quote.bid > quote.ask
        )
          counts.invalid += 1;
        else if (!isOpen(spec, quote.timeMs)) counts.closed += 1;
        else kept.push(quote);
      }
      if (kept.length === 0) return [];
      return db.transaction(async (tx) => {
        const ticks = await insertTicks(tx, kept);
        await upsertCandles(tx, aggregateCandles(ticks));
        return ticks;
      });
    },
    dropped: () => ({ ...counts }),
  };
}
