// CSV for exports (docs/product.md §7): RFC 4180 quoting, and cells that begin like a spreadsheet
// formula are prefixed with an apostrophe so opening the file never runs them.

/**
 * One cell: quoted when it holds a separator, quote or line break, and prefixed with an
 * apostrophe when it starts with = + - @ (or a tab / carriage return).
 */
export function csvCell(value: string): string {
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

/**
 * A number the server formatted itself ("-5.00", "1.10015"), written as it is: a spreadsheet
 * reads "-5.00" as minus five, not as a formula, and an apostrophe would turn it into text
 * that no longer sums. Anything but a plain signed decimal is refused, so no text (a staff
 * note, a name) can pass through here unguarded.
 */
export interface CsvNumber {
  readonly csvNumber: string;
}

const PLAIN_NUMBER = /^-?\d+(?:\.\d+)?$/;

export function csvNumber(text: string): CsvNumber {
  if (!PLAIN_NUMBER.test(text)) throw new TypeError(`not a plain number for CSV: ${text}`);
  return { csvNumber: text };
}

/** Text cells (strings) are quoted and guarded; numbers from csvNumber are written as they are. */
export function csvLine(cells: readonly (string | CsvNumber)[]): string {
  const written = cells.map((cell) => (typeof cell === 'string' ? csvCell(cell) : cell.csvNumber));
  return `${written.join(',')}\r\n`;
}

/** Cents as a plain decimal ("1234.50", "-5.00") for spreadsheets. */
export function plainDollars(cents: number): string {
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(cents);
  return `${sign}${Math.trunc(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}
