// Words the terminal shows for what the API sends as codes.
import type { TradingDeal } from '../api/types';

/** "Simulated prices" for the simulator and replays (PRODUCT §11.1); a real feed names itself. */
export function priceSourceLabel(source: string | undefined): string {
  if (source === undefined || source === 'simulated' || source === 'replay')
    return 'Simulated prices';
  return `Prices from ${source}`;
}

const REASONS: Record<string, string> = {
  client: 'Closed by you',
  sl: 'Stop loss',
  tp: 'Take profit',
  stop_out: 'Stop out',
  staff: 'Closed by staff',
  reset: 'Demo account reset',
};

/** "Stop loss", "Take profit", "Closed by you", "Closed by staff: <why>" … */
export function dealReasonText(
  deal: Pick<TradingDeal, 'reason' | 'closedBy' | 'entry' | 'trailing'>,
): string {
  if (deal.entry === 'in') return deal.reason === 'client' ? 'Opened' : 'Order filled';
  if (deal.reason === 'sl' && deal.trailing) return 'Trailing stop';
  const text = REASONS[deal.reason] ?? deal.reason;
  if (deal.reason === 'staff' && deal.closedBy) return `${text}: ${deal.closedBy}`;
  return text;
}

export function sideText(side: 'buy' | 'sell'): string {
  return side === 'buy' ? 'Buy' : 'Sell';
}

/** "EUR/USD" for EURUSD when the instrument list has not answered yet. */
export function displayNameOf(
  symbol: string,
  names: ReadonlyMap<string, string> | undefined,
): string {
  return names?.get(symbol) ?? symbol;
}
