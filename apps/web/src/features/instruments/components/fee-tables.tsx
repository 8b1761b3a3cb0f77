import { DataTable, type Column } from './data-table';
import type { FeeRow } from '../withdrawal-rows';

const FEE_COLUMNS: readonly Column<FeeRow>[] = [
  { header: 'Method', cell: (row) => row.method },
  { header: 'Process Time', cell: (row) => row.processTime },
  { header: 'Fees', cell: (row) => row.fee },
];

export function FeeTable({ caption, rows }: { caption: string; rows: readonly FeeRow[] }) {
  return <DataTable caption={caption} columns={FEE_COLUMNS} rows={rows} rowKey={(r) => r.method} />;
}
