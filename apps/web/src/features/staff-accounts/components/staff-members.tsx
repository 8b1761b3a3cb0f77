import type { StaffMember } from '@brokerdesk/shared';
import { useId, useRef, useState } from 'react';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
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
    case 'resend-invitation':
      return `Yes, send ${username} a new link`;
    case 'reset-2fa':
      return `Yes, reset ${username}’s 2FA`;
  }
}

function title(action: StaffAccessAction, username: string): string {
  switch (action) {
    case 'disable':
      return `Disable ${username}?`;
    case 'enable':
      return `Enable ${username}?`;
    case 'revoke-sessions':
      return `Sign ${username} out?`;
    case 'resend-invitation':
      return `Send ${username} a new invitation?`;
    case 'reset-2fa':
      return `Reset ${username}’s two-factor authentication?`;
  }
}

/** What the action does, said before it is done. */
function consequence(action: StaffAccessAction, member: StaffMember): string {
  switch (action) {
    case 'disable':
      return 'They are signed out everywhere and cannot log in until enabled.';
    case 'enable':
      return member.invitation
        ? 'They can accept their invitation again while it is valid.'
        : 'They can log in again.';
    case 'revoke-sessions':
      return 'They are signed out of every device and must log in again.';
    case 'resend-invitation':
      return `A new link goes to ${member.email ?? 'their e-mail address'}, valid for 72 hours; the links sent before stop working.`;
    case 'reset-2fa':
      return member.email
        ? `Their authenticator, recovery codes and password stop working and they are signed out everywhere. A new invitation goes to ${member.email}, from which they set up their sign-in again.`
        : 'Their authenticator and recovery codes stop working and they are signed out everywhere. They set up two-factor authentication again at their next login.';
  }
}

function done(action: StaffAccessAction, member: StaffMember): string {
  const { username } = member;
  switch (action) {
    case 'disable':
      return `✅ ${username} is disabled and signed out everywhere.`;
    case 'enable':
      return `✅ ${username} is enabled.`;
    case 'revoke-sessions':
      return `✅ ${username} is signed out of every device.`;
    case 'resend-invitation':
      return `✅ A new invitation was sent to ${member.email ?? username}.`;
    case 'reset-2fa':
      return member.email
        ? `✅ ${username}’s two-factor authentication was reset and a new invitation was sent to ${member.email}.`
        : `✅ ${username}’s two-factor authentication was reset; they set it up again at their next login.`;
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

function StatusBadge({ member }: { member: StaffMember }) {
  if (member.disabled) return <span className="badge staff-badge--off">Disabled</span>;
  if (member.invitation) {
    return member.invitation.expired ? (
      <span className="badge staff-badge--off">Invitation expired</span>
    ) : (
      <span className="badge staff-badge--invited">
        Invited, link valid until <DateTime value={member.invitation.expiresAt} withTime />
      </span>
    );
  }
  return <span className="badge staff-badge--on">Active</span>;
}

type Confirming = { member: StaffMember; action: StaffAccessAction } | null;
type Result = { kind: 'done' | 'failed'; text: string } | null;

/**
 * The staff accounts table (owner): who has which role, e-mail, 2FA, status (active, invited,
 * disabled); each action asked for in a dialog first and its outcome announced.
 */
export function StaffMembers({ currentUsername }: { currentUsername?: string | undefined }) {
  const captionId = useId();
  const members = useStaffMembers();
  const change = useChangeStaffAccess();
  const [confirming, setConfirming] = useState<Confirming>(null);
  const [result, setResult] = useState<Result>(null);
  const openerRef = useRef<HTMLButtonElement | null>(null);

  const run = (member: StaffMember, action: StaffAccessAction) => {
    setResult(null);
    change.mutate(
      { id: member.id, action },
      {
        onSuccess: () => {
          setConfirming(null);
          setResult({ kind: 'done', text: done(action, member) });
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
        <ConfirmDialog
          title={title(confirming.action, confirming.member.username)}
          confirmLabel={confirmLabel(confirming.action, confirming.member.username)}
          pendingLabel="Working…"
          pending={change.isPending}
          onConfirm={() => run(confirming.member, confirming.action)}
          onClose={() => setConfirming(null)}
          returnFocusRef={openerRef}
        >
          <p>{consequence(confirming.action, confirming.member)}</p>
        </ConfirmDialog>
      ) : null}
      <TableFrame labelledBy={captionId}>
        <table aria-busy={members.isFetching}>
          <caption id={captionId} className="staff-caption">
            Staff accounts
          </caption>
          <thead>
            <tr>
              <th scope="col">Username</th>
              <th scope="col">E-mail</th>
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
                    {[0, 1, 2, 3, 4, 5, 6, 7].map((cell) => (
                      <td key={cell}>
                        <Skeleton size="sm" />
                      </td>
                    ))}
                  </tr>
                ))
              : members.data.map((member) => {
                  const self = member.username === currentUsername;
                  const busy = busyId === member.id;
                  const ask = (action: StaffAccessAction, opener: HTMLButtonElement) => {
                    setResult(null);
                    openerRef.current = opener;
                    setConfirming({ member, action });
                  };
                  const button = (action: StaffAccessAction, text: string, label: string) => (
                    <button
                      type="button"
                      className="button button--secondary"
                      aria-label={label}
                      disabled={busy}
                      onClick={(event) => ask(action, event.currentTarget)}
                    >
                      {text}
                    </button>
                  );
                  return (
                    <tr key={member.id}>
                      <th scope="row">
                        {member.username}
                        {self ? <span className="staff-you"> (you)</span> : null}
                      </th>
                      <td>{member.email ?? '—'}</td>
                      <td>{ROLE_LABELS[member.role]}</td>
                      <td>{member.totpEnrolled ? 'On' : 'Off'}</td>
                      <td>
                        <StatusBadge member={member} />
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
                            button('enable', 'Enable', `Enable ${member.username}`)
                          ) : (
                            <>
                              {member.invitation
                                ? button(
                                    'resend-invitation',
                                    'Resend invitation',
                                    `Resend the invitation of ${member.username}`,
                                  )
                                : null}
                              {button('disable', 'Disable', `Disable ${member.username}`)}
                              {member.invitation
                                ? null
                                : button(
                                    'revoke-sessions',
                                    'Revoke sessions',
                                    `Revoke sessions of ${member.username}`,
                                  )}
                              {member.invitation || self
                                ? null
                                : button(
                                    'reset-2fa',
                                    'Reset 2FA',
                                    `Reset two-factor authentication of ${member.username}`,
                                  )}
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
