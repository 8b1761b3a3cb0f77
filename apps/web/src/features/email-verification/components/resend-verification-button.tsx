import { MESSAGES, VERIFICATION_RESEND_COOLDOWN_MS } from '@brokerdesk/shared';
import { useState } from 'react';
import { ApiError, NETWORK_ERROR_STATUS } from '../../../lib/api-client';
import { useResendVerification } from '../api/resend-verification';
import { startResendCooldown, useResendCooldown } from '../hooks/use-resend-cooldown';
import '../email-verification.css';

export const RESEND_FAILED = 'We could not send a new link. Please try again.';

type Result = { tone: 'success' | 'failure'; text: string } | null;

/** What the line under the button says after a failed request for a new link. */
export function resendFailureText(error: unknown): string {
  if (error instanceof ApiError) {
    if (error.status === NETWORK_ERROR_STATUS) return error.message;
    if (error.code === 'ALREADY_VERIFIED')
      return error.serverMessage ?? MESSAGES.verification.alreadyVerified;
    if (error.status === 429) return error.serverMessage ?? MESSAGES.verification.resendCooldown;
    if (error.status >= 400 && error.status < 500 && error.serverMessage)
      return error.serverMessage;
  }
  return RESEND_FAILED;
}

/**
 * "Send a new link" for a signed-in client whose e-mail is not verified. After a link is sent
 * (or the server says one was sent a moment ago) every such button of the page waits out the
 * server's cooldown, counting down. It is marked aria-disabled rather than disabled while it
 * waits, so a keyboard user's focus stays on it; the outcome is read out from a status line.
 */
export function ResendVerificationButton({ className }: { className?: string }) {
  const resend = useResendVerification();
  const secondsLeft = useResendCooldown();
  const [result, setResult] = useState<Result>(null);
  const busy = resend.isPending || secondsLeft > 0;

  const onClick = () => {
    if (busy) return;
    setResult(null);
    resend.mutate(undefined, {
      onSuccess: (answer) => {
        startResendCooldown(answer.retryAfterSeconds);
        setResult({ tone: 'success', text: answer.message });
      },
      onError: (error) => {
        // The server keeps the count; its retry-after says how long is left.
        if (error instanceof ApiError && error.status === 429) {
          startResendCooldown(error.retryAfterSeconds ?? VERIFICATION_RESEND_COOLDOWN_MS / 1000);
        }
        setResult({ tone: 'failure', text: resendFailureText(error) });
      },
    });
  };

  const label = resend.isPending
    ? 'Sending…'
    : secondsLeft > 0
      ? `Send a new link (wait ${secondsLeft} s)`
      : 'Send a new link';

  return (
    <div className={['resend-link', className].filter(Boolean).join(' ')}>
      <button
        type="button"
        className="button button--secondary"
        aria-disabled={busy ? true : undefined}
        onClick={onClick}
      >
        {label}
      </button>
      <p
        role="status"
        aria-live="polite"
        className={result ? `resend-link-result resend-link-result--${result.tone}` : undefined}
      >
        {result?.text ?? ''}
      </p>
    </div>
  );
}
