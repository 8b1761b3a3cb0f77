import { useId, useMemo, useState } from 'react';
import type { TradingInstrument } from '../api/types';
import type { LiveQuote } from '../hooks/use-quote-stream';
import { priceSourceLabel } from '../../../lib/price-source';

/**
 * Every instrument with its live bid and ask and the day's change. A row's name is a button
 * that chooses the instrument for the chart and the ticket; a filter narrows the 73 rows.
 */
export function InstrumentList({
  instruments,
  quotes,
  changes,
  selected,
  onSelect,
  priceSource,
}: {
  instruments: readonly TradingInstrument[] | undefined;
  quotes: ReadonlyMap<string, LiveQuote>;
  changes: ReadonlyMap<string, string | null>;
  selected: string;
  onSelect: (symbol: string) => void;
  priceSource: string | undefined;
}) {
  const headingId = useId();
  const [filter, setFilter] = useState('');
  const rows = useMemo(() => {
    const term = filter.trim().toLowerCase().replace('/', '');
    if (!instruments) return [];
    if (!term) return instruments;
    return instruments.filter(
      (row) =>
        row.symbol.toLowerCase().includes(term) ||
        row.displayName.toLowerCase().replace('/', '').includes(term),
    );
  }, [instruments, filter]);

  return (
    <section className="trade-card trade-instruments" aria-labelledby={headingId}>
      <div className="trade-card-head">
        <h2 id={headingId} className="trade-card-title">
          Instruments
        </h2>
        <span className="trade-source">{priceSourceLabel(priceSource)}</span>
      </div>
      <label className="field-label" htmlFor={`${headingId}-filter`}>
        Find an instrument
      </label>
      <input
        id={`${headingId}-filter`}
        className="field-input"
        type="search"
        value={filter}
        onChange={(event) => setFilter(event.target.value)}
        autoComplete="off"
      />
      {!instruments ? (
        <p className="trade-note">Loading instruments…</p>
      ) : rows.length === 0 ? (
        <p className="trade-note">No instrument matches.</p>
      ) : (
        <div
          className="trade-instrument-scroll"
          tabIndex={0}
          role="region"
          aria-label="Instrument prices"
        >
          <table className="trade-instrument-table">
            <thead>
              <tr>
                <th scope="col">Instrument</th>
                <th scope="col">Bid</th>
                <th scope="col">Ask</th>
                <th scope="col">Change</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((row) => {
                const quote = quotes.get(row.symbol);
                const change = changes.get(row.symbol);
                const negative = change?.startsWith('-') ?? false;
                // No move is neither up nor down: "0.00%", uncoloured.
                const flat = change != null && /^-?0(\.0+)?$/.test(change);
                return (
                  <tr
                    key={row.symbol}
                    className={row.symbol === selected ? 'is-selected' : undefined}
                  >
                    <th scope="row">
                      <button
                        type="button"
                        className="trade-instrument-button"
                        aria-pressed={row.symbol === selected}
                        onClick={() => onSelect(row.symbol)}
                      >
                        {row.displayName}
                      </button>
                      {!row.tradingEnabled ? (
                        <span className="trade-closed">Suspended</span>
                      ) : !row.open ? (
                        <span className="trade-closed">Closed</span>
                      ) : null}
                    </th>
                    <td>{quote?.bid ?? '—'}</td>
                    <td>{quote?.ask ?? '—'}</td>
                    <td className={flat ? undefined : negative ? 'trade-down' : 'trade-up'}>
                      {change == null ? '—' : flat ? '0.00%' : `${negative ? '' : '+'}${change}%`}
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
