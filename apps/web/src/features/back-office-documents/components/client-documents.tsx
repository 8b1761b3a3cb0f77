import { DOCUMENT_KIND_LABELS, roleCan } from '@brokerdesk/shared';
import { useId, useState } from 'react';
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
import { useAdminProfile } from '../../../api/get-admin-profile';
import type { ActionOutcome } from '../../../components/ui/action-notice';
import { DocumentStatusPill, VerificationStatusPill } from '../../documents';
import { useStaffClientDocuments } from '../api/get-staff-client-documents';
import { documentSubject } from '../document-text';
import { DocumentReview } from './document-review';
import '../back-office-documents.css';

const COLUMNS = ['Document', 'File', 'Uploaded', 'Status', 'Reason', 'File view'] as const;

/**
 * The Documents section of a client's back-office page: the verification status, every upload
 * (newest first) and, for the one opened, its file and — for a pending one — the decision.
 */
export function ClientDocuments({
  clientId,
  onOutcome,
}: {
  clientId: string;
  onOutcome: (outcome: ActionOutcome) => void;
}) {
  const headingId = useId();
  const captionId = useId();
  const documents = useStaffClientDocuments(clientId);
  const role = useAdminProfile().data?.role;
  const canReview = role !== undefined && roleCan(role, 'documents:review');
  const [openId, setOpenId] = useState<string | null>(null);
  const opened = documents.data?.items.find((item) => item.id === openId) ?? null;

  return (
    <section className="bo-section bo-client-documents" aria-labelledby={headingId}>
      <h2 id={headingId}>Documents</h2>
      {documents.isError ? (
        <ErrorPanel
          error={documents.error}
          message="We could not load this client’s documents."
          onRetry={() => void documents.refetch()}
          retrying={documents.isFetching}
        />
      ) : (
        <>
          {documents.data ? (
            <p>
              Verification: <VerificationStatusPill status={documents.data.verification.status} />
            </p>
          ) : null}
          <TableFrame labelledBy={captionId}>
            <table aria-busy={documents.isFetching}>
              <TableCaption id={captionId}>Verification documents, newest first</TableCaption>
              <TableHead columns={COLUMNS} />
              <tbody>
                {documents.isPending ? (
                  <SkeletonRows columns={COLUMNS.length} rows={2} />
                ) : documents.data.items.length === 0 ? (
                  <EmptyRow columns={COLUMNS.length}>No documents uploaded yet.</EmptyRow>
                ) : (
                  documents.data.items.map((document) => (
                    <tr key={document.id}>
                      <td>{DOCUMENT_KIND_LABELS[document.kind]}</td>
                      <td className="table-wrap bo-document-file">{document.originalName}</td>
                      <td>
                        <Timestamp value={document.createdAt} />
                      </td>
                      <td>
                        <DocumentStatusPill status={document.status} />
                      </td>
                      <td className="table-wrap">{document.reason ?? '—'}</td>
                      <td>
                        <button
                          type="button"
                          className="button button--secondary"
                          aria-expanded={document.id === openId}
                          onClick={() =>
                            setOpenId((current) => (current === document.id ? null : document.id))
                          }
                        >
                          {document.id === openId
                            ? 'Close'
                            : document.status === 'pending' && canReview
                              ? 'Review'
                              : 'View'}
                          <VisuallyHidden> {documentSubject(document)}</VisuallyHidden>
                        </button>
                      </td>
                    </tr>
                  ))
                )}
              </tbody>
            </table>
          </TableFrame>
          {opened ? (
            <DocumentReview
              key={opened.id}
              document={opened}
              canReview={canReview}
              onOutcome={onOutcome}
              onDecided={() => setOpenId(null)}
              headingLevel={3}
            />
          ) : null}
        </>
      )}
    </section>
  );
}
