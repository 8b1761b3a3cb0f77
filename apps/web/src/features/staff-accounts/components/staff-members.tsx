import type { StaffMember } from '@brokerdesk/shared';
import { useId, useState } from 'react';
import { DateTime } from '../../../components/ui/date-time';
import { Skeleton } from '../../../components/ui/skeleton';
import { TableFrame } from '../../../components/ui/table-frame';
import { ApiError, NETWORK_ERROR_STATUS } from '../../../lib/api-client';
import { useChangeStaffAccess, type StaffAccessAction } from '../api/change-staff-access';
import { useStaffMembers } from '../api/get-staff-members';
import { ROLE_LABELS } from '../staff-roles';
import { RetryPanel } from '../../../components/ui/error-panel';
import '../staff-accounts.css';

const ACTION_FAILED = 'We could not change this account. Please try again.';

/** The confirmation button, naming what it does to whom. */
function confirmLabel(action: StaffAccessAction, username: string): string {
  switch (action) {
    case 'disable':
      return `Yes, disable ${username}`;
    case 'enable':
      return `Yes, enable ${username}`;
    case 'revoke-sessions':
      return `Yes, sign ${username} out`;
  }
}

function question(action: StaffAccessAction, username: string): string {
  switch (action) {
    case 'disable':
      return `Disable ${username}? They are signed out everywhere and cannot log in until enabled.`;
    case 'enable':
      return `Enable ${username}? They can log in again.`;
    case 'revoke-sessions':
      return `Sign ${username} out of every device?`;
  }
}

function done(action: StaffAccessAction, username: string): string {
  switch (action) {
    case 'disable':
      return `✅ ${username} is disabled and signed out everywhere.`;
    case 'enable':
      return `✅ ${username} is enabled.`;
    case 'revoke-sessions':
      return `✅ ${username} is signed out of every device.`;
  }
}

/** A 4xx's own words (cannot disable yourself, last owner…), else a generic line. */
function failureText(error: unknown): string {
  if (error instanceof ApiError) {
    if (error.status === NETWORK_ERROR_STATUS) return error.message;
    if (error.status >= 400 && error.status < 500 && error.serverMessage)
      return error.serverMessage;
  }
  return ACTION_FAILED;
}

type Confirming = { member: StaffMember; action: StaffAccessAction } | null;
type Result = { kind: 'done' | 'failed'; text: string } | null;

/** The staff accounts table (owner): who has which role, 2FA, status; disable, enable, sign out. */
export function StaffMembers({ currentUsername }: { currentUsername?: string | undefined }) {
  const captionId = useId();
  const members = useStaffMembers();
  const change = useChangeStaffAccess();
  const [confirming, setConfirming] = useState<Confirming>(null);
  const [result, setResult] = useState<Result>(null);

  const run = (member: StaffMember, action: StaffAccessAction) => {
    setResult(null);
    change.mutate(
      { id: member.id, action },
      {
        onSuccess: () => {
          setConfirming(null);
          setResult({ kind: 'done', text: done(action, member.username) });
        },
        onError: (error) => {
          setConfirming(null);
          setResult({ kind: 'failed', text: `❌ ${failureText(error)}` });
        },
      },
    );
  };

  if (members.isError) {
    return (
      <RetryPanel
        message="We could not load the staff accounts."
        onRetry={() => void members.refetch()}
        retrying={members.isFetching}
      />
    );
  }

  const busyId = change.isPending ? change.variables?.id : undefined;

  return (
    <div className="staff-members">
      <p
        role="status"
        aria-live="polite"
        className={
          result === null
            ? 'result-line'
            : `result-line ${result.kind === 'done' ? 'result-line--success' : 'result-line--failure'}`
        }
      >
        {result?.text ?? ''}
      </p>
      {confirming ? (
        <div className="panel staff-confirm" role="group" aria-label="Confirm">
          <p>{question(confirming.action, confirming.member.username)}</p>
          <div className="staff-actions">
            <button
              type="button"
              className="button button--primary"
              disabled={change.isPending}
              onClick={() => run(confirming.member, confirming.action)}
            >
              {change.isPending
                ? 'Working…'
                : confirmLabel(confirming.action, confirming.member.username)}
            </button>
            <button
              type="button"
              className="button button--secondary"
              disabled={change.isPending}
              onClick={() => setConfirming(null)}
            >
              Cancel
            </button>
          </div>
        </div>
      ) : null}
      <TableFrame labelledBy={captionId}>
        <table aria-busy={members.isFetching}>
          <caption id={captionId} className="staff-caption">
            Staff accounts
          </caption>
          <thead>
            <tr>
              <th scope="col">Username</th>
              <th scope="col">Role</th>
              <th scope="col">2FA</th>
              <th scope="col">Status</th>
              <th scope="col">Created</th>
              <th scope="col">Last login</th>
              <th scope="col">Actions</th>
            </tr>
          </thead>
          <tbody>
            {members.isPending
              ? [0, 1, 2].map((row) => (
                  <tr key={row}>
                    {[0, 1, 2, 3, 4, 5, 6].map((cell) => (
                      <td key={cell}>
                        <Skeleton size="sm" />
                      </td>
                    ))}
                  </tr>
                ))
              : members.data.map((member) => {
                  const self = member.username === currentUsername;
                  const busy = busyId === member.id;
                  const ask = (action: StaffAccessAction) => {
                    setResult(null);
                    setConfirming({ member, action });
                  };
                  return (
                    <tr key={member.id}>
                      <th scope="row">
                        {member.username}
                        {self ? <span className="staff-you"> (you)</span> : null}
                      </th>
                      <td>{ROLE_LABELS[member.role]}</td>
                      <td>{member.totpEnrolled ? 'On' : 'Off'}</td>
                      <td>
                        <span
                          className={
                            member.disabled ? 'badge staff-badge--off' : 'badge staff-badge--on'
                          }
                        >
                          {member.disabled ? 'Disabled' : 'Active'}
                        </span>
                      </td>
                      <td>
                        <DateTime value={member.createdAt} />
                      </td>
                      <td>
                        {member.lastLoginAt ? (
                          <DateTime value={member.lastLoginAt} withTime />
                        ) : (
                          'Never'
                        )}
                      </td>
                      <td>
                        <div className="staff-row-actions">
                          {member.disabled ? (
                            <button
                              type="button"
                              className="button button--secondary"
                              aria-label={`Enable ${member.username}`}
                              disabled={busy}
                              onClick={() => ask('enable')}
                            >
                              Enable
                            </button>
                          ) : (
                            <>
                              <button
                                type="button"
                                className="button button--secondary"
                                aria-label={`Disable ${member.username}`}
                                disabled={busy}
                                onClick={() => ask('disable')}
                              >
                                Disable
                              </button>
                              <button
                                type="button"
                                className="button button--secondary"
                                aria-label={`Revoke sessions of ${member.username}`}
                                disabled={busy}
                                onClick={() => ask('revoke-sessions')}
                              >
                                Revoke sessions
                              </button>
                            </>
                          )}
                        </div>
                      </td>
                    </tr>
                  );
                })}
          </tbody>
        </table>
      </TableFrame>
    </div>
  );
}
