import { MESSAGES, type ClientSession } from '@brokerdesk/shared';
import { useCallback, useId, useRef, useState } from 'react';
import { RetryPanel } from '../../../components/ui/error-panel';
import { actionFailureText } from '../../../components/ui/failure-text';
import { Pill } from '../../../components/ui/pill';
import { Skeleton } from '../../../components/ui/skeleton';
import { Timestamp } from '../../../components/ui/timestamp';
import { paths } from '../../../config/paths';
import { ApiError } from '../../../lib/api-client';
import { useSignOut } from '../../../lib/use-sign-out';
import { useSessions } from '../api/get-sessions';
import { useRevokeOtherSessions } from '../api/revoke-other-sessions';
import { revokeSession, useRevokeSession } from '../api/revoke-session';
import { deviceLabel } from '../../../lib/device-label';

export const SIGN_OUT_FAILED = 'We could not sign that device out. Please try again.';
export const SIGN_OUT_OTHERS_FAILED = 'We could not sign the other devices out. Please try again.';

type Result = { tone: 'success' | 'failure'; text: string } | null;

/** This device first, then the others as the server sorts them (newest first). */
function thisDeviceFirst(sessions: readonly ClientSession[]): ClientSession[] {
  return [...sessions].sort((a, b) => Number(b.current) - Number(a.current));
}

/**
 * "Signed-in devices" on the account page: every live session of the client (device, address,
 * when it signed in and was last active), each with Sign out, and Sign out all other devices.
 * Signing out this device ends the session here too and goes to the login.
 */
export function SignedInDevices() {
  const headingId = useId();
  const headingRef = useRef<HTMLHeadingElement>(null);
  const sessions = useSessions();
  const revokeOne = useRevokeSession();
  const revokeOthers = useRevokeOtherSessions();
  const [result, setResult] = useState<Result>(null);

  const currentId = sessions.data?.sessions.find((session) => session.current)?.id;
  const revokeCurrent = useCallback(async () => {
    if (currentId) await revokeSession(currentId);
  }, [currentId]);
  const { signOut, isPending: signingOutHere } = useSignOut('user', revokeCurrent, paths.login);

  const list = sessions.data ? thisDeviceFirst(sessions.data.sessions) : undefined;
  const others = list?.filter((session) => !session.current) ?? [];

  const busy = revokeOne.isPending || revokeOthers.isPending || signingOutHere;

  const signOutDevice = (session: ClientSession) => {
    if (busy) return;
    setResult(null);
    if (session.current) {
      void signOut();
      return;
    }
    revokeOne.mutate(session.id, {
      onSuccess: () => {
        setResult({ tone: 'success', text: `${deviceLabel(session.userAgent)} is signed out.` });
        // The pressed button leaves with its row.
        headingRef.current?.focus();
      },
      onError: (error) => {
        const gone = error instanceof ApiError && error.status === 404;
        setResult({
          tone: 'failure',
          text: gone ? MESSAGES.account.sessionNotFound : actionFailureText(error, SIGN_OUT_FAILED),
        });
        if (gone) headingRef.current?.focus();
      },
    });
  };

  const signOutOthers = () => {
    if (busy) return;
    setResult(null);
    revokeOthers.mutate(undefined, {
      onSuccess: (answer) => {
        setResult({
          tone: 'success',
          text: answer.message || MESSAGES.account.otherSessionsSignedOut,
        });
        headingRef.current?.focus();
      },
      onError: (error) =>
        setResult({ tone: 'failure', text: actionFailureText(error, SIGN_OUT_OTHERS_FAILED) }),
    });
  };

  return (
    <section className="account-card account-devices card" aria-labelledby={headingId}>
      <h2 id={headingId} ref={headingRef} tabIndex={-1}>
        Signed-in devices
      </h2>
      <p className="account-devices-intro">
        Where your account is signed in now. Sign out any device you do not recognise, then change
        your password.
      </p>
      {sessions.isError ? (
        <RetryPanel
          role="status"
          message="We could not load your signed-in devices. Please try again."
          onRetry={() => void sessions.refetch()}
          retrying={sessions.isFetching}
        />
      ) : !list ? (
        <ul className="account-sessions" aria-busy="true">
          <li className="account-session">
            <Skeleton size="lg" />
            <Skeleton size="md" />
          </li>
        </ul>
      ) : (
        <ul className="account-sessions">
          {list.map((session) => {
            const label = deviceLabel(session.userAgent);
            const pending =
              (revokeOne.isPending && revokeOne.variables === session.id) ||
              (session.current && signingOutHere);
            return (
              <li key={session.id} className="account-session">
                <div className="account-session-main">
                  <p className="account-session-device">
                    <span>{label}</span>
                    {session.current ? <Pill tone="info">This device</Pill> : null}
                  </p>
                  <dl className="account-session-facts">
                    <div>
                      <dt>IP address</dt>
                      <dd>{session.ip ?? 'Not recorded'}</dd>
                    </div>
                    <div>
                      <dt>Signed in</dt>
                      <dd>
                        <Timestamp value={session.createdAt} />
                      </dd>
                    </div>
                    <div>
                      <dt>Last active</dt>
                      <dd>
                        <Timestamp value={session.lastSeenAt} />
                      </dd>
                    </div>
                  </dl>
                </div>
                <button
                  type="button"
                  className="button button--secondary"
                  aria-label={
                    session.current
                      ? 'Sign out this device'
                      : `Sign out ${label}${session.ip ? `, ${session.ip}` : ''}`
                  }
                  disabled={busy}
                  onClick={() => signOutDevice(session)}
                >
                  {pending ? 'Signing out…' : 'Sign out'}
                </button>
              </li>
            );
          })}
        </ul>
      )}
      {list && others.length > 0 ? (
        <div>
          <button
            type="button"
            className="button button--primary"
            disabled={busy}
            onClick={signOutOthers}
          >
            {revokeOthers.isPending ? 'Signing out other devices…' : 'Sign out all other devices'}
          </button>
        </div>
      ) : list ? (
        <p className="account-devices-none">No other device is signed in.</p>
      ) : null}
      <p
        role="status"
        aria-live="polite"
        className={
          result
            ? `result-line ${result.tone === 'success' ? 'result-line--success' : 'result-line--failure'}`
            : 'result-line'
        }
      >
        {result?.text ?? ''}
      </p>
    </section>
  );
}
