// "Trading specifications": the figures the trading engine uses for the instruments a page
// lists (contract, volumes, leverage, spread, stops level, hours, swaps). The seed's table above
// stays as published; this one opens on request and loads its data then (public page budget).
import { lazy } from 'react';
import { ShownOnRequest } from './shown-on-request';

const TradingSpecsTable = lazy(() => import('./trading-specs-table'));

export function TradingSpecs({ caption, names }: { caption: string; names: readonly string[] }) {
  return (
    <ShownOnRequest
      label="Trading specifications"
      what="trading specifications"
      loading="Loading trading specifications…"
      before={
        <p className="trade-note">
          These are the figures our trading terminal uses. Volumes are in lots, the week runs from
          Sunday 21:00 to Friday 21:00 UTC, and swaps are charged at 21:00 UTC (three times on
          Wednesdays); the swap rates are illustrative.
        </p>
      }
    >
      <TradingSpecsTable caption={caption} names={names} />
    </ShownOnRequest>
  );
}
