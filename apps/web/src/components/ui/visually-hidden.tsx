import type { ReactNode } from 'react';
import './visually-hidden.css';

/** The class for elements only assistive technology should meet (e.g. a chart's data table). */
export const VISUALLY_HIDDEN = 'visually-hidden';

/** Text for screen readers only, e.g. the row a button acts on: "Reject<hidden>: deposit…". */
export function VisuallyHidden({ children }: { children: ReactNode }) {
  return <span className={VISUALLY_HIDDEN}>{children}</span>;
}
