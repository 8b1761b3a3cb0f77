// The rates the trading engine charges at each rollover (docs/product.md §11.13), on request:
// the table of every instrument loads only when a visitor opens it (public page budget).
import { lazy } from 'react';
import { ShownOnRequest } from './shown-on-request';

const SwapRatesTable = lazy(() => import('./swap-rates-table'));

export function SwapRates() {
  return (
    <ShownOnRequest label="Swap rates" what="swap rates" loading="Loading swap rates…">
      <SwapRatesTable />
    </ShownOnRequest>
  );
}
