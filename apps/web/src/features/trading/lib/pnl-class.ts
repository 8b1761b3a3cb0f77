import { pnlTone } from '../../../lib/pnl-tone';

const CLASSES = { gain: 'trade-up', loss: 'trade-down', flat: undefined } as const;

/** The terminal's colour for a P/L: green above zero, red below, none at zero. */
export function pnlClass(minor: number): string | undefined {
  return CLASSES[pnlTone(minor)];
}
