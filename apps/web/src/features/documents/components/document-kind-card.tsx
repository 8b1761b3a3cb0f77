import {
  DOCUMENT_ACCEPT,
  DOCUMENT_KIND_LABELS,
  DOCUMENT_KIND_RULES,
  DOCUMENT_MAX_SIZE_TEXT,
  DOCUMENT_MESSAGES,
  documentTypeLabel,
  RESIDENCE_MAX_AGE_MONTHS,
  type ClientDocument,
  type DocumentKind,
} from '@brokerdesk/shared';
import { useId, useRef, useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { actionFailureText } from '../../../components/ui/failure-text';
import { Timestamp } from '../../../components/ui/timestamp';
import { VisuallyHidden } from '../../../components/ui/visually-hidden';
import { paths } from '../../../config/paths';
import { useUploadDocument } from '../api/upload-document';
import { checkDocumentFile, formatFileSize } from '../check-document-file';
import { DocumentStatusPill } from './document-status';
import '../documents.css';

const UPLOAD_FAILED = 'We could not upload your document. Please try again.';

function LatestDocument({ document }: { document: ClientDocument }) {
  return (
    <div className="document-latest">
      <p className="document-file">
        <span className="document-file-name">{document.originalName}</span>{' '}
        <span className="document-file-meta">
          ({documentTypeLabel(document.contentType)}, {formatFileSize(document.sizeBytes)}),
          uploaded <Timestamp value={document.createdAt} />
        </span>
      </p>
      {document.status === 'pending' ? (
        <p className="document-note">
          We are checking it. If you sent the wrong file, you can replace it below.
        </p>
      ) : null}
      {document.status === 'approved' ? (
        <p className="document-note">
          Approved
          {document.reviewedAt ? (
            <>
              {' '}
              on <Timestamp value={document.reviewedAt} />
            </>
          ) : null}
          . To replace it, <Link to={paths.support}>write to support</Link>.
        </p>
      ) : null}
      {document.status === 'rejected' ? (
        <div className="document-rejection" role="note">
          <p>
            <strong>Not accepted:</strong> {document.reason}
          </p>
          <p>Please upload a new one.</p>
        </div>
      ) : null}
    </div>
  );
}

/**
 * One kind of document on the verification page: what it must show, the newest upload with its
 * status (and the reason, when rejected), and the file picker — checked here with the server's
 * own limits before anything is sent.
 */
export function DocumentKindCard({
  kind,
  latest,
}: {
  kind: DocumentKind;
  latest: ClientDocument | null;
}) {
  const headingId = useId();
  const inputId = useId();
  const hintId = useId();
  const errorId = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const upload = useUploadDocument();
  const [file, setFile] = useState<File | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState(false);
  const label = DOCUMENT_KIND_LABELS[kind];
  const canUpload = latest?.status !== 'approved';
  const replacing = latest !== null && latest.status !== 'approved';

  const choose = async (chosen: File | null) => {
    setDone(false);
    setFile(chosen);
    setError(chosen ? await checkDocumentFile(chosen) : null);
  };

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (upload.isPending) return;
    setDone(false);
    if (!file) {
      setError('Choose a file first.');
      inputRef.current?.focus();
      return;
    }
    const problem = await checkDocumentFile(file);
    if (problem) {
      setError(problem);
      inputRef.current?.focus();
      return;
    }
    setError(null);
    upload.mutate(
      { kind, file },
      {
        onSuccess: () => {
          setDone(true);
          setFile(null);
          if (inputRef.current) inputRef.current.value = '';
        },
        onError: (failure) => setError(actionFailureText(failure, UPLOAD_FAILED)),
      },
    );
  };

  return (
    <section className="card document-card" aria-labelledby={headingId}>
      <div className="document-card-header">
        <h3 id={headingId}>{label}</h3>
        <DocumentStatusPill status={latest?.status ?? null} />
      </div>
      <p className="document-rule">{DOCUMENT_KIND_RULES[kind]}</p>
      {kind === 'residence' ? (
        <p className="document-rule document-rule--strong">
          It must be dated within the last {RESIDENCE_MAX_AGE_MONTHS} months: we check the date on
          the document.
        </p>
      ) : null}
      {latest ? <LatestDocument document={latest} /> : null}
      {canUpload ? (
        <form className="form document-form" noValidate onSubmit={(event) => void onSubmit(event)}>
          <div className="field">
            <label className="field-label" htmlFor={inputId}>
              {label} file
            </label>
            <input
              ref={inputRef}
              id={inputId}
              className="field-input document-input"
              type="file"
              name={kind}
              accept={DOCUMENT_ACCEPT}
              aria-describedby={error ? `${hintId} ${errorId}` : hintId}
              aria-invalid={error ? true : undefined}
              disabled={upload.isPending}
              onChange={(event) => void choose(event.target.files?.[0] ?? null)}
            />
            <p id={hintId} className="document-hint">
              JPEG, PNG or PDF, up to {DOCUMENT_MAX_SIZE_TEXT}.
            </p>
          </div>
          <p id={errorId} role="alert" className="form-error">
            {error ?? ''}
          </p>
          <div>
            <button
              type="submit"
              className="button button--primary"
              disabled={upload.isPending}
              aria-busy={upload.isPending ? true : undefined}
            >
              {upload.isPending ? 'Uploading…' : replacing ? 'Upload new file' : 'Upload'}
              {upload.isPending ? null : <VisuallyHidden> ({label})</VisuallyHidden>}
            </button>
          </div>
        </form>
      ) : null}
      <p role="status" className={done ? 'result-line result-line--success' : 'result-line'}>
        {done ? DOCUMENT_MESSAGES.uploaded : ''}
      </p>
    </section>
  );
}
