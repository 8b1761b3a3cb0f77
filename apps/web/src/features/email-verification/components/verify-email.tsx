import { MESSAGES } from '@brokerdesk/shared';
import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { paths } from '../../../config/paths';
import { ApiError, NETWORK_ERROR_STATUS } from '../../../lib/api-client';
import { takeLinkToken } from '../../../lib/link-token';
import { useVerifyEmail } from '../api/verify-email';
import { useSignedIn } from '../hooks/use-signed-in';
import { ResendVerificationButton } from './resend-verification-button';
import '../email-verification.css';

export const VERIFY_FAILED = 'We could not check your link just now. Please try again.';

type Outcome =
  | { kind: 'verifying' }
  | { kind: 'verified'; text: string }
  | { kind: 'unusable'; text: string; hint: string }
  | { kind: 'failed'; text: string };

const NEW_LINK_HINT = {
  used: 'If your address is not verified yet, ask for a new link.',
  expired: 'A link works for 24 hours. Ask for a new one.',
  invalid: 'Or ask for a new link.',
} as const;

/** Which of the page's states a failed verification is. */
export function verificationFailure(error: unknown): Outcome {
  if (error instanceof ApiError) {
    const text = error.serverMessage;
    if (error.code === 'TOKEN_USED')
      return {
        kind: 'unusable',
        text: text ?? MESSAGES.verification.linkUsed,
        hint: NEW_LINK_HINT.used,
      };
    if (error.code === 'TOKEN_EXPIRED')
      return {
        kind: 'unusable',
        text: text ?? MESSAGES.verification.linkExpired,
        hint: NEW_LINK_HINT.expired,
      };
    if (
      error.code === 'TOKEN_INVALID' ||
      error.code === 'VALIDATION_FAILED' ||
      error.status === 404
    )
      return {
        kind: 'unusable',
        text: MESSAGES.verification.linkInvalid,
        hint: NEW_LINK_HINT.invalid,
      };
    if (error.status === NETWORK_ERROR_STATUS) return { kind: 'failed', text: error.message };
    if (error.status === 429 && text) return { kind: 'failed', text };
  }
  return { kind: 'failed', text: VERIFY_FAILED };
}

const INVALID: Outcome = {
  kind: 'unusable',
  text: MESSAGES.verification.linkInvalid,
  hint: NEW_LINK_HINT.invalid,
};

/**
 * /verifyEmail#token=… (SPA-only): takes the token out of the address, posts it, and says what
 * happened — verified (on to the dashboard or the login), or a link that is used, expired or not
 * ours, with the way to a new one: the button for a signed-in client, else the login first.
 */
export function VerifyEmail() {
  const verify = useVerifyEmail();
  const { mutate } = verify;
  const signedIn = useSignedIn();
  // undefined until the effect has run; StrictMode runs effects twice, the token is taken once.
  const token = useRef<string | null | undefined>(undefined);
  const [noToken, setNoToken] = useState(false);

  useEffect(() => {
    const start = (next: string | null) => {
      token.current = next;
      setNoToken(next === null);
      if (next) mutate(next);
    };
    if (token.current === undefined) start(takeLinkToken());
    // A link pasted into the address bar of this page changes only the fragment: no new page.
    const onHashChange = () => {
      if (/[#&]token=/.test(window.location.hash)) start(takeLinkToken());
    };
    window.addEventListener('hashchange', onHashChange);
    return () => window.removeEventListener('hashchange', onHashChange);
  }, [mutate]);

  const outcome: Outcome = noToken
    ? INVALID
    : verify.isSuccess
      ? { kind: 'verified', text: verify.data.message || MESSAGES.verification.emailVerified }
      : verify.isError
        ? verificationFailure(verify.error)
        : { kind: 'verifying' };

  const retry = () => {
    if (token.current) mutate(token.current);
  };

  return (
    <div className="token-page">
      <div role="status" aria-live="polite" className="token-page-status">
        {outcome.kind === 'verifying' ? (
          <p className="token-page-checking">
            <span className="app-loading-spinner" aria-hidden="true" />
            Checking your link…
          </p>
        ) : (
          <p
            className={
              outcome.kind === 'verified'
                ? 'result-line result-line--success'
                : 'result-line result-line--failure'
            }
          >
            {outcome.text}
          </p>
        )}
      </div>

      {outcome.kind === 'verified' ? (
        <p className="token-page-next">
          {signedIn ? (
            <Link to={paths.userDashboardHome} className="button button--primary">
              Go to your dashboard
            </Link>
          ) : (
            <Link to={paths.login} className="button button--primary">
              Log in
            </Link>
          )}
        </p>
      ) : null}

      {outcome.kind === 'unusable' ? (
        <div className="token-page-next">
          <p>{outcome.hint}</p>
          {signedIn ? (
            <ResendVerificationButton />
          ) : (
            <p>
              <Link to={paths.login} className="button button--primary">
                Log in to ask for a new link
              </Link>
            </p>
          )}
        </div>
      ) : null}

      {outcome.kind === 'failed' ? (
        <p className="token-page-next">
          <button type="button" className="button button--primary" onClick={retry}>
            Try again
          </button>
        </p>
      ) : null}
    </div>
  );
}
