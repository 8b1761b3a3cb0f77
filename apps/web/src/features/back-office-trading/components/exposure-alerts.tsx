import { formatCents } from '@brokerdesk/shared';
import { useId } from 'react';
import { Link } from 'react-router';
import { Pill } from '../../../components/ui/pill';
import { TableFrame } from '../../../components/ui/table-frame';
import { TableCaption, TableHead } from '../../../components/ui/table-parts';
import { backOfficePaths } from '../../../config/back-office-paths';
import type { DeskBook } from '../api/dealing-desk';

/** At this share of a limit the desk is alerted (the API lists clients from here). */
const ALERT_PERCENT = 80;

/** "84 % of $30,000.00", with a warning from 80 % and a danger pill at 100 %; "None" without. */
export function LimitUse({
  percent,
  limitMinor,
}: {
  percent: number | null;
  limitMinor: number | null;
}) {
  if (limitMinor === null) return <>None</>;
  const text = `${percent ?? 0} % of ${formatCents(limitMinor)}`;
  if ((percent ?? 0) >= 100) return <Pill tone="danger">{text}</Pill>;
  if ((percent ?? 0) >= ALERT_PERCENT) return <Pill tone="warning">{text}</Pill>;
  return <>{text}</>;
}

/**
 * The desk's exposure alerts (decision 135): instruments whose book and clients whose open
 * positions have reached 80 % of their limit. Beyond 100 % new orders that add to them are
 * refused, so the desk acts before clients are.
 */
export function ExposureAlerts({ book }: { book: DeskBook }) {
  const captionId = useId();
  const headingId = useId();
  const instruments = book.instruments.filter(
    (row) => row.limitUsedPercent !== null && row.limitUsedPercent >= ALERT_PERCENT,
  );
  if (instruments.length === 0 && book.clientsNearLimit.length === 0) return null;
  return (
    // Not a live region: the figures change with every refresh, and a screen reader would
    // repeat the whole box every 5 seconds. The heading makes it easy to find.
    <section className="bo-desk-alert" aria-labelledby={headingId}>
      <h3 id={headingId}>Exposure near its limit</h3>
      <p>At 100 % new orders that add to it are refused.</p>
      {instruments.length > 0 ? (
        <ul>
          {instruments.map((row) => (
            <li key={row.symbol}>
              {row.symbol}: the book is at {row.limitUsedPercent} % of its{' '}
              {formatCents(row.limitMinor ?? 0)} limit.
            </li>
          ))}
        </ul>
      ) : null}
      {book.clientsNearLimit.length > 0 ? (
        <TableFrame labelledBy={captionId}>
          <table>
            <TableCaption id={captionId}>
              Clients near their exposure limit, fullest first
            </TableCaption>
            <TableHead columns={['Client', 'Open notional', 'Limit']} />
            <tbody>
              {book.clientsNearLimit.map((client) => (
                <tr key={client.clientId}>
                  <th scope="row">
                    <Link to={backOfficePaths.adminClient(client.clientId)}>
                      {client.clientName}
                    </Link>{' '}
                    <span className="bo-desk-muted">{client.clientEmail}</span>
                  </th>
                  <td className="table-number">{formatCents(client.grossNotionalMinor)}</td>
                  <td>
                    <LimitUse percent={client.limitUsedPercent} limitMinor={client.limitMinor} />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableFrame>
      ) : null}
    </section>
  );
}
