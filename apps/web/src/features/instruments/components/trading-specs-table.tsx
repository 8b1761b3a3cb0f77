// The specification table itself: a separate chunk, imported when a visitor opens it.
import { specRowsFor, type SpecRow } from '../spec-rows';
import { DataTable, type Column } from './data-table';

const COLUMNS: readonly Column<SpecRow>[] = [
  { header: 'Instrument', cell: (row) => row.instrument },
  { header: 'One lot', cell: (row) => row.contract },
  { header: 'Lots: min / step / max', cell: (row) => row.volume },
  { header: 'Leverage', cell: (row) => row.leverage },
  { header: 'Spread', cell: (row) => row.spread },
  { header: 'Stops level', cell: (row) => row.stopsLevel },
  { header: 'Hours (UTC)', cell: (row) => row.hours },
  { header: 'Swap long / short (points, illustrative)', cell: (row) => row.swaps },
];

export default function TradingSpecsTable({
  caption,
  names,
}: {
  caption: string;
  names: readonly string[];
}) {
  return (
    <DataTable
      caption={caption}
      columns={COLUMNS}
      rows={specRowsFor(names)}
      rowKey={(row) => row.symbol}
    />
  );
}
