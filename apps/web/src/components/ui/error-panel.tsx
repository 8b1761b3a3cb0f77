import { ApiError } from '../../lib/api-client';
import { loadFailureText } from './failure-text';

/** "We could not load …" with a Try again button that shows it is working. */
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
  // Asking again will not change a refusal.
  const final = error instanceof ApiError && error.status === 403;
  return (
    <div role="alert" className="panel panel--error">
      <p>{loadFailureText(error, message)}</p>
      {final ? null : (
        <button
          type="button"
          className="button button--secondary"
          onClick={onRetry}
          disabled={retrying}
        >
          {retrying ? 'Retrying…' : 'Try again'}
        </button>
      )}
    </div>
  );
}
