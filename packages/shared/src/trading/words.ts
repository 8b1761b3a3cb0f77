// Words for what the trading engine stores as codes, said the same way everywhere a person reads
// them: the client's terminal, the dealing desk and the trade confirmation e-mails (decision 137).

export function sideText(side: 'buy' | 'sell'): string {
  return side === 'buy' ? 'Buy' : 'Sell';
}

const REASONS: Record<string, string> = {
  sl: 'Stop loss',
  tp: 'Take profit',
  stop_out: 'Stop out',
  staff: 'Closed by the dealing desk',
  reset: 'Demo account reset',
};

/**
 * "Stop loss", "Take profit", "Closed by you" (to the client; "Closed by the client" to
 * staff), "Closed by the dealing desk (“<why>”)" … The desk's reason is shown as staff wrote
 * it: the client is told who closed it and why.
 */
export function dealReasonText(
  deal: {
    reason: string;
    note?: string | null;
    entry?: 'in' | 'out';
    trailing?: boolean;
  },
  reader: 'client' | 'staff' = 'client',
): string {
  if (deal.entry === 'in') return deal.reason === 'client' ? 'Opened' : 'Order filled';
  if (deal.reason === 'sl' && deal.trailing) return 'Trailing stop';
  if (deal.reason === 'client')
    return reader === 'client' ? 'Closed by you' : 'Closed by the client';
  const text = REASONS[deal.reason] ?? deal.reason;
  if (deal.reason === 'staff' && deal.note) return `${text} (“${deal.note}”)`;
  return text;
}
