import { useCallback, useEffect, useRef, useState, type RefObject } from 'react';
import './action-notice.css';

/** What came of a staff action, in words. */
export interface ActionOutcome {
  tone: 'success' | 'failure';
  text: string;
}

/**
 * The outcome of the last action on a page. When the acted-on row disappears (its buttons with
 * it), focus moves to the notice, so keyboard and screen-reader users are not left at the top.
 */
export function useActionNotice() {
  const [outcome, setOutcome] = useState<ActionOutcome | null>(null);
  // A counter, so two equal outcomes in a row still move focus.
  const [reports, setReports] = useState(0);
  const ref = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (reports === 0) return;
    const active = document.activeElement;
    if (!active || active === document.body || !active.isConnected) ref.current?.focus();
  }, [reports]);

  const report = useCallback((next: ActionOutcome) => {
    setOutcome(next);
    setReports((count) => count + 1);
  }, []);

  return { outcome, report, ref };
}

/** A polite status for successes and an alert for failures; both always in the page. */
export function ActionNotice({
  outcome,
  noticeRef,
}: {
  outcome: ActionOutcome | null;
  noticeRef: RefObject<HTMLDivElement | null>;
}) {
  return (
    <div ref={noticeRef} tabIndex={-1} className="bo-action-notice">
      <p
        role="status"
        className={outcome?.tone === 'success' ? 'result-line result-line--success' : 'result-line'}
      >
        {outcome?.tone === 'success' ? outcome.text : ''}
      </p>
      <p role="alert" className="form-error">
        {outcome?.tone === 'failure' ? outcome.text : ''}
      </p>
    </div>
  );
}
