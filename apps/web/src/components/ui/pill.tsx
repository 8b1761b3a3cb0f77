import type { ReactNode } from 'react';
import './pill.css';

export type PillTone = 'neutral' | 'info' | 'success' | 'warning' | 'danger' | 'muted';

/** A status label whose meaning is in its text; the tone only repeats it in colour. */
export function Pill({ tone = 'neutral', children }: { tone?: PillTone; children: ReactNode }) {
  return <span className={`pill pill--${tone}`}>{children}</span>;
}
