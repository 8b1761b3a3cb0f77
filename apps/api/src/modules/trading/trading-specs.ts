// The instrument a stored row names: every stored symbol passed findSpec when it was written.
import { findSpec } from '@brokerdesk/shared/trading';
import type { TradingSpec } from '@brokerdesk/shared/trading';

export function specOf(symbol: string): TradingSpec {
  const spec = findSpec(symbol);
  if (!spec) throw new Error(`no trading spec for stored symbol ${symbol}`);
  return spec;
}
