/** Basis points as a percentage without float arithmetic: 290 → "2.9%", 1000 → "10%". */
export function formatBasisPoints(bp: number): string {
  const whole = Math.trunc(bp / 100);
  const fraction = String(Math.abs(bp % 100))
    .padStart(2, '0')
    .replace(/0+$/, '');
  return `${whole}${fraction ? `.${fraction}` : ''}%`;
}
