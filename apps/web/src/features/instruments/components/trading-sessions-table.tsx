import { DataTable, type Column } from './data-table';

export interface TradingSession {
  session: string;
  opens: string;
  closes: string;
}

/** The four forex sessions of docs/origin.md §9, in UTC. */
export const TRADING_SESSIONS: readonly TradingSession[] = [
  { session: 'Asian', opens: '02:00', closes: '11:00' },
  { session: 'European', opens: '08:00', closes: '17:00' },
  { session: 'US', opens: '15:00', closes: '24:00' },
  { session: 'Pacific', opens: '22:00', closes: '06:00' },
];

const COLUMNS: readonly Column<TradingSession>[] = [
  { header: 'Session', cell: (row) => row.session },
  { header: 'Opens (UTC)', cell: (row) => row.opens },
  { header: 'Closes (UTC)', cell: (row) => row.closes },
];

export function TradingSessionsTable() {
  return (
    <DataTable
      caption="Forex trading sessions (UTC)"
      columns={COLUMNS}
      rows={TRADING_SESSIONS}
      rowKey={(row) => row.session}
    />
  );
}
