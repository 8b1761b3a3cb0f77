import type { MarketQuote } from '@brokerdesk/shared';
import { changeDirection, formatChange, formatPrice } from './format';
import { SampleBadge } from './sample-badge';

export interface PriceTickerProps {
  /** null until /api/markets answers; the strip keeps its height meanwhile. */
  quotes: readonly MarketQuote[] | null;
  sample: boolean;
  /** The badge's words while `sample` (default "Sample data"). */
  label?: string;
}

/** A static strip of prices (no scrolling animation, so nothing moves on its own). */
export function PriceTicker({ quotes, sample, label }: PriceTickerProps) {
  return (
    <section className="ticker" aria-label="Prices">
      {/* Scrolls sideways on narrow screens; focusable so keyboard users can scroll it too. */}
      <div className="container ticker-inner" role="group" tabIndex={0} aria-label="Price list">
        {quotes === null ? (
          <p className="ticker-loading">Loading prices…</p>
        ) : (
          <>
            {sample ? <SampleBadge label={label} /> : null}
            <ul className="ticker-list">
              {quotes.map((quote) => (
                <li key={quote.name} className="ticker-item">
                  <span className="ticker-name">{quote.name}</span>{' '}
                  <span className="ticker-price">{formatPrice(quote.bid)}</span>{' '}
                  <span className={`change change--${changeDirection(quote.changePercent)}`}>
                    {formatChange(quote.changePercent)}
                  </span>
                </li>
              ))}
            </ul>
          </>
        )}
      </div>
    </section>
  );
}
