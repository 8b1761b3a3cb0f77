// A section whose content opens on request and loads then (a lazy module inside `children`), so
// the public pages' first load does not carry it: the instrument pages' trading specifications
// and the /swaps page's rates.
import { Suspense, useId, useState, type ReactNode } from 'react';

export function ShownOnRequest({
  label,
  what,
  loading,
  before,
  children,
}: {
  /** The section's accessible name. */
  label: string;
  /** What the button shows and hides: 'swap rates' → "Show swap rates" / "Hide swap rates". */
  what: string;
  /** Said while the lazy content loads. */
  loading: string;
  /** Shown at once when open, above the content that loads. */
  before?: ReactNode;
  children: ReactNode;
}) {
  const [open, setOpen] = useState(false);
  const regionId = useId();
  return (
    <section className="trading-specs" aria-label={label}>
      <p>
        <button
          type="button"
          className="button button--secondary"
          aria-expanded={open}
          aria-controls={regionId}
          onClick={() => setOpen((value) => !value)}
        >
          {open ? `Hide ${what}` : `Show ${what}`}
        </button>
      </p>
      <div id={regionId}>
        {open ? (
          <>
            {before}
            <Suspense fallback={<p role="status">{loading}</p>}>{children}</Suspense>
          </>
        ) : null}
      </div>
    </section>
  );
}
