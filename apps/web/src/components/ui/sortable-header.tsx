import './sortable-header.css';

export type SortDirection = 'asc' | 'desc';

/**
 * A `<th>` whose button sorts the table by its column. The active column carries `aria-sort`
 * (ascending / descending), so screen readers announce the order; the arrow only repeats it.
 */
export function SortableHeader<Column extends string>({
  column,
  label,
  sort,
  dir,
  onSort,
}: {
  column: Column;
  label: string;
  /** The column the table is sorted by now. */
  sort: Column;
  dir: SortDirection;
  onSort: (column: Column) => void;
}) {
  const active = column === sort;
  const ariaSort = active ? (dir === 'asc' ? 'ascending' : 'descending') : undefined;
  return (
    <th scope="col" aria-sort={ariaSort}>
      <button type="button" className="sortable-header" onClick={() => onSort(column)}>
        {label}
        <span className="sortable-header-icon" aria-hidden="true">
          {active ? (dir === 'asc' ? '▲' : '▼') : '↕'}
        </span>
      </button>
    </th>
  );
}

/** Clicking the active column flips the direction; another column starts ascending. */
export function nextSort<Column extends string>(
  current: { sort: Column; dir: SortDirection },
  column: Column,
): { sort: Column; dir: SortDirection } {
  if (current.sort === column) return { sort: column, dir: current.dir === 'asc' ? 'desc' : 'asc' };
  return { sort: column, dir: 'asc' };
}
