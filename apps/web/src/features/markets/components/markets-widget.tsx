import type { MarketQuote, MarketTab } from '@brokerdesk/shared';
import { useId, useRef, useState, type KeyboardEvent } from 'react';
import { Link } from 'react-router';
import { paths } from '../../../config/paths';
import { changeDirection, formatChange, formatPrice } from './format';
import { SampleBadge } from './sample-badge';

export const MARKET_TAB_LABELS: Record<MarketTab, string> = {
  popular: 'Popular',
  forex: 'Forex',
  futures: 'Futures',
  indexes: 'Indexes',
};
const TABS = Object.keys(MARKET_TAB_LABELS) as MarketTab[];

export interface MarketsWidgetProps {
  quotes: Record<MarketTab, readonly MarketQuote[]>;
  /** true while the figures are the bundled sample (labelled "Sample data"). */
  sample: boolean;
  /** The badge's words while `sample` (default "Sample data"). */
  label?: string;
}

/** Global markets: WAI-ARIA tabs (arrow keys, Home, End) over a name/bid/ask/change table. */
export function MarketsWidget({ quotes, sample, label }: MarketsWidgetProps) {
  const [active, setActive] = useState<MarketTab>('popular');
  const tabRefs = useRef<Partial<Record<MarketTab, HTMLButtonElement | null>>>({});
  const baseId = useId();
  const tabId = (tab: MarketTab) => `${baseId}-tab-${tab}`;
  const panelId = `${baseId}-panel`;

  function select(tab: MarketTab) {
    setActive(tab);
    tabRefs.current[tab]?.focus();
  }

  function onKeyDown(event: KeyboardEvent<HTMLButtonElement>) {
    const index = TABS.indexOf(active);
    let next: MarketTab | undefined;
    if (event.key === 'ArrowRight') next = TABS[(index + 1) % TABS.length];
    else if (event.key === 'ArrowLeft') next = TABS[(index - 1 + TABS.length) % TABS.length];
    else if (event.key === 'Home') next = TABS[0];
    else if (event.key === 'End') next = TABS[TABS.length - 1];
    if (next) {
      event.preventDefault();
      select(next);
    }
  }

  return (
    <section className="markets" aria-labelledby={`${baseId}-title`}>
      <div className="container">
        <div className="markets-head">
          <h2 id={`${baseId}-title`}>Global markets</h2>
          {sample ? <SampleBadge label={label} /> : null}
        </div>
        <div role="tablist" aria-label="Market" className="markets-tabs">
          {TABS.map((tab) => (
            <button
              key={tab}
              ref={(element) => {
                tabRefs.current[tab] = element;
              }}
              type="button"
              role="tab"
              id={tabId(tab)}
              aria-selected={tab === active}
              aria-controls={panelId}
              tabIndex={tab === active ? 0 : -1}
              className="markets-tab"
              onClick={() => setActive(tab)}
              onKeyDown={onKeyDown}
            >
              {MARKET_TAB_LABELS[tab]}
            </button>
          ))}
        </div>
        <div
          role="tabpanel"
          id={panelId}
          aria-labelledby={tabId(active)}
          tabIndex={0}
          className="markets-panel"
        >
          <table className="markets-table">
            <thead>
              <tr>
                <th scope="col">Name</th>
                <th scope="col">Bid</th>
                <th scope="col">Ask</th>
                <th scope="col">Change</th>
              </tr>
            </thead>
            <tbody>
              {quotes[active].map((quote) => (
                <tr key={quote.name}>
                  <th scope="row">{quote.name}</th>
                  <td>{formatPrice(quote.bid)}</td>
                  <td>{formatPrice(quote.ask)}</td>
                  <td className={`change change--${changeDirection(quote.changePercent)}`}>
                    {formatChange(quote.changePercent)}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
        <Link to={paths.register} className="button button--primary button--large">
          OPEN LIVE ACCOUNT
        </Link>
      </div>
    </section>
  );
}
