// Words the terminal shows (deals and sides: lib/deal-text.ts, shared with the back office).

/** "EUR/USD" for EURUSD when the instrument list has not answered yet. */
export function displayNameOf(
  symbol: string,
  names: ReadonlyMap<string, string> | undefined,
): string {
  return names?.get(symbol) ?? symbol;
}
