import {
  CARD_DOCUMENT_KINDS,
  DOCUMENT_KIND_LABELS,
  DOCUMENT_MAX_SIZE_TEXT,
  formatCents,
  REQUIRED_DOCUMENT_KINDS,
  type ClientDocuments,
} from '@brokerdesk/shared';
import { useId } from 'react';
import { RetryPanel } from '../../../components/ui/error-panel';
import { Skeleton } from '../../../components/ui/skeleton';
import { TableFrame } from '../../../components/ui/table-frame';
import { TableCaption, TableHead } from '../../../components/ui/table-parts';
import { Timestamp } from '../../../components/ui/timestamp';
import { useDocuments } from '../api/get-documents';
import { useVerificationLimits } from '../api/get-verification-limits';
import { DocumentKindCard } from './document-kind-card';
import { VERIFICATION_STATUS_TEXT } from '../verification-text';
import { DocumentStatusPill, VerificationStatusPill } from './document-status';
import '../documents.css';

function UploadHistory({ items }: { items: ClientDocuments['items'] }) {
  const captionId = useId();
  if (items.length === 0) return null;
  return (
    <section className="document-history">
      <TableFrame labelledBy={captionId}>
        <table>
          <TableCaption id={captionId}>Your uploads, newest first</TableCaption>
          <TableHead columns={['Document', 'File', 'Uploaded', 'Status', 'Reason']} />
          <tbody>
            {items.map((item) => (
              <tr key={item.id}>
                <td>{DOCUMENT_KIND_LABELS[item.kind]}</td>
                <td className="table-wrap document-history-name">{item.originalName}</td>
                <td>
                  <Timestamp value={item.createdAt} />
                </td>
                <td>
                  <DocumentStatusPill status={item.status} />
                </td>
                <td className="table-wrap">{item.reason ?? '—'}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </TableFrame>
    </section>
  );
}

/** What the documents change for the client's money, with this install's figures (decision 104). */
function VerificationUnlocks() {
  const limits = useVerificationLimits();
  if (!limits.data) return null;
  const { withdrawalsAllowed, depositLimitMinor, depositedMinor, depositRemainingMinor } =
    limits.data;
  return (
    <ul className="verification-unlocks" aria-label="What your documents change">
      <li>
        <strong>Withdrawals:</strong>{' '}
        {withdrawalsAllowed ? 'open.' : 'open once both documents are approved.'}
      </li>
      <li>
        <strong>Deposits:</strong>{' '}
        {depositRemainingMinor === null
          ? 'no limit from verification.'
          : `up to ${formatCents(depositLimitMinor)} in total before your documents are approved: ` +
            `${formatCents(depositedMinor)} so far, ${formatCents(depositRemainingMinor)} left.`}
      </li>
    </ul>
  );
}

/** /userDashboard/verification: the documents the legal text asks for, one card per kind. */
export function VerificationDocuments() {
  const documents = useDocuments();
  const requiredId = useId();
  const cardId = useId();

  return (
    <div className="page-section verification-page">
      <h1>Verification</h1>
      <p className="lead">
        Withdrawals are paid only once your proof of ID and proof of residence are approved; until
        then, deposit requests are limited to a set total. Send a photo (JPEG or PNG) or a PDF scan
        of each document, up to {DOCUMENT_MAX_SIZE_TEXT}. Our team checks each one and e-mails you
        the outcome; if one is not accepted, you will see why here.
      </p>
      {documents.isPending ? (
        <div aria-busy="true">
          <p>
            <Skeleton size="lg" />
          </p>
          <p>
            <Skeleton size="lg" /> <Skeleton size="lg" />
          </p>
        </div>
      ) : documents.isError ? (
        <RetryPanel
          message="We could not load your documents. Please try again."
          onRetry={() => void documents.refetch()}
          retrying={documents.isFetching}
        />
      ) : (
        <>
          <div className="verification-summary" role="group" aria-label="Verification status">
            <p>
              <strong>Status:</strong>{' '}
              <VerificationStatusPill status={documents.data.verification.status} />
            </p>
            <p>{VERIFICATION_STATUS_TEXT[documents.data.verification.status]}</p>
          </div>
          <VerificationUnlocks />

          <section aria-labelledby={requiredId}>
            <h2 id={requiredId}>Required documents</h2>
            <div className="document-cards">
              {REQUIRED_DOCUMENT_KINDS.map((kind) => (
                <DocumentKindCard
                  key={kind}
                  kind={kind}
                  latest={documents.data.verification.documents[kind]}
                />
              ))}
            </div>
          </section>

          <section aria-labelledby={cardId}>
            <h2 id={cardId}>For card deposits</h2>
            <p>
              If you deposit by card, send a photo of the front and of the back of that card. Mask
              the middle digits (cover them with paper or tape) so that only the last 4 digits are
              visible.
            </p>
            <div className="document-cards">
              {CARD_DOCUMENT_KINDS.map((kind) => (
                <DocumentKindCard
                  key={kind}
                  kind={kind}
                  latest={documents.data.verification.documents[kind]}
                />
              ))}
            </div>
          </section>

          <UploadHistory items={documents.data.items} />
        </>
      )}
    </div>
  );
}
