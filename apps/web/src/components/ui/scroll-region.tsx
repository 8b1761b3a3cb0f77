import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import './scroll-region.css';

export const SCROLL_HINT = 'Scroll sideways to see every column';

/**
 * A box that scrolls sideways on a narrow screen instead of widening the page, with a visible hint
 * while its content is wider than the box (a clipped table otherwise looks complete on a phone).
 * The box is a labelled region that takes focus, so keyboard users can scroll it with the arrow
 * keys. Whether it overflows is measured after hydration: the pre-rendered HTML has no hint, and
 * the edge shadows (CSS) show without JavaScript.
 */
export function ScrollRegion({
  labelledBy,
  hint = SCROLL_HINT,
  className,
  children,
}: {
  /** Id of the element that names the region (a table's caption). */
  labelledBy: string;
  hint?: string;
  className?: string;
  children: ReactNode;
}) {
  const hintId = useId();
  const box = useRef<HTMLDivElement>(null);
  const [overflowing, setOverflowing] = useState(false);

  useEffect(() => {
    const element = box.current;
    if (!element) return;
    const measure = () => setOverflowing(element.scrollWidth > element.clientWidth + 1);
    measure();
    if (typeof ResizeObserver !== 'function') return;
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    if (element.firstElementChild) observer.observe(element.firstElementChild);
    return () => observer.disconnect();
  }, []);

  return (
    <div className={className ? `scroll-region-frame ${className}` : 'scroll-region-frame'}>
      <p id={hintId} className="scroll-region-hint" hidden={!overflowing}>
        <span aria-hidden="true">↔ </span>
        {hint}
      </p>
      <div
        ref={box}
        className="scroll-region"
        role="region"
        aria-labelledby={labelledBy}
        aria-describedby={overflowing ? hintId : undefined}
        tabIndex={0}
      >
        {children}
      </div>
    </div>
  );
}
