// "Trading specifications": the figures the trading engine uses for the instruments a page
// lists (contract, volumes, leverage, spread, stops level, hours, swaps). The seed's table above
// stays as published; this one opens on request and loads its data then (public page budget).
import { lazy, Suspense, useId, useState } from 'react';

const TradingSpecsTable = lazy(() => import('./trading-specs-table'));

export function TradingSpecs({ caption, names }: { caption: string; names: readonly string[] }) {
  const [open, setOpen] = useState(false);
  const regionId = useId();
  return (
    <section className="trading-specs" aria-label="Trading specifications">
      <p>
        <button
          type="button"
          className="button button--secondary"
          aria-expanded={open}
          aria-controls={regionId}
          onClick={() => setOpen((value) => !value)}
        >
          {open ? 'Hide trading specifications' : 'Show trading specifications'}
        </button>
      </p>
      <div id={regionId}>
        {open ? (
          <>
            <p className="trade-note">
              These are the figures our trading terminal uses. Volumes are in lots, the week runs
              from Sunday 21:00 to Friday 21:00 UTC, and swaps are charged at 21:00 UTC (three times
              on Wednesdays); the swap rates are illustrative.
            </p>
            <Suspense fallback={<p role="status">Loading trading specifications…</p>}>
              <TradingSpecsTable caption={caption} names={names} />
            </Suspense>
          </>
        ) : null}
      </div>
    </section>
  );
}
