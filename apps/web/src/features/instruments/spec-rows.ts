// The trading specifications the engine uses (docs/product.md §11.2), shaped for the instrument pages.
// Loaded only when a visitor opens the specifications (components/trading-specs.tsx), so the
// public pages' initial JavaScript does not carry the spec tables.
import {
  TRADING_SPECS,
  catalogueSymbol,
  findSpec,
  formatLots,
  formatPoints,
  type TradingSpec,
} from '@brokerdesk/shared/trading';

export interface SpecRow {
  symbol: string;
  instrument: string;
  contract: string;
  volume: string;
  leverage: string;
  spread: string;
  stopsLevel: string;
  hours: string;
  swaps: string;
}

const grouped = new Intl.NumberFormat('en-US');

/** What one lot is: 100,000 EUR; 1 BTC; 100 oz; 100 barrels; 1 EUR per index point. */
export function contractText(spec: TradingSpec): string {
  const size = grouped.format(spec.contractSize);
  switch (spec.class) {
    case 'metal':
      return `${size} oz`;
    case 'energy':
      return `${size} barrels`;
    case 'index':
      return `${size} ${spec.quote} per point`;
    default:
      return `${size} ${spec.base}`;
  }
}

/** A distance in points as a price difference, with pips where the class has them. */
export function distanceText(spec: TradingSpec, points: number): string {
  const price = formatPoints(points, spec.digits);
  if (spec.class !== 'forex' && spec.class !== 'crypto') return price;
  const pips = formatPoints(points, Math.log10(spec.pipPoints)).replace(/\.0$/, '');
  return `${price} (${pips} pips)`;
}

export function specRow(spec: TradingSpec): SpecRow {
  return {
    symbol: spec.symbol,
    instrument: spec.displayName,
    contract: contractText(spec),
    volume: `${formatLots(spec.minVolume)} / ${formatLots(spec.volumeStep)} / ${formatLots(spec.maxVolume)}`,
    leverage: `1:${spec.leverage}`,
    spread: distanceText(spec, spec.spreadPoints),
    stopsLevel: distanceText(spec, spec.stopsLevelPoints),
    hours: spec.hours,
    swaps: `${formatPoints(spec.swapLongHundredths, 2)} / ${formatPoints(spec.swapShortHundredths, 2)}`,
  };
}

/** The spec rows of catalogue names as the pages list them ('EUR/USD', 'GOLD: XAUUSD'). */
export function specRowsFor(names: readonly string[]): SpecRow[] {
  return names.flatMap((name) => {
    const spec = findSpec(catalogueSymbol(name));
    return spec ? [specRow(spec)] : [];
  });
}

export interface SwapRow {
  symbol: string;
  instrument: string;
  long: string;
  short: string;
  /** Who set the rate: the catalogue's default until the dealing desk changes it. */
  source: string;
}

/** Every instrument's swap rates, in points per lot per night (the /swaps page). */
export function swapRows(): SwapRow[] {
  return TRADING_SPECS.map((spec) => ({
    symbol: spec.symbol,
    instrument: spec.displayName,
    long: formatPoints(spec.swapLongHundredths, 2),
    short: formatPoints(spec.swapShortHundredths, 2),
    source: 'Illustrative default',
  }));
}
