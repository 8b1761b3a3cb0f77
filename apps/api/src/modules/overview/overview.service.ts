// The back office's overview (issue: back office, 9): new clients, pending requests by age,
// money in and out today and this month, open tickets, and 30 days of daily totals for a chart.
import type { StaffOverview } from '@brokerdesk/shared';
import type { Db } from '../../db/client.js';
import type { Clock } from '../../lib/clock.js';
import {
  countNewClients,
  countOpenTickets,
  countPendingRequests,
  sumMovedPerDay,
} from './overview.repo.js';

const DAY_MS = 24 * 60 * 60 * 1000;
const CHART_DAYS = 30;

function startOfUtcDay(date: Date): Date {
  return new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), date.getUTCDate()));
}

export function makeOverviewService({ db, clock }: { db: Db; clock: Clock }) {
  async function getOverview(): Promise<StaffOverview> {
    const now = clock.now();
    const today = startOfUtcDay(now);
    const monthStart = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1));
    const chartStart = new Date(today.getTime() - (CHART_DAYS - 1) * DAY_MS);
    const earliest = monthStart < chartStart ? monthStart : chartStart;

    const newClients = await countNewClients(db, now, today);
    const { total, underHour, underDay } = await countPendingRequests(db, now);
    const daily = await sumMovedPerDay(db, earliest);

    const byDay = new Map<string, { depositsMinor: number; withdrawalsMinor: number }>();
    for (const row of daily) {
      const entry = byDay.get(row.day) ?? { depositsMinor: 0, withdrawalsMinor: 0 };
      if (row.kind === 'deposit') entry.depositsMinor += row.amountMinor;
      else entry.withdrawalsMinor += row.amountMinor;
      byDay.set(row.day, entry);
    }
    const sumSince = (from: Date, key: 'depositsMinor' | 'withdrawalsMinor') =>
      [...byDay.entries()]
        .filter(([day]) => day >= from.toISOString().slice(0, 10))
        .reduce((sum, [, entry]) => sum + entry[key], 0);

    const openTickets = await countOpenTickets(db);

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
      openTickets,
      daily: Array.from({ length: CHART_DAYS }, (_, index) => {
        const date = new Date(chartStart.getTime() + index * DAY_MS).toISOString().slice(0, 10);
        return { date, ...(byDay.get(date) ?? { depositsMinor: 0, withdrawalsMinor: 0 }) };
      }),
    };
  }

  return { getOverview };
}

export type OverviewService = ReturnType<typeof makeOverviewService>;
