import type { ReactNode } from 'react';
import './table-frame.css';

/**
 * A table that scrolls sideways on a narrow screen instead of widening the page. The scrolling
 * box is a labelled region that takes focus, so keyboard users can scroll it too.
 */
export function TableFrame({ labelledBy, children }: { labelledBy: string; children: ReactNode }) {
  return (
    <div className="table-frame" role="region" aria-labelledby={labelledBy} tabIndex={0}>
      {children}
    </div>
  );
}
