// The back office overview's aggregate queries, each bounded by an indexed time range or the
// pending index.
import { and, eq, gte, sql } from 'drizzle-orm';
import type { SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { clients, ledgerTransfers, supportTickets } from '../../db/schema.js';

const HOUR_MS = 60 * 60 * 1000;
const DAY_MS = 24 * HOUR_MS;

const count = (expression: SQL) => sql<number>`cast(${expression} as bigint)`.mapWith(Number);
const iso = (date: Date) => date.toISOString();

/** Clients created since `today`, in the last 7 days and in the last 30 days. */
export async function countNewClients(db: Db, now: Date, today: Date) {
  const [newClients] = await db
    .select({
      today: count(sql`count(*) filter (where ${clients.createdAt} >= ${iso(today)})`),
      last7Days: count(
        sql`count(*) filter (where ${clients.createdAt} >= ${iso(new Date(now.getTime() - 7 * DAY_MS))})`,
      ),
      last30Days: count(sql`count(*)`),
    })
    .from(clients)
    .where(gte(clients.createdAt, new Date(now.getTime() - 30 * DAY_MS)));
  return newClients;
}

/** Pending deposit and withdrawal requests: all, and those younger than an hour and a day. */
export async function countPendingRequests(db: Db, now: Date) {
  // Served by client_transactions_pending_idx (partial, status = 'pending').
  const pendingResult = (await db.execute(sql`
    select
      cast(count(*) as bigint) as total,
      cast(count(*) filter (where created_at >= ${iso(new Date(now.getTime() - HOUR_MS))}) as bigint) as under_hour,
      cast(count(*) filter (where created_at >= ${iso(new Date(now.getTime() - DAY_MS))}) as bigint) as under_day
    from client_transactions
    where status = 'pending' and type in ('deposit', 'withdrawal')
  `)) as unknown as {
    rows: { total: string | number; under_hour: string | number; under_day: string | number }[];
  };
  const pending = pendingResult.rows[0];
  return {
    total: Number(pending?.total ?? 0),
    underHour: Number(pending?.under_hour ?? 0),
    underDay: Number(pending?.under_day ?? 0),
  };
}

/** Money that actually moved, per UTC day and kind: posted deposits and withdrawals. */
export async function sumMovedPerDay(db: Db, since: Date) {
  // A withdrawal posts when approved.
  const movedAt = sql`coalesce(${ledgerTransfers.resolvedAt}, ${ledgerTransfers.createdAt})`;
  return db
    .select({
      day: sql<string>`to_char(${movedAt} at time zone 'UTC', 'YYYY-MM-DD')`,
      kind: ledgerTransfers.kind,
      amountMinor: count(sql`sum(${ledgerTransfers.amountMinor})`),
    })
    .from(ledgerTransfers)
    .where(
      and(
        eq(ledgerTransfers.state, 'posted'),
        sql`${ledgerTransfers.kind} in ('deposit', 'withdrawal')`,
        sql`${movedAt} >= ${iso(since)}`,
      ),
    )
    .groupBy(sql`1`, ledgerTransfers.kind);
}

export async function countOpenTickets(db: Db): Promise<number> {
  const [tickets] = await db
    .select({ open: count(sql`count(*)`) })
    .from(supportTickets)
    .where(eq(supportTickets.status, 'open'));
  return tickets?.open ?? 0;
}
