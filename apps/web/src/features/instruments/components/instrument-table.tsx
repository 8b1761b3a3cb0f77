import type { ContractInstrument } from '@brokerdesk/shared';
import { NOT_QUOTED, type ForexRow } from '../instrument-rows';
import { DataTable, type Column } from './data-table';
import { TradingSpecs } from './trading-specs';

export const FOREX_COLUMNS: readonly Column<ForexRow>[] = [
  { header: 'Instrument', cell: (row) => row.instrument },
  { header: 'Spreads (as low as)', cell: (row) => row.spread },
  { header: 'Leverage (up to)', cell: (row) => row.leverage },
  { header: 'Trading Hours (GMT)', cell: (row) => row.tradingHours },
];

const contractColumn = {
  instrument: { header: 'Instrument', cell: (row: ContractInstrument) => row.instrument },
  spread: { header: 'Spread', cell: (row: ContractInstrument) => row.spread },
  ecnSpread: {
    header: 'ECN Spread',
    cell: (row: ContractInstrument) =>
      row.ecnSpread ?? (
        <>
          <span aria-hidden="true">{NOT_QUOTED}</span>
          <span className="trade-sr-only">Not quoted</span>
        </>
      ),
  },
  leverage: { header: 'Leverage', cell: (row: ContractInstrument) => row.leverage },
  contractSize: { header: 'Contract Size', cell: (row: ContractInstrument) => row.contractSize },
  minTrade: { header: 'Min. Trade', cell: (row: ContractInstrument) => row.minTrade },
} satisfies Record<string, Column<ContractInstrument>>;

/** Instrument, Spread, ECN Spread, Leverage, Contract Size, Min. Trade (/carriers, /indexes). */
export const CONTRACT_COLUMNS_WITH_ECN: readonly Column<ContractInstrument>[] = [
  contractColumn.instrument,
  contractColumn.spread,
  contractColumn.ecnSpread,
  contractColumn.leverage,
  contractColumn.contractSize,
  contractColumn.minTrade,
];

/** Instrument, Spread, Leverage, Contract Size, Min. Trade (/futures). */
export const CONTRACT_COLUMNS: readonly Column<ContractInstrument>[] = [
  contractColumn.instrument,
  contractColumn.spread,
  contractColumn.leverage,
  contractColumn.contractSize,
  contractColumn.minTrade,
];

export function ForexTable({ rows }: { rows: readonly ForexRow[] }) {
  return (
    <>
      <DataTable
        caption="Forex instruments: spreads, leverage and trading hours"
        columns={FOREX_COLUMNS}
        rows={rows}
        rowKey={(row) => row.instrument}
      />
      <TradingSpecs
        caption="Trading specifications: forex and BTC/USD"
        names={rows.map((row) => row.instrument)}
      />
    </>
  );
}

export function ContractTable({
  caption,
  rows,
  withEcn,
}: {
  caption: string;
  rows: readonly ContractInstrument[];
  withEcn: boolean;
}) {
  return (
    <>
      <DataTable
        caption={caption}
        columns={withEcn ? CONTRACT_COLUMNS_WITH_ECN : CONTRACT_COLUMNS}
        rows={rows}
        rowKey={(row) => row.instrument}
      />
      <TradingSpecs
        caption={`Trading specifications: ${caption.toLowerCase()}`}
        names={rows.map((row) => row.instrument)}
      />
    </>
  );
}
