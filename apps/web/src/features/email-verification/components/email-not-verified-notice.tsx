import type { ReactNode } from 'react';
import { MESSAGES } from '@brokerdesk/shared';
import { ApiError } from '../../../lib/api-client';
import { ResendVerificationButton } from './resend-verification-button';

/** Whether a failed call was refused because the client's e-mail is not verified yet. */
export function isEmailNotVerified(error: unknown): boolean {
  return error instanceof ApiError && error.code === 'EMAIL_NOT_VERIFIED';
}

/**
 * Beside a money form's error line: when `error` is the server's EMAIL_NOT_VERIFIED refusal, the
 * way to a new link (and, with `showMessage`, the server's words as well, for places that do not
 * show them already); for any other error, `otherwise`.
 */
export function EmailNotVerifiedNotice({
  error,
  showMessage = false,
  otherwise = null,
}: {
  error: unknown;
  showMessage?: boolean;
  otherwise?: ReactNode;
}) {
  if (!isEmailNotVerified(error)) return otherwise;
  const message =
    (error instanceof ApiError ? error.serverMessage : undefined) ?? MESSAGES.verification.required;
  return (
    <div className="verify-required">
      {showMessage ? <p className="verify-required-message">{message}</p> : null}
      <ResendVerificationButton />
    </div>
  );
}
