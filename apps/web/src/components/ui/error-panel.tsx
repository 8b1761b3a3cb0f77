import { ApiError } from '../../lib/api-client';
import { loadFailureText } from './failure-text';

/**
 * A read that failed: `message` as it is, with a Try again button (left out without `onRetry`)
 * that shows it is working. `role="status"` where several panels share a page and a failure
 * should not interrupt.
 */
export function RetryPanel({
  message,
  onRetry,
  retrying,
  role = 'alert',
}: {
  message: string;
  onRetry?: (() => void) | undefined;
  retrying: boolean;
  role?: 'alert' | 'status';
}) {
  return (
    <div role={role} className="panel panel--error">
      <p>{message}</p>
      {onRetry ? (
        <button
          type="button"
          className="button button--secondary"
          onClick={onRetry}
          disabled={retrying}
        >
          {retrying ? 'Retrying…' : 'Try again'}
        </button>
      ) : null}
    </div>
  );
}

/**
 * "We could not load …" with a Try again button, in the server's words for a 403 (asking again
 * will not change a refusal, so no button) and the client's for a lost connection.
 */
export function ErrorPanel({
  error,
  message,
  onRetry,
  retrying,
}: {
  error: unknown;
  /** e.g. "We could not load the clients." */
  message: string;
  onRetry: () => void;
  retrying: boolean;
}) {
  const final = error instanceof ApiError && error.status === 403;
  return (
    <RetryPanel
      message={loadFailureText(error, message)}
      onRetry={final ? undefined : onRetry}
      retrying={retrying}
    />
  );
}
