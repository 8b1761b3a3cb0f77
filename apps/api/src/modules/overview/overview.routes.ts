// The back office's overview (issue: back office, 9): new clients, pending requests by age,
// money in and out today and this month, open tickets, and 30 days of daily totals for a chart.
// A handful of aggregate queries, each bounded by an indexed time range or the pending index.
import { StaffOverviewSchema } from '@brokerdesk/shared';
import type { StaffOverview } from '@brokerdesk/shared';
import { and, eq, gte, sql } from 'drizzle-orm';
import type { SQL } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Db } from '../../db/client.js';
import { clients, ledgerTransfers, supportTickets } from '../../db/schema.js';
import type { Clock } from '../../lib/clock.js';

const HOUR_MS = 60 * 60 * 1000;
const DAY_MS = 24 * HOUR_MS;
const CHART_DAYS = 30;

const count = (expression: SQL) => sql<number>`cast(${expression} as bigint)`.mapWith(Number);

function startOfUtcDay(date: Date): Date {
  return new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), date.getUTCDate()));
}

export async function buildOverview(db: Db, now: Date): Promise<StaffOverview> {
  const today = startOfUtcDay(now);
  const monthStart = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1));
  const chartStart = new Date(today.getTime() - (CHART_DAYS - 1) * DAY_MS);
  const earliest = monthStart < chartStart ? monthStart : chartStart;
  const iso = (date: Date) => date.toISOString();

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
  const total = Number(pending?.total ?? 0);
  const underHour = Number(pending?.under_hour ?? 0);
  const underDay = Number(pending?.under_day ?? 0);

  // Money that actually moved: posted deposits and withdrawals (a withdrawal posts when approved).
  const movedAt = sql`coalesce(${ledgerTransfers.resolvedAt}, ${ledgerTransfers.createdAt})`;
  const daily = await db
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
        sql`${movedAt} >= ${iso(earliest)}`,
      ),
    )
    .groupBy(sql`1`, ledgerTransfers.kind);

  const byDay = new Map<string, { depositsMinor: number; withdrawalsMinor: number }>();
  for (const row of daily) {
    const entry = byDay.get(row.day) ?? { depositsMinor: 0, withdrawalsMinor: 0 };
    if (row.kind === 'deposit') entry.depositsMinor += row.amountMinor;
    else entry.withdrawalsMinor += row.amountMinor;
    byDay.set(row.day, entry);
  }
  const sumSince = (from: Date, key: 'depositsMinor' | 'withdrawalsMinor') =>
    [...byDay.entries()]
      .filter(([day]) => day >= iso(from).slice(0, 10))
      .reduce((sum, [, entry]) => sum + entry[key], 0);

  const [tickets] = await db
    .select({ open: count(sql`count(*)`) })
    .from(supportTickets)
    .where(eq(supportTickets.status, 'open'));

  return {
    newClients: {
      today: newClients?.today ?? 0,
      last7Days: newClients?.last7Days ?? 0,
      last30Days: newClients?.last30Days ?? 0,
    },
    pendingRequests: {
      total,
      underOneHour: underHour,
      underOneDay: underDay - underHour,
      olderThanOneDay: total - underDay,
    },
    deposits: {
      todayMinor: sumSince(today, 'depositsMinor'),
      monthMinor: sumSince(monthStart, 'depositsMinor'),
    },
    withdrawals: {
      todayMinor: sumSince(today, 'withdrawalsMinor'),
      monthMinor: sumSince(monthStart, 'withdrawalsMinor'),
    },
    openTickets: tickets?.open ?? 0,
    daily: Array.from({ length: CHART_DAYS }, (_, index) => {
      const date = new Date(chartStart.getTime() + index * DAY_MS).toISOString().slice(0, 10);
      return { date, ...(byDay.get(date) ?? { depositsMinor: 0, withdrawalsMinor: 0 }) };
    }),
  };
}

export const overviewRoutes: FastifyPluginAsyncZod<{ db: Db; clock: Clock }> = async (
  app,
  { db, clock },
) => {
  app.get(
    '/api/staff/overview',
    {
      config: { auth: 'staff', permission: 'clients:read' },
      schema: {
        tags: ['staff'],
        security: [{ staffToken: [] }],
        summary: 'Counts and money figures for the back office’s first page',
        response: { 200: StaffOverviewSchema },
      },
    },
    async () => buildOverview(db, clock.now()),
  );
};
