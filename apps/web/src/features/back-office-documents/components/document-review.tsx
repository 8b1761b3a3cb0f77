import { DOCUMENT_KIND_RULES, documentTypeLabel, type StaffDocument } from '@brokerdesk/shared';
import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { actionFailureText } from '../../../components/ui/failure-text';
import { ReasonDialog } from '../../../components/ui/reason-dialog';
import { Timestamp } from '../../../components/ui/timestamp';
import { VisuallyHidden } from '../../../components/ui/visually-hidden';
import { ApiError } from '../../../lib/api-client';
import type { ActionOutcome } from '../../../components/ui/action-notice';
import { DocumentFileView, DocumentStatusPill, formatFileSize } from '../../documents';
import { useReviewDocument, type DocumentDecision } from '../api/review-document';
import { documentSubject } from '../document-text';
import '../back-office-documents.css';

/** 409: decided by someone else; 404: replaced by the client. Either way the view is stale. */
function isFinalForDocument(error: unknown): boolean {
  return error instanceof ApiError && (error.status === 409 || error.status === 404);
}

function capitalise(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

function ReviewActions({
  document,
  onOutcome,
  onDecided,
}: {
  document: StaffDocument;
  onOutcome: (outcome: ActionOutcome) => void;
  onDecided: () => void;
}) {
  const review = useReviewDocument();
  const [rejecting, setRejecting] = useState(false);
  const [dialogFailure, setDialogFailure] = useState<string | null>(null);
  const rejectRef = useRef<HTMLButtonElement>(null);
  const subject = documentSubject(document);
  const pendingDecision = review.isPending ? review.variables.decision : null;

  const decide = (decision: DocumentDecision, reason?: string) => {
    setDialogFailure(null);
    review.mutate(
      { id: document.id, decision, reason },
      {
        onSuccess: () => {
          setRejecting(false);
          onOutcome({
            tone: 'success',
            text: `${capitalise(subject)} ${decision === 'approve' ? 'approved' : 'rejected'}. The client has been told by e-mail.`,
          });
          onDecided();
        },
        onError: (error) => {
          const text = actionFailureText(
            error,
            `We could not ${decision} this document. Please try again.`,
          );
          if (decision === 'reject' && !isFinalForDocument(error)) {
            setDialogFailure(text);
            return;
          }
          setRejecting(false);
          onOutcome({ tone: 'failure', text: `${capitalise(subject)}: ${text}` });
          if (isFinalForDocument(error)) onDecided();
        },
      },
    );
  };

  return (
    <div className="bo-document-actions">
      <button
        type="button"
        className="button button--primary"
        onClick={() => decide('approve')}
        disabled={review.isPending}
      >
        {pendingDecision === 'approve' ? 'Approving…' : 'Approve'}
        <VisuallyHidden> {subject}</VisuallyHidden>
      </button>
      <button
        ref={rejectRef}
        type="button"
        className="button button--secondary"
        onClick={() => {
          setDialogFailure(null);
          setRejecting(true);
        }}
        disabled={review.isPending}
      >
        {pendingDecision === 'reject' ? 'Rejecting…' : 'Reject'}
        <VisuallyHidden> {subject}</VisuallyHidden>
      </button>
      {rejecting ? (
        <ReasonDialog
          title={`Reject ${subject}`}
          submitLabel="Reject document"
          pendingLabel="Rejecting…"
          pending={review.isPending}
          failure={dialogFailure}
          onSubmit={(reason) => decide('reject', reason)}
          onClose={() => setRejecting(false)}
          returnFocusRef={rejectRef}
        >
          <p>
            The client sees your reason on their verification page and in an e-mail, and can upload
            a new document. Say what to fix, e.g. “The bill is older than 3 months”.
          </p>
        </ReasonDialog>
      ) : null}
    </div>
  );
}

/**
 * One document for staff: what it must show, its facts, the file itself, and — for a pending
 * document and a role with documents:review — Approve and Reject with a reason.
 */
export function DocumentReview({
  document,
  canReview,
  onOutcome,
  onDecided,
  headingLevel = 2,
}: {
  document: StaffDocument;
  canReview: boolean;
  onOutcome: (outcome: ActionOutcome) => void;
  /** After a decision (or when the document turned out to be decided or gone). */
  onDecided: () => void;
  headingLevel?: 2 | 3;
}) {
  const headingId = useId();
  const headingRef = useRef<HTMLHeadingElement>(null);
  const subject = documentSubject(document);
  const Heading = headingLevel === 2 ? 'h2' : 'h3';

  // Opening a document takes keyboard and screen-reader users to it.
  useEffect(() => {
    headingRef.current?.focus();
  }, [document.id]);

  const facts: [string, ReactNode][] = [
    ['Client', `${document.client.name} (${document.client.email})`],
    ['File', document.originalName],
    [
      'Type and size',
      `${documentTypeLabel(document.contentType)}, ${formatFileSize(document.sizeBytes)}`,
    ],
    ['Uploaded', <Timestamp key="uploaded" value={document.createdAt} />],
    ['Status', <DocumentStatusPill key="status" status={document.status} />],
    ['SHA-256', <code key="sha">{document.sha256.slice(0, 16)}…</code>],
  ];
  if (document.reviewedAt) {
    facts.push([
      'Decided',
      <span key="decided">
        <Timestamp value={document.reviewedAt} />
        {document.reviewedBy ? ` by ${document.reviewedBy}` : ''}
      </span>,
    ]);
  }
  if (document.reason) facts.push(['Reason given', document.reason]);

  return (
    <section className="bo-document-review" aria-labelledby={headingId}>
      <Heading id={headingId} ref={headingRef} tabIndex={-1} className="bo-document-heading">
        {capitalise(subject)}
      </Heading>
      <p className="bo-document-rule">
        <strong>Check:</strong> {DOCUMENT_KIND_RULES[document.kind]}
      </p>
      <dl className="bo-document-facts">
        {facts.map(([label, value]) => (
          <div key={label}>
            <dt>{label}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
      {canReview && document.status === 'pending' ? (
        <ReviewActions document={document} onOutcome={onOutcome} onDecided={onDecided} />
      ) : null}
      <DocumentFileView
        path={`/api/staff/documents/${encodeURIComponent(document.id)}/file`}
        auth="admin"
        contentType={document.contentType}
        name={document.originalName}
        label={capitalise(subject)}
      />
    </section>
  );
}
