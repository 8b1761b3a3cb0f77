// How a profit or loss is coloured, the same in the client's terminal and the back office.

export type PnlTone = 'gain' | 'loss' | 'flat';

/**
 * Only a P/L above zero is a gain and only one below zero a loss: zero (an opening deal, a
 * position at its open price) is neither, so it is shown in neither green nor red.
 */
export function pnlTone(minor: number): PnlTone {
  if (minor > 0) return 'gain';
  if (minor < 0) return 'loss';
  return 'flat';
}
