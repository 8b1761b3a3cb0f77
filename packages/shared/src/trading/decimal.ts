// The API carries prices and lots as decimal strings (docs/product.md §11.1); the engine works in
// integer points and centilots. These convert between the two without floats. A string is
// accepted only in plain form (digits, one optional point, digits): no sign, exponent, spaces
// or leading "+", and never more decimals than the unit allows.

const PLAIN_DECIMAL = /^(\d+)(?:\.(\d+))?$/;

function parseScaled(text: string, decimals: number): number | null {
  const m = PLAIN_DECIMAL.exec(text);
  if (!m) return null;
  const whole = m[1] ?? '';
  const fraction = m[2] ?? '';
  if (fraction.length > decimals) return null;
  const value = BigInt(whole + fraction.padEnd(decimals, '0'));
  if (value > BigInt(Number.MAX_SAFE_INTEGER)) return null;
  return Number(value);
}

function formatScaled(value: number, decimals: number): string {
  if (!Number.isSafeInteger(value)) throw new RangeError(`Not an integer amount: ${value}`);
  const negative = value < 0;
  const digits = String(Math.abs(value)).padStart(decimals + 1, '0');
  const whole = digits.slice(0, digits.length - decimals);
  const body = decimals === 0 ? whole : `${whole}.${digits.slice(digits.length - decimals)}`;
  return negative ? `-${body}` : body;
}

/** "1.10015" with digits 5 → 110015; null when malformed or with more than `digits` decimals. */
export function parsePoints(text: string, digits: number): number | null {
  return parseScaled(text, digits);
}

/** 110015 with digits 5 → "1.10015" (always exactly `digits` decimals). */
export function formatPoints(points: number, digits: number): string {
  return formatScaled(points, digits);
}

/** "0.1" or "0.10" → 10 centilots; null when malformed or with more than 2 decimals. */
export function parseLots(text: string): number | null {
  return parseScaled(text, 2);
}

/** 10 centilots → "0.10". */
export function formatLots(centilots: number): string {
  return formatScaled(centilots, 2);
}

/** A swap rate (points per lot per night) in hundredths of a point: −500 → "-5.00". */
export function formatSwapRate(hundredths: number): string {
  return formatScaled(hundredths, 2);
}

/** "-5.00" or "1.5" → hundredths of a point; null when malformed or with more than 2 decimals. */
export function parseSwapRate(text: string): number | null {
  const negative = text.startsWith('-');
  const value = parseScaled(negative ? text.slice(1) : text, 2);
  return value === null ? null : negative && value !== 0 ? -value : value;
}
