// The rates the trading engine charges at each rollover (docs/product.md §11.13), on request:
// the table of every instrument loads only when a visitor opens it (public page budget).
import { lazy, Suspense, useId, useState } from 'react';

const SwapRatesTable = lazy(() => import('./swap-rates-table'));

export function SwapRates() {
  const [open, setOpen] = useState(false);
  const regionId = useId();
  return (
    <section className="trading-specs" aria-label="Swap rates">
      <p>
        <button
          type="button"
          className="button button--secondary"
          aria-expanded={open}
          aria-controls={regionId}
          onClick={() => setOpen((value) => !value)}
        >
          {open ? 'Hide swap rates' : 'Show swap rates'}
        </button>
      </p>
      <div id={regionId}>
        {open ? (
          <Suspense fallback={<p role="status">Loading swap rates…</p>}>
            <SwapRatesTable />
          </Suspense>
        ) : null}
      </div>
    </section>
  );
}
