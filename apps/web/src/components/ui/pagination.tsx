import './pagination.css';

/** How many pages `total` rows make (at least one, so "Page 1 of 1" reads right when empty). */
export function pageCount(total: number, pageSize: number): number {
  return Math.max(1, Math.ceil(total / pageSize));
}

/**
 * "Showing 26–50 of 120 · Page 2 of 5" with Previous and Next. The buttons stay focusable at
 * the ends (aria-disabled), so keyboard focus is not lost on the last page.
 */
export function Pagination({
  page,
  pageSize,
  total,
  onPage,
  label = 'Pages',
}: {
  page: number;
  pageSize: number;
  total: number;
  onPage: (page: number) => void;
  label?: string;
}) {
  const pages = pageCount(total, pageSize);
  const first = total === 0 ? 0 : (page - 1) * pageSize + 1;
  const last = Math.min(page * pageSize, total);
  const hasPrevious = page > 1;
  const hasNext = page < pages;
  return (
    <nav className="pagination" aria-label={label}>
      <p className="pagination-status" aria-live="polite">
        Showing {first}–{last} of {total} · Page {page} of {pages}
      </p>
      <div className="pagination-buttons">
        <button
          type="button"
          className="button button--secondary"
          aria-disabled={!hasPrevious}
          onClick={() => {
            if (hasPrevious) onPage(page - 1);
          }}
        >
          Previous page
        </button>
        <button
          type="button"
          className="button button--secondary"
          aria-disabled={!hasNext}
          onClick={() => {
            if (hasNext) onPage(page + 1);
          }}
        >
          Next page
        </button>
      </div>
    </nav>
  );
}
