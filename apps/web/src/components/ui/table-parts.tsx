import type { ReactNode } from 'react';
import { Skeleton } from './skeleton';
import './table-parts.css';

/** The table's visible name; give its id to TableFrame's `labelledBy`. */
export function TableCaption({ id, children }: { id: string; children: ReactNode }) {
  return (
    <caption id={id} className="table-caption">
      {children}
    </caption>
  );
}

/** The column headings, in order. */
export function TableHead({ columns }: { columns: readonly string[] }) {
  return (
    <thead>
      <tr>
        {columns.map((column) => (
          <th key={column} scope="col">
            {column}
          </th>
        ))}
      </tr>
    </thead>
  );
}

/** One row across every column saying there is nothing to show. */
export function EmptyRow({ columns, children }: { columns: number; children: ReactNode }) {
  return (
    <tr>
      <td colSpan={columns} className="table-empty">
        {children}
      </td>
    </tr>
  );
}

/** Placeholder rows while the table loads (hidden from assistive technology). */
export function SkeletonRows({ columns, rows = 3 }: { columns: number; rows?: number }) {
  return (
    <>
      {Array.from({ length: rows }, (_, row) => (
        <tr key={row} aria-hidden="true">
          {Array.from({ length: columns }, (_, cell) => (
            <td key={cell}>
              <Skeleton size={cell === 0 ? 'md' : 'sm'} />
            </td>
          ))}
        </tr>
      ))}
    </>
  );
}
