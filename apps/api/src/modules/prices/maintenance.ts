// Retention and rebuilds of the price data (PRODUCT §11.15, §11.16): ticks go once they are
// older than TICK_RETENTION_HOURS and behind the engine's cursor; candles stay, and can be
// rebuilt from whatever the log still holds.
import { CANDLE_PERIODS, candleBucket } from '@brokerdesk/shared/trading';
import type { Db } from '../../db/client.js';
import { aggregateCandles } from './candle-batch.js';
import {
  deleteCandlesFrom,
  deleteOldTicks,
  selectTicksAfter,
  upsertCandles,
} from './prices.repo.js';

const HOUR_MS = 3_600_000;

export async function pruneTicks(
  db: Db,
  { nowMs, retentionHours, floorSeq }: { nowMs: number; retentionHours: number; floorSeq: number },
): Promise<number> {
  return deleteOldTicks(db, { before: nowMs - retentionHours * HOUR_MS, floorSeq });
}

/**
 * Writes every candle whose bucket starts at or after the bucket of `fromMs` again, from the
 * logged ticks (the caller makes sure the log holds every tick since the trading day of
 * `fromMs`). Returns the number of ticks read.
 */
export async function rebuildCandles(db: Db, { fromMs }: { fromMs: number }): Promise<number> {
  const firstBucket = new Map(CANDLE_PERIODS.map((p) => [p, candleBucket(p, fromMs)]));
  // The trading day of fromMs starts at 21:00 the day before its 1d label.
  const dayStart = candleBucket('1d', fromMs) - 3 * HOUR_MS;
  let read = 0;
  await db.transaction(async (tx) => {
    await deleteCandlesFrom(tx, firstBucket);
    let after = 0;
    for (;;) {
      const page = await selectTicksAfter(tx, after, 5_000);
      if (page.length === 0) break;
      after = page.at(-1)?.seq ?? after;
      const inRange = page.filter((tick) => tick.timeMs >= dayStart);
      read += inRange.length;
      await upsertCandles(
        tx,
        aggregateCandles(inRange, (period, bucketMs) => bucketMs >= (firstBucket.get(period) ?? 0)),
      );
    }
  });
  return read;
}
