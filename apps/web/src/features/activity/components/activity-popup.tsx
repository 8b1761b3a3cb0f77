import type { ActivityEvent } from '@brokerdesk/shared';
import { useEffect, useRef, useState } from 'react';
import { getRecentActivity } from '../api/get-recent-activity';
import './activity-popup.css';

/** docs/origin.md §4 / §9: fetched once at load and every 20 s; each event stays 8 s. */
export const ACTIVITY_POLL_MS = 20_000;
export const ACTIVITY_VISIBLE_MS = 8_000;

/** Up to this age an event "just" happened; older ones say when (issue 16). */
export const JUST_NOW_MS = 5 * 60_000;

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** "12 minutes ago", "2 hours ago", "3 days ago" (English, whole units rounded down). */
export function timeAgo(ageMs: number): string {
  const [unit, size] =
    ageMs < HOUR
      ? (['minute', MINUTE] as const)
      : ageMs < DAY
        ? (['hour', HOUR] as const)
        : (['day', DAY] as const);
  return new Intl.RelativeTimeFormat('en').format(-Math.max(1, Math.floor(ageMs / size)), unit);
}

/**
 * "A client from GERMANY just opened an account" for the last few minutes, then "A client from
 * GERMANY opened an account 2 hours ago": nothing but the country, the kind and when. The popup
 * shows events up to ACTIVITY_WINDOW_HOURS old (24 h by default), and "just" must not stretch that
 * far. Called when an event is shown, in the browser, never while pre-rendering.
 */
export function describeActivity(event: ActivityEvent, now: number = Date.now()): string {
  const from = `A client from ${event.country.toUpperCase()}`;
  const age = now - Date.parse(event.at);
  const what =
    event.kind === 'plan-subscribed'
      ? event.planName
        ? `subscribed to the ${event.planName} plan`
        : 'subscribed to a plan'
      : 'opened an account';
  if (Number.isNaN(age)) return `${from} ${what}`; // an unreadable time claims no recency
  return age < JUST_NOW_MS ? `${from} just ${what}` : `${from} ${what} ${timeAgo(age)}`;
}

/**
 * Real, anonymised recent events (docs/product.md §1.1). Renders nothing until the first fetch has
 * answered (so never during pre-rendering); hidden when there is no event, when the operator
 * switched it off, or when the fetch fails. Closing it stops it for the rest of the visit.
 */
export function ActivityPopup() {
  const [answered, setAnswered] = useState(false);
  const ready = useRef(false);
  const [shown, setShown] = useState<ActivityEvent | null>(null);
  const [dismissed, setDismissed] = useState(false);
  const nextIndex = useRef(0);

  useEffect(() => {
    if (dismissed) return;
    const controller = new AbortController();
    let hideTimer: number | undefined;

    const load = async () => {
      // A background tab skips its turns; the next one after it is shown fetches again.
      if (ready.current && document.visibilityState === 'hidden') return;
      try {
        const { enabled, events } = await getRecentActivity(controller.signal);
        const event = enabled ? events[nextIndex.current % Math.max(events.length, 1)] : undefined;
        window.clearTimeout(hideTimer);
        if (event) {
          nextIndex.current += 1;
          setShown(event);
          hideTimer = window.setTimeout(() => setShown(null), ACTIVITY_VISIBLE_MS);
        } else {
          setShown(null);
        }
      } catch (error) {
        if (controller.signal.aborted) return;
        console.warn('Failed to fetch recent activity', error);
        setShown(null);
      }
      ready.current = true;
      setAnswered(true);
    };

    void load();
    const poll = window.setInterval(() => void load(), ACTIVITY_POLL_MS);
    return () => {
      controller.abort();
      window.clearInterval(poll);
      window.clearTimeout(hideTimer);
    };
  }, [dismissed]);

  if (!answered || dismissed) return null;

  return (
    <div className="activity-region" role="status" aria-live="polite">
      {shown ? (
        <div className="activity-popup">
          <p className="activity-text">{describeActivity(shown)}</p>
          <button
            type="button"
            className="activity-close"
            aria-label="Close notification"
            onClick={() => {
              setShown(null);
              setDismissed(true);
            }}
          >
            <span aria-hidden="true">×</span>
          </button>
        </div>
      ) : null}
    </div>
  );
}
