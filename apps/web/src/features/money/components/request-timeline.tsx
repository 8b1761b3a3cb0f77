import type { TransactionEvent } from '@brokerdesk/shared';
import { Timestamp } from '../../../components/ui/timestamp';
import { TRANSACTION_EVENT_LABELS } from '../../../lib/transaction-text';

/** What happened to a request, oldest first, with the reason staff gave. */
export function RequestTimeline({ events }: { events: readonly TransactionEvent[] }) {
  if (events.length === 0) return null;
  return (
    <ol className="money-timeline" aria-label="Timeline">
      {events.map((event, index) => (
        <li
          key={`${event.kind}-${event.at}-${index}`}
          className={`money-event money-event--${event.kind}`}
        >
          <span className="money-event-kind">{TRANSACTION_EVENT_LABELS[event.kind]}</span>{' '}
          <Timestamp value={event.at} />
          {event.reason ? (
            <span className="money-event-reason"> — Reason: {event.reason}</span>
          ) : null}
        </li>
      ))}
    </ol>
  );
}
