import {
  DOCUMENT_KIND_LABELS,
  DOCUMENT_STATUSES,
  documentTypeLabel,
  roleCan,
  type DocumentStatus,
  type StaffDocument,
} from '@brokerdesk/shared';
import { useId } from 'react';
import { Link, useSearchParams } from 'react-router';
import { ErrorPanel } from '../../../components/ui/error-panel';
import { SelectField } from '../../../components/ui/select-field';
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
import { ActionNotice, useActionNotice } from '../../../components/ui/action-notice';
import { DocumentStatusPill, formatFileSize } from '../../documents';
import { useStaffDocuments } from '../api/get-staff-documents';
import { documentSubject } from '../document-text';
import { DocumentReview } from './document-review';
import '../back-office-documents.css';

const FILTER_LABELS: Record<DocumentStatus, string> = {
  pending: 'Waiting for review',
  approved: 'Approved',
  rejected: 'Rejected',
};

const CAPTIONS: Record<DocumentStatus, string> = {
  pending: 'Documents waiting for review, oldest first',
  approved: 'Approved documents, newest first',
  rejected: 'Rejected documents, newest first',
};

const EMPTY: Record<DocumentStatus, string> = {
  pending: 'No documents waiting for review. Everything is up to date.',
  approved: 'No approved documents yet.',
  rejected: 'No rejected documents.',
};

const COLUMNS = ['Client', 'Document', 'File', 'Uploaded', 'Status', 'Review'] as const;

function readStatus(value: string | null): DocumentStatus {
  return DOCUMENT_STATUSES.find((status) => status === value) ?? 'pending';
}

/** The address with `status` and `document`, leaving out the defaults. */
function queueSearch(status: DocumentStatus, document: string | null): string {
  const params = new URLSearchParams();
  if (status !== 'pending') params.set('status', status);
  if (document) params.set('document', document);
  const text = params.toString();
  return text ? `?${text}` : '';
}

function QueueRow({
  document,
  selected,
  status,
}: {
  document: StaffDocument;
  selected: boolean;
  status: DocumentStatus;
}) {
  return (
    <tr aria-current={selected ? 'true' : undefined} className={selected ? 'bo-row-selected' : ''}>
      <td>
        <Link to={backOfficePaths.adminClient(document.client.id)} className="bo-document-client">
          {document.client.name}
        </Link>
        <span className="table-sub bo-document-email">{document.client.email}</span>
      </td>
      <td>{DOCUMENT_KIND_LABELS[document.kind]}</td>
      <td className="table-wrap bo-document-file">
        {document.originalName}
        <span className="table-sub">
          {documentTypeLabel(document.contentType)}, {formatFileSize(document.sizeBytes)}
        </span>
      </td>
      <td>
        <Timestamp value={document.createdAt} />
      </td>
      <td>
        <DocumentStatusPill status={document.status} />
      </td>
      <td>
        <Link to={queueSearch(status, document.id)} className="button button--secondary">
          {document.status === 'pending' ? 'Review' : 'View'}
          <VisuallyHidden> {documentSubject(document)}</VisuallyHidden>
        </Link>
      </td>
    </tr>
  );
}

/**
 * /adminDashboard/documents: documents by status (waiting for review by default, oldest first),
 * and the chosen one with its file and the decision. The filter and the document are in the
 * address (?status=&document=).
 */
export function DocumentQueue() {
  const [params, setParams] = useSearchParams();
  const status = readStatus(params.get('status'));
  const selectedId = params.get('document');
  const documents = useStaffDocuments(status);
  const role = useAdminProfile().data?.role;
  const canReview = role !== undefined && roleCan(role, 'documents:review');
  const notice = useActionNotice();
  const captionId = useId();

  const items = documents.data?.pages.flatMap((page) => page.items) ?? [];
  const selected = items.find((item) => item.id === selectedId) ?? null;

  return (
    <div className="page-section bo-documents">
      <h1>Documents</h1>
      <p className="lead">
        Clients’ proof of ID, proof of residence and card photos. Check each against what it must
        show; a proof of residence must be dated within the last 3 months.
        {role !== undefined && !canReview ? ' Your role can view them but not decide them.' : ''}
      </p>
      <ActionNotice outcome={notice.outcome} noticeRef={notice.ref} />
      <div className="bo-documents-filter">
        <SelectField
          label="Show"
          name="status"
          value={status}
          onChange={(event) =>
            setParams(new URLSearchParams(queueSearch(readStatus(event.target.value), null)), {
              replace: true,
            })
          }
        >
          {DOCUMENT_STATUSES.map((value) => (
            <option key={value} value={value}>
              {FILTER_LABELS[value]}
            </option>
          ))}
        </SelectField>
      </div>
      {documents.isError ? (
        <ErrorPanel
          error={documents.error}
          message="We could not load the documents."
          onRetry={() => void documents.refetch()}
          retrying={documents.isFetching}
        />
      ) : (
        <>
          <TableFrame labelledBy={captionId}>
            <table aria-busy={documents.isFetching}>
              <TableCaption id={captionId}>
                {CAPTIONS[status]}
                {documents.data ? ` (${items.length}${documents.hasNextPage ? ' shown' : ''})` : ''}
              </TableCaption>
              <TableHead columns={COLUMNS} />
              <tbody>
                {documents.isPending ? (
                  <SkeletonRows columns={COLUMNS.length} />
                ) : items.length === 0 ? (
                  <EmptyRow columns={COLUMNS.length}>{EMPTY[status]}</EmptyRow>
                ) : (
                  items.map((document) => (
                    <QueueRow
                      key={document.id}
                      document={document}
                      selected={document.id === selectedId}
                      status={status}
                    />
                  ))
                )}
              </tbody>
            </table>
          </TableFrame>
          {documents.hasNextPage ? (
            <p>
              <button
                type="button"
                className="button button--secondary"
                onClick={() => void documents.fetchNextPage()}
                disabled={documents.isFetchingNextPage}
              >
                {documents.isFetchingNextPage ? 'Loading…' : 'Show more'}
              </button>
            </p>
          ) : null}
        </>
      )}
      {selected ? (
        <DocumentReview
          key={selected.id}
          document={selected}
          canReview={canReview}
          onOutcome={notice.report}
          onDecided={() =>
            setParams(new URLSearchParams(queueSearch(status, null)), { replace: true })
          }
        />
      ) : selectedId && documents.isSuccess ? (
        <p className="bo-document-muted">
          This document is not in this list any more: it may have been decided or replaced.
        </p>
      ) : null}
    </div>
  );
}
