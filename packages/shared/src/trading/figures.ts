// An account's figures (PRODUCT §11.5) and the risk thresholds (§11.12), in integer cents.
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
