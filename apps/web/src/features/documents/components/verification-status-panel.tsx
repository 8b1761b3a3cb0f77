import { DOCUMENT_KIND_LABELS, REQUIRED_DOCUMENT_KINDS } from '@brokerdesk/shared';
import { useId } from 'react';
import { Link } from 'react-router';
import { RetryPanel } from '../../../components/ui/error-panel';
import { Pill } from '../../../components/ui/pill';
import { Skeleton } from '../../../components/ui/skeleton';
import { paths } from '../../../config/paths';
import { useDocuments } from '../api/get-documents';
import { DocumentStatusPill, VerificationStatusPill } from './document-status';
import { VERIFICATION_STATUS_TEXT } from '../verification-text';
import '../documents.css';

/** The dashboard's Verification panel: the overall status, each required document, a link. */
export function VerificationStatusPanel() {
  const headingId = useId();
  const documents = useDocuments();

  return (
    <section className="verification-panel" aria-labelledby={headingId}>
      <h2 id={headingId}>Verification</h2>
      {documents.isPending ? (
        <p aria-busy="true">
          <Skeleton size="md" /> <Skeleton size="lg" />
        </p>
      ) : documents.isError ? (
        <RetryPanel
          role="status"
          message="We could not load your verification status."
          onRetry={() => void documents.refetch()}
          retrying={documents.isFetching}
        />
      ) : (
        <>
          <p>
            <VerificationStatusPill status={documents.data.verification.status} />
          </p>
          <p className="verification-panel-text">
            {VERIFICATION_STATUS_TEXT[documents.data.verification.status]}
          </p>
          <ul className="verification-panel-list">
            {REQUIRED_DOCUMENT_KINDS.map((kind) => (
              <li key={kind}>
                <span>{DOCUMENT_KIND_LABELS[kind]}</span>{' '}
                <DocumentStatusPill
                  status={documents.data.verification.documents[kind]?.status ?? null}
                />
              </li>
            ))}
            <li>
              <span>E-mail address</span>{' '}
              {documents.data.verification.emailVerified ? (
                <Pill tone="success">Verified</Pill>
              ) : (
                <Pill tone="warning">Not verified</Pill>
              )}
            </li>
          </ul>
        </>
      )}
      <p className="verification-panel-link">
        <Link to={paths.verification}>
          {documents.data?.verification.status === 'verified'
            ? 'See your documents'
            : 'Upload documents'}
        </Link>
      </p>
    </section>
  );
}
