// The /swaps page's rates: a separate chunk, imported when a visitor opens it.
import { swapRows, type SwapRow } from '../spec-rows';
import { DataTable, type Column } from './data-table';

const COLUMNS: readonly Column<SwapRow>[] = [
  { header: 'Instrument', cell: (row) => row.instrument },
  { header: 'Buy (long)', cell: (row) => row.long },
  { header: 'Sell (short)', cell: (row) => row.short },
];

export default function SwapRatesTable() {
  return (
    <DataTable
      caption="Swap rates, points per lot per night (illustrative)"
      columns={COLUMNS}
      rows={swapRows()}
      rowKey={(row) => row.symbol}
    />
  );
}
