import { roleCan, type AuditEntry } from '@brokerdesk/shared';
import { useId } from 'react';
import { Link, useSearchParams } from 'react-router';
import { ErrorPanel } from '../../../components/ui/error-panel';
import { TableFrame } from '../../../components/ui/table-frame';
import {
  EmptyRow,
  SkeletonRows,
  TableCaption,
  TableHead,
} from '../../../components/ui/table-parts';
import { Timestamp } from '../../../components/ui/timestamp';
import { VisuallyHidden } from '../../../components/ui/visually-hidden';
import { backOfficePaths } from '../../../config/back-office-paths';
import { useAdminProfile } from '../../../api/get-admin-profile';
import { useDownloadAuditCsv } from '../api/download-audit-csv';
import {
  AUDIT_FILTER_NAMES,
  readAuditFilter,
  useAuditLog,
  type AuditFilter,
} from '../api/get-audit-log';
import { AuditFilters } from './audit-filters';
import '../back-office-audit.css';

const CSV_FAILED = 'We could not prepare the CSV file. Please try again.';
const COLUMNS = ['Time', 'Staff', 'Action', 'Target', 'IP', 'Details'] as const;

/** A before/after value as indented JSON text (never HTML); "(none)" when absent. */
export function formatJson(value: unknown): string {
  if (value === null || value === undefined) return '(none)';
  try {
    return JSON.stringify(value, null, 2) ?? String(value);
  } catch {
    return String(value);
  }
}

function Target({ entry }: { entry: AuditEntry }) {
  if (entry.targetId === null) return <>{entry.targetType}</>;
  return (
    <>
      <span className="table-sub">{entry.targetType}</span>
      {/* A name a person can read; the id stays in the tooltip for searching by id. */}
      {entry.targetType === 'client' ? (
        <Link
          to={backOfficePaths.adminClient(entry.targetId)}
          className={entry.targetName ? undefined : 'bo-audit-id'}
          title={entry.targetId}
        >
          {entry.targetName ?? entry.targetId}
        </Link>
      ) : (
        <span className={entry.targetName ? undefined : 'bo-audit-id'} title={entry.targetId}>
          {entry.targetName ?? entry.targetId}
        </span>
      )}
    </>
  );
}

function Details({ entry }: { entry: AuditEntry }) {
  const empty =
    (entry.before === null || entry.before === undefined) &&
    (entry.after === null || entry.after === undefined);
  if (empty) return <>—</>;
  return (
    <details className="bo-audit-details">
      <summary>
        Before and after<VisuallyHidden>: {entry.action}</VisuallyHidden>
      </summary>
      <div className="bo-audit-diff">
        <div>
          <p className="bo-audit-diff-label">Before</p>
          <pre>{formatJson(entry.before)}</pre>
        </div>
        <div>
          <p className="bo-audit-diff-label">After</p>
          <pre>{formatJson(entry.after)}</pre>
        </div>
      </div>
    </details>
  );
}

function AuditRow({ entry }: { entry: AuditEntry }) {
  return (
    <tr>
      <td>
        <Timestamp value={entry.at} />
      </td>
      <td>
        {entry.staffUsername}
        <span className="table-sub">{entry.staffRole}</span>
      </td>
      <td>
        <code>{entry.action}</code>
      </td>
      <td>
        <Target entry={entry} />
      </td>
      <td>{entry.ip ?? '—'}</td>
      <td>
        <Details entry={entry} />
      </td>
    </tr>
  );
}

/** /adminDashboard/audit: every staff action, newest first, filtered, with "Load more" and CSV. */
export function AuditLog() {
  const [params, setParams] = useSearchParams();
  const filter = readAuditFilter(params);
  const profile = useAdminProfile();
  const role = profile.data?.role;
  // Ask only once the role is known to allow it; without a profile the API decides.
  const allowed = role === undefined ? profile.isError : roleCan(role, 'audit:read');
  const log = useAuditLog(filter, allowed);
  const csv = useDownloadAuditCsv();
  const captionId = useId();

  const apply = (next: AuditFilter) => {
    const search = new URLSearchParams();
    for (const name of AUDIT_FILTER_NAMES) {
      const value = next[name];
      if (value) search.set(name, value);
    }
    setParams(search);
  };

  if (role !== undefined && !allowed) {
    return (
      <div className="page-section">
        <h1>Audit log</h1>
        <p>Your role cannot read the audit log.</p>
      </div>
    );
  }

  const entries = log.data?.pages.flatMap((page) => page.items) ?? [];
  const filtered = AUDIT_FILTER_NAMES.some((name) => filter[name] !== undefined);
  const formKey = AUDIT_FILTER_NAMES.map((name) => filter[name] ?? '').join('|');

  return (
    <div className="page-section bo-audit">
      <h1>Audit log</h1>
      <AuditFilters key={formKey} filter={filter} onApply={apply} />
      <div className="bo-audit-export">
        <button
          type="button"
          className="button button--secondary"
          onClick={() => csv.mutate(filter)}
          disabled={csv.isPending}
        >
          {csv.isPending ? 'Preparing CSV…' : 'Export CSV'}
        </button>
      </div>
      <p role="alert" className="form-error">
        {csv.isError ? CSV_FAILED : ''}
      </p>

      {log.isError && !log.data ? (
        <ErrorPanel
          error={log.error}
          message="We could not load the audit log."
          onRetry={() => void log.refetch()}
          retrying={log.isFetching}
        />
      ) : (
        <TableFrame labelledBy={captionId}>
          <table aria-busy={log.isFetching}>
            <TableCaption id={captionId}>
              Staff actions{filtered ? ' (filtered)' : ''}, newest first
            </TableCaption>
            <TableHead columns={COLUMNS} />
            <tbody>
              {log.isPending ? (
                <SkeletonRows columns={COLUMNS.length} />
              ) : entries.length === 0 ? (
                <EmptyRow columns={COLUMNS.length}>
                  {filtered ? 'No entries match these filters.' : 'No staff actions recorded yet.'}
                </EmptyRow>
              ) : (
                entries.map((entry) => <AuditRow key={entry.id} entry={entry} />)
              )}
            </tbody>
          </table>
        </TableFrame>
      )}

      {log.isFetchNextPageError ? (
        <p role="alert" className="form-error">
          We could not load more entries. Please try again.
        </p>
      ) : null}
      {log.hasNextPage ? (
        <div className="bo-audit-more">
          <button
            type="button"
            className="button button--secondary"
            onClick={() => void log.fetchNextPage()}
            disabled={log.isFetchingNextPage}
          >
            {log.isFetchingNextPage ? 'Loading…' : 'Load more'}
          </button>
        </div>
      ) : null}
    </div>
  );
}
