import { useId, type ReactNode } from 'react';
import { ScrollRegion } from '../../../components/ui/scroll-region';
import './instruments.css';

export interface Column<Row> {
  header: string;
  cell: (row: Row) => ReactNode;
}

/**
 * A data table with a caption and column headers. The first cell of each row is its row
 * header. On narrow screens it scrolls sideways inside a focusable, labelled region, so
 * keyboard users can scroll it too, with a visible hint while it is clipped (issue 16).
 */
export function DataTable<Row>({
  caption,
  columns,
  rows,
  rowKey,
}: {
  caption: string;
  columns: readonly Column<Row>[];
  rows: readonly Row[];
  rowKey: (row: Row) => string;
}) {
  const captionId = useId();
  return (
    <ScrollRegion labelledBy={captionId}>
      <table className="data-table">
        <caption id={captionId}>{caption}</caption>
        <thead>
          <tr>
            {columns.map((column) => (
              <th key={column.header} scope="col">
                {column.header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={rowKey(row)}>
              {columns.map((column, index) =>
                index === 0 ? (
                  <th key={column.header} scope="row">
                    {column.cell(row)}
                  </th>
                ) : (
                  <td key={column.header}>{column.cell(row)}</td>
                ),
              )}
            </tr>
          ))}
        </tbody>
      </table>
    </ScrollRegion>
  );
}
