/** "+1.02%", "−0.38%" (a real minus sign), "0.00%": the sign is a cue besides colour. */
export function formatChange(changePercent: number): string {
  const fixed = Math.abs(changePercent).toFixed(2);
  if (changePercent > 0) return `+${fixed}%`;
  if (changePercent < 0) return `\u2212${fixed}%`;
  return `${fixed}%`;
}

export type ChangeDirection = 'up' | 'down' | 'flat';

export function changeDirection(changePercent: number): ChangeDirection {
  if (changePercent > 0) return 'up';
  if (changePercent < 0) return 'down';
  return 'flat';
}

/** Prices as published (no locale-dependent grouping, so pre-rendered HTML is stable). */
export function formatPrice(value: number): string {
  return String(value);
}
