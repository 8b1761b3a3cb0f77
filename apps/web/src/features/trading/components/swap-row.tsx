import { formatCents } from '@brokerdesk/shared';
import { DateTime } from '../../../components/ui/date-time';
import type { TradingSwap } from '../api/types';
import { pnlClass } from '../lib/pnl-class';

/**
 * One night's swap on one position, as its own line of the history (§11.13): "Swap · EUR/USD ·
 * buy 0.10", the rollover it was posted at, and what it charged or credited. A Wednesday night
 * counts three nights (the weekend's), and says so.
 */
export function SwapRow({
  swap,
  names,
}: {
  swap: TradingSwap;
  names: ReadonlyMap<string, string>;
}) {
  const charged = swap.amountMinor < 0;
  return (
    <li className="trade-row trade-deal trade-swap">
      <h3 className="trade-row-title">
        Swap · {names.get(swap.symbol) ?? swap.symbol} · {swap.side} {swap.volume}
      </h3>
      <dl className="trade-row-facts">
        <div>
          <dt>Rollover</dt>
          <dd>
            <DateTime value={swap.rolloverAt} withTime />
          </dd>
        </div>
        <div>
          <dt>{charged ? 'Swap charged' : 'Swap credited'}</dt>
          <dd className={pnlClass(swap.amountMinor)}>{formatCents(swap.amountMinor)}</dd>
        </div>
        {swap.multiplier > 1 ? (
          <div>
            <dt>Nights</dt>
            <dd>{swap.multiplier} (Wednesday counts the weekend)</dd>
          </div>
        ) : null}
      </dl>
    </li>
  );
}
