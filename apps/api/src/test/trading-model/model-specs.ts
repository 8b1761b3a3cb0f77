// The instruments the model knows, worked out by hand from docs/product.md §11.2 and the catalogue's
// display rows (never read from packages/shared: the model must be able to disagree with it).
//
//   EUR/USD, GBP/USD  3 pips, 1:200, 24h   → forex, digits 5, spread 3 × 10 = 30 points
//   USD/JPY           3 pips, 1:200, 24h   → forex, digits 3 (JPY quote), spread 30 points
//   EUR/GBP           4 pips, 1:200, 24h   → forex, digits 5, spread 40 points
//   GOLD: XAUUSD      60 (0.01), 1:50      → metal, digits 2, spread 60 points, contract 100
//   JPN225            2 index points, 1:20 → index, digits 2, spread 2 × 100 = 200 points, JPY
//
// Forex: contract 100,000, 0.01 / 0.01 / 50 lots, swaps −5.00 / −5.00 points. Metals: 0.10 /
// 0.01 / 20 lots, swaps −30.00 / −15.00. Indexes: contract 1, 0.01 / 0.01 / 100 lots, swaps
// −50.00 / −50.00. The stops level is the spread (no staff markup). All six trade "24h", i.e.
// the whole weekly window.

export interface ModelSpec {
  symbol: string;
  base: string;
  quote: string;
  digits: number;
  spread: number; // points
  stopsLevel: number; // points
  contract: number;
  minVolume: number; // centilots
  volumeStep: number;
  maxVolume: number;
  leverage: number;
  swapLong: number; // hundredths of a point per lot per night
  swapShort: number;
}

function forex(symbol: string, digits: number, spread: number): ModelSpec {
  return {
    symbol,
    base: symbol.slice(0, 3),
    quote: symbol.slice(3),
    digits,
    spread,
    stopsLevel: spread,
    contract: 100_000,
    minVolume: 1,
    volumeStep: 1,
    maxVolume: 5_000,
    leverage: 200,
    swapLong: -500,
    swapShort: -500,
  };
}

export const MODEL_SPECS: Readonly<Record<string, ModelSpec>> = {
  EURUSD: forex('EURUSD', 5, 30),
  GBPUSD: forex('GBPUSD', 5, 30),
  USDJPY: forex('USDJPY', 3, 30),
  EURGBP: forex('EURGBP', 5, 40),
  XAUUSD: {
    symbol: 'XAUUSD',
    base: 'XAU',
    quote: 'USD',
    digits: 2,
    spread: 60,
    stopsLevel: 60,
    contract: 100,
    minVolume: 10,
    volumeStep: 1,
    maxVolume: 2_000,
    leverage: 50,
    swapLong: -3_000,
    swapShort: -1_500,
  },
  JPN225: {
    symbol: 'JPN225',
    base: 'JPN225',
    quote: 'JPY',
    digits: 2,
    spread: 200,
    stopsLevel: 200,
    contract: 1,
    minVolume: 1,
    volumeStep: 1,
    maxVolume: 10_000,
    leverage: 20,
    swapLong: -5_000,
    swapShort: -5_000,
  },
};

export const MODEL_SYMBOLS = Object.keys(MODEL_SPECS);

export function modelSpec(symbol: string): ModelSpec | undefined {
  return Object.prototype.hasOwnProperty.call(MODEL_SPECS, symbol)
    ? MODEL_SPECS[symbol]
    : undefined;
}

/** "1.10015" with 5 digits → 110015; null when not a plain decimal or too many decimals. */
export function readDecimal(text: string, digits: number): number | null {
  const match = /^(\d+)(?:\.(\d+))?$/.exec(text);
  if (!match) return null;
  const fraction = match[2] ?? '';
  if (fraction.length > digits) return null;
  const value = BigInt(match[1] + fraction.padEnd(digits, '0'));
  return value > BigInt(Number.MAX_SAFE_INTEGER) ? null : Number(value);
}

/** 110015 with 5 digits → "1.10015". */
export function writeDecimal(value: number, digits: number): string {
  const negative = value < 0;
  const text = String(Math.abs(value)).padStart(digits + 1, '0');
  const whole = text.slice(0, text.length - digits);
  const body = digits === 0 ? whole : `${whole}.${text.slice(text.length - digits)}`;
  return negative ? `-${body}` : body;
}
