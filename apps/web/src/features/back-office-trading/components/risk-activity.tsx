import { formatCents } from '@brokerdesk/shared';
import { useId, type ReactNode } from 'react';
import { Link } from 'react-router';
import { DateTime } from '../../../components/ui/date-time';
import { ErrorPanel } from '../../../components/ui/error-panel';
import { TableFrame } from '../../../components/ui/table-frame';
import {
  EmptyRow,
  SkeletonRows,
  TableCaption,
  TableHead,
} from '../../../components/ui/table-parts';
import { backOfficePaths } from '../../../config/back-office-paths';
import { useDeskRisk, type DeskRisk } from '../api/dealing-desk';
import { AccountKind } from './account-kind';

type Owner = DeskRisk['marginCalls'][number];

function Client({ row }: { row: Pick<Owner, 'clientId' | 'clientName' | 'accountKind'> }) {
  return (
    <>
      <Link to={backOfficePaths.adminClient(row.clientId)}>{row.clientName}</Link>{' '}
      <AccountKind kind={row.accountKind} />
    </>
  );
}

/** One of the desk's risk tables: a caption, columns, its rows or what it says when empty. */
function RiskTable({
  caption,
  columns,
  pending,
  empty,
  children,
}: {
  caption: string;
  columns: readonly string[];
  pending: boolean;
  empty: string;
  children: ReactNode[] | undefined;
}) {
  const captionId = useId();
  return (
    <TableFrame labelledBy={captionId}>
      <table aria-busy={pending}>
        <TableCaption id={captionId}>{caption}</TableCaption>
        <TableHead columns={columns} />
        <tbody>
          {pending || !children ? (
            <SkeletonRows columns={columns.length} rows={1} />
          ) : children.length === 0 ? (
            <EmptyRow columns={columns.length}>{empty}</EmptyRow>
          ) : (
            children
          )}
        </tbody>
      </table>
    </TableFrame>
  );
}

/**
 * The risk rules' work on the dealing desk (issue 19): accounts in a margin call with their
 * level now, and the latest stop-outs and negative balance protections, each with its client.
 */
export function RiskActivity({ enabled }: { enabled: boolean }) {
  const headingId = useId();
  const risk = useDeskRisk(enabled);
  const data = risk.data;
  return (
    <section className="bo-section" aria-labelledby={headingId}>
      <h2 id={headingId}>Margin calls, stop-outs and protections</h2>
      {risk.isError ? (
        <ErrorPanel
          error={risk.error}
          message="We could not load the margin calls and stop-outs."
          onRetry={() => void risk.refetch()}
          retrying={risk.isFetching}
        />
      ) : (
        <div className="bo-desk-risk">
          <RiskTable
            caption="Accounts in a margin call, longest first"
            columns={['Client', 'Margin level', 'Equity', 'Used margin', 'Since']}
            pending={risk.isPending}
            empty="No account is in a margin call."
          >
            {data?.marginCalls.map((row) => (
              <tr key={row.accountId}>
                <td>
                  <Client row={row} />
                </td>
                <td className="table-number">
                  {row.marginLevel === null ? '—' : `${row.marginLevel} %`}
                </td>
                <td className="table-number">{formatCents(row.equityMinor)}</td>
                <td className="table-number">{formatCents(row.usedMarginMinor)}</td>
                <td>{row.since ? <DateTime value={row.since} /> : '—'}</td>
              </tr>
            ))}
          </RiskTable>
          <RiskTable
            caption="Latest stop-outs, newest first"
            columns={['Client', 'Closed', 'At', 'P/L', 'Time']}
            pending={risk.isPending}
            empty="No stop-out yet."
          >
            {data?.stopOuts.map((deal) => (
              <tr key={deal.id}>
                <td>
                  <Client row={deal} />
                </td>
                <td>
                  {deal.side === 'buy' ? 'Buy' : 'Sell'} {deal.volume} {deal.symbol}
                </td>
                <td className="table-number">{deal.price}</td>
                <td className="table-number">{formatCents(deal.pnlMinor)}</td>
                <td>
                  <DateTime value={deal.time} />
                </td>
              </tr>
            ))}
          </RiskTable>
          <RiskTable
            caption="Latest negative balance protections: what the platform credited"
            columns={['Client', 'Credited', 'Time']}
            pending={risk.isPending}
            empty="No protection yet."
          >
            {data?.protections.map((row) => (
              <tr key={row.id}>
                <td>
                  <Client row={row} />
                </td>
                <td className="table-number">{formatCents(row.amountMinor)}</td>
                <td>
                  <DateTime value={row.time} />
                </td>
              </tr>
            ))}
          </RiskTable>
        </div>
      )}
    </section>
  );
}
