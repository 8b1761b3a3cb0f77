// The bad-tick filter's report (decision 134): each quote it held back, and what the next quote
// showed it to be.
import { desc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { priceHeldTicks } from '../../db/schema.js';
import type { HeldOutcome, HeldQuote } from './bad-tick-filter.js';

export type HeldTickRow = typeof priceHeldTicks.$inferSelect;

export async function insertHeldTick(db: Db, held: HeldQuote): Promise<number> {
  const [row] = await db
    .insert(priceHeldTicks)
    .values({
      symbol: held.quote.symbol,
      bid: held.quote.bid,
      ask: held.quote.ask,
      time: new Date(held.quote.timeMs),
      lastBid: held.last.bid,
      lastAsk: held.last.ask,
      thresholdSpreads: held.thresholdSpreads,
    })
    .returning({ id: priceHeldTicks.id });
  if (!row) throw new Error('held tick insert returned nothing');
  return row.id;
}

export async function settleHeldTick(db: Db, id: number, outcome: HeldOutcome): Promise<void> {
  await db.update(priceHeldTicks).set({ outcome }).where(eq(priceHeldTicks.id, id));
}

/** The latest held-back quotes, newest first (the desk's list). */
export async function selectHeldTicks(db: Db, limit: number): Promise<HeldTickRow[]> {
  return db.select().from(priceHeldTicks).orderBy(desc(priceHeldTicks.id)).limit(limit);
}
