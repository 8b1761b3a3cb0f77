// An account's figures (docs/product.md §11.5) and the risk thresholds (§11.12), in integer cents.
// Margin level ≤ 100% ⇔ equity ≤ used; ≤ 20% ⇔ 5 × equity ≤ used: no division decides a rule.

export interface AccountFigures {
  equityMinor: number;
  usedMarginMinor: number;
  freeMarginMinor: number;
  /** equity × 100 / used, truncated to 2 decimals ("18173.05"); null with no margin used. */
  marginLevel: string | null;
  withdrawableMinor: number;
  marginCall: boolean;
  stopOut: boolean;
}

/** Margin level as a percentage string, truncated toward zero to 2 decimals. */
export function marginLevelText(equityMinor: number, usedMarginMinor: number): string | null {
  if (usedMarginMinor <= 0) return null;
  const hundredths = (BigInt(equityMinor) * 10_000n) / BigInt(usedMarginMinor);
  const negative = hundredths < 0n;
  const abs = negative ? -hundredths : hundredths;
  const text = `${abs / 100n}.${String(abs % 100n).padStart(2, '0')}`;
  return negative ? `-${text}` : text;
}

export function accountFigures(a: {
  balanceMinor: number;
  positions: readonly { marginMinor: number; floatingPnlMinor: number }[];
}): AccountFigures {
  let equity = a.balanceMinor;
  let used = 0;
  for (const p of a.positions) {
    equity += p.floatingPnlMinor;
    used += p.marginMinor;
  }
  const free = equity - used;
  return {
    equityMinor: equity,
    usedMarginMinor: used,
    freeMarginMinor: free,
    marginLevel: marginLevelText(equity, used),
    withdrawableMinor: Math.max(0, Math.min(a.balanceMinor, free)),
    marginCall: used > 0 && equity <= used,
    stopOut: used > 0 && 5 * equity <= used,
  };
}

/**
 * The margin check of §11.7: a fill is accepted only if free margin after it is > 0, counting
 * the new position's margin and its floating P/L at the fill tick (for a pending order when
 * placed: margin at the order price, P/L 0).
 */
export function fillKeepsFreeMargin(a: {
  balanceMinor: number;
  positions: readonly { marginMinor: number; floatingPnlMinor: number }[];
  added: { marginMinor: number; floatingPnlMinor: number };
}): boolean {
  return (
    accountFigures({ balanceMinor: a.balanceMinor, positions: [...a.positions, a.added] })
      .freeMarginMinor > 0
  );
}

/**
 * Stop-out order (§11.12): the largest floating loss first; ties by the larger margin, then the
 * lower id. For Array.prototype.sort; numeric ids (or digit strings) compare as numbers.
 */
export function compareStopOutPriority(
  a: { id: number | string | bigint; floatingPnlMinor: number; marginMinor: number },
  b: { id: number | string | bigint; floatingPnlMinor: number; marginMinor: number },
): number {
  if (a.floatingPnlMinor !== b.floatingPnlMinor) return a.floatingPnlMinor - b.floatingPnlMinor;
  if (a.marginMinor !== b.marginMinor) return b.marginMinor - a.marginMinor;
  const idA = numericId(a.id);
  const idB = numericId(b.id);
  const [x, y] = idA !== null && idB !== null ? [idA, idB] : [String(a.id), String(b.id)];
  return x < y ? -1 : x > y ? 1 : 0;
}

function numericId(id: number | string | bigint): bigint | null {
  if (typeof id === 'string') return /^\d+$/.test(id) ? BigInt(id) : null;
  return BigInt(id);
}

/** Negative balance protection (§11.12): the credit due when an account is flat and below 0. */
export function negativeBalanceCreditMinor(balanceMinor: number, openPositions: number): number {
  return openPositions === 0 && balanceMinor < 0 ? -balanceMinor : 0;
}
