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

export function csvLine(cells: readonly string[]): string {
  return `${cells.map(csvCell).join(',')}\r\n`;
}

/** Cents as a plain decimal ("1234.50", "-5.00") for spreadsheets. */
export function plainDollars(cents: number): string {
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(cents);
  return `${sign}${Math.trunc(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}
