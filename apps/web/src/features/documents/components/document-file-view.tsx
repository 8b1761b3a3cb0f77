import type { DocumentContentType } from '@brokerdesk/shared';
import { RetryPanel } from '../../../components/ui/error-panel';
import { loadFailureText } from '../../../components/ui/failure-text';
import type { SessionKind } from '../../../lib/auth-tokens';
import { useDocumentFileUrl } from '../api/get-document-file';
import '../documents.css';

/**
 * Shows a document's file: an image inline, a PDF in a frame, both with "Open in new tab" and
 * "Download". The file is fetched with the session's token and shown from a blob: URL, revoked
 * when this unmounts (the site's CSP allows blob: images and frames for this).
 */
export function DocumentFileView({
  path,
  auth,
  contentType,
  name,
  label,
}: {
  /** e.g. /api/staff/documents/:id/file */
  path: string;
  auth: SessionKind;
  contentType: DocumentContentType;
  /** The file's name, for the download and the description. */
  name: string;
  /** What it is: "Proof of ID of Ada Lovelace". */
  label: string;
}) {
  const { state, reload } = useDocumentFileUrl(path, auth, contentType);

  if (state.status === 'loading') {
    return (
      <p className="document-view document-view--loading" role="status">
        Loading the file…
      </p>
    );
  }
  if (state.status === 'error') {
    return (
      <RetryPanel
        role="status"
        message={loadFailureText(state.error, 'We could not load this file.')}
        onRetry={reload}
        retrying={false}
      />
    );
  }
  return (
    <div className="document-view">
      {contentType === 'application/pdf' ? (
        <iframe className="document-view-frame" src={state.url} title={`${label}: ${name}`} />
      ) : (
        <img className="document-view-image" src={state.url} alt={`${label}: ${name}`} />
      )}
      <p className="document-view-links">
        <a href={state.url} target="_blank" rel="noopener noreferrer">
          Open in new tab
        </a>
        <a href={state.url} download={name}>
          Download
        </a>
      </p>
    </div>
  );
}
