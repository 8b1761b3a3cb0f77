// Words the terminal shows for what the API sends as codes.
import type { TradingDeal } from '../api/types';

const REASONS: Record<string, string> = {
  client: 'Closed by you',
  sl: 'Stop loss',
  tp: 'Take profit',
  stop_out: 'Stop out',
  staff: 'Closed by the dealing desk',
  reset: 'Demo account reset',
};

/**
 * "Stop loss", "Take profit", "Closed by you", "Closed by the dealing desk (“<why>”)" … The
 * desk's reason is shown as staff wrote it: the client is told who closed it and why.
 */
export function dealReasonText(
  deal: Pick<TradingDeal, 'reason' | 'note' | 'entry' | 'trailing'>,
): string {
  if (deal.entry === 'in') return deal.reason === 'client' ? 'Opened' : 'Order filled';
  if (deal.reason === 'sl' && deal.trailing) return 'Trailing stop';
  const text = REASONS[deal.reason] ?? deal.reason;
  if (deal.reason === 'staff' && deal.note) return `${text} (“${deal.note}”)`;
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
