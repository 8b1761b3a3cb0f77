import {
  formatCents,
  REFERRAL_COMMISSION_STATE_LABELS,
  REFERRAL_MESSAGES,
  referralCommissionNote,
  roleCan,
  type StaffReferralCommission,
} from '@brokerdesk/shared';
import { useId, useRef, useState } from 'react';
import { Link } from 'react-router';
import { useAdminProfile } from '../../../api/get-admin-profile';
import {
  ActionNotice,
  useActionNotice,
  type ActionOutcome,
} from '../../../components/ui/action-notice';
import { DateTime } from '../../../components/ui/date-time';
import { ErrorPanel } from '../../../components/ui/error-panel';
import { actionFailureText } from '../../../components/ui/failure-text';
import { Pill, type PillTone } from '../../../components/ui/pill';
import { ReasonDialog } from '../../../components/ui/reason-dialog';
import { TableFrame } from '../../../components/ui/table-frame';
import {
  EmptyRow,
  SkeletonRows,
  TableCaption,
  TableHead,
} from '../../../components/ui/table-parts';
import { VisuallyHidden } from '../../../components/ui/visually-hidden';
import { backOfficePaths } from '../../../config/back-office-paths';
import {
  useDecideReferralCommission,
  type CommissionDecision,
} from '../api/decide-referral-commission';
import {
  useReferralCommissions,
  type ReferralCommissionFilter,
} from '../api/get-referral-commissions';
import '../back-office-referrals.css';

const STATE_TONES: Record<StaffReferralCommission['state'], PillTone> = {
  pending: 'info',
  held: 'warning',
  released: 'success',
  voided: 'muted',
};

/** "commission of $50.00 on Grace Hopper's deposit": names one in buttons and messages. */
function commissionSubject(commission: StaffReferralCommission): string {
  return `commission of ${formatCents(commission.amountMinor)} on ${commission.referred.name}’s deposit`;
}

/** Why it is held (the signals, in staff's words) and what staff or the rules decided. */
function Why({ commission }: { commission: StaffReferralCommission }) {
  const lines: string[] = commission.signals.map((signal) => REFERRAL_MESSAGES.signals[signal]);
  const note = referralCommissionNote(commission);
  if (note && commission.state !== 'held') lines.push(note);
  if (commission.reviewReason && commission.state !== 'voided') {
    lines.push(`Released by staff: ${commission.reviewReason}`);
  }
  if (commission.amountMinor < commission.earnedMinor) {
    lines.push(
      `Cut to fit the ${formatCents(commission.capMinor)} limit (10% was ${formatCents(commission.earnedMinor)})`,
    );
  }
  if (lines.length === 0) return <>—</>;
  return (
    <ul className="bo-referral-why">
      {lines.map((line) => (
        <li key={line}>{line}</li>
      ))}
    </ul>
  );
}

const DIALOG_TEXT: Record<CommissionDecision, { title: string; submit: string; pending: string }> =
  {
    release: { title: 'Release', submit: 'Release commission', pending: 'Releasing…' },
    void: { title: 'Void', submit: 'Void commission', pending: 'Voiding…' },
  };

function CommissionActions({
  commission,
  onOutcome,
}: {
  commission: StaffReferralCommission;
  onOutcome: (outcome: ActionOutcome) => void;
}) {
  const decide = useDecideReferralCommission();
  const [asking, setAsking] = useState<CommissionDecision | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const releaseRef = useRef<HTMLButtonElement>(null);
  const voidRef = useRef<HTMLButtonElement>(null);
  const subject = commissionSubject(commission);

  const submit = (decision: CommissionDecision, reason: string) => {
    setFailure(null);
    decide.mutate(
      { id: commission.id, decision, reason },
      {
        onSuccess: (answer) => {
          setAsking(null);
          onOutcome({ tone: 'success', text: answer.message });
        },
        onError: (error) => setFailure(actionFailureText(error, 'Please try again.')),
      },
    );
  };

  const open = (decision: CommissionDecision) => {
    setFailure(null);
    setAsking(decision);
  };

  return (
    <div className="bo-referral-actions">
      {commission.state === 'held' ? (
        <button
          ref={releaseRef}
          type="button"
          className="button button--primary"
          onClick={() => open('release')}
          disabled={decide.isPending}
        >
          Release
          <VisuallyHidden> {subject}</VisuallyHidden>
        </button>
      ) : null}
      <button
        ref={voidRef}
        type="button"
        className="button button--secondary"
        onClick={() => open('void')}
        disabled={decide.isPending}
      >
        Void
        <VisuallyHidden> {subject}</VisuallyHidden>
      </button>
      {asking ? (
        <ReasonDialog
          title={`${DIALOG_TEXT[asking].title} ${subject}`}
          submitLabel={DIALOG_TEXT[asking].submit}
          pendingLabel={DIALOG_TEXT[asking].pending}
          pending={decide.isPending}
          failure={failure}
          onSubmit={(reason) => submit(asking, reason)}
          onClose={() => setAsking(null)}
          returnFocusRef={asking === 'release' ? releaseRef : voidRef}
        >
          <p>
            {asking === 'release'
              ? 'Released, it is paid into the referrer’s Ref. Bonus on its release date (at once if that has passed). Your reason goes into the audit log.'
              : 'Voided, it is never paid. The referrer sees your reason on their referral page and statement.'}
          </p>
        </ReasonDialog>
      ) : null}
    </div>
  );
}

const COLUMNS = ['Referrer', 'Referred client', 'Amount', 'Status', 'Release date', 'Why'] as const;

function CommissionTable({
  filter,
  caption,
  emptyText,
  onOutcome,
}: {
  filter: ReferralCommissionFilter;
  caption: string;
  emptyText: string;
  onOutcome: (outcome: ActionOutcome) => void;
}) {
  const captionId = useId();
  const commissions = useReferralCommissions(filter);
  const role = useAdminProfile().data?.role;
  const canDecide = role !== undefined && roleCan(role, 'money:write');
  const columns = canDecide ? [...COLUMNS, 'Actions'] : COLUMNS;

  if (commissions.isError) {
    return (
      <ErrorPanel
        error={commissions.error}
        message="We could not load the referral commissions."
        onRetry={() => void commissions.refetch()}
        retrying={commissions.isFetching}
      />
    );
  }
  return (
    <TableFrame labelledBy={captionId}>
      <table aria-busy={commissions.isFetching}>
        <TableCaption id={captionId}>{caption}</TableCaption>
        <TableHead columns={columns} />
        <tbody>
          {commissions.isPending ? (
            <SkeletonRows columns={columns.length} rows={2} />
          ) : commissions.data.items.length === 0 ? (
            <EmptyRow columns={columns.length}>{emptyText}</EmptyRow>
          ) : (
            commissions.data.items.map((commission) => (
              <tr key={commission.id}>
                <td>
                  <Link to={backOfficePaths.adminClient(commission.referrer.id)}>
                    {commission.referrer.name}
                  </Link>
                </td>
                <td>
                  <Link to={backOfficePaths.adminClient(commission.referred.id)}>
                    {commission.referred.name}
                  </Link>
                  <span className="table-sub">{commission.referred.email}</span>
                </td>
                <td className="table-number">{formatCents(commission.amountMinor)}</td>
                <td>
                  <Pill tone={STATE_TONES[commission.state]}>
                    {REFERRAL_COMMISSION_STATE_LABELS[commission.state]}
                  </Pill>
                </td>
                <td>
                  {commission.releasedAt ? (
                    <>
                      Released <DateTime value={commission.releasedAt} />
                    </>
                  ) : (
                    <DateTime value={commission.releaseAt} />
                  )}
                </td>
                <td className="table-wrap">
                  <Why commission={commission} />
                </td>
                {canDecide ? (
                  <td>
                    {commission.state === 'held' || commission.state === 'pending' ? (
                      <CommissionActions commission={commission} onOutcome={onOutcome} />
                    ) : (
                      '—'
                    )}
                  </td>
                ) : null}
              </tr>
            ))
          )}
        </tbody>
      </table>
    </TableFrame>
  );
}

/**
 * The Referral commission section of a client's back-office page: what the client earned as a
 * referrer and what their deposits earned their referrer (decision 110), with staff decisions.
 */
export function ClientReferralCommissions({
  clientId,
  onOutcome,
}: {
  clientId: string;
  onOutcome: (outcome: ActionOutcome) => void;
}) {
  const headingId = useId();
  return (
    <section className="bo-section" aria-labelledby={headingId}>
      <h2 id={headingId}>Referral commission</h2>
      <CommissionTable
        filter={{ clientId }}
        caption="Commission this client earned as a referrer, or earned their referrer, newest first"
        emptyText="No referral commission."
        onOutcome={onOutcome}
      />
    </section>
  );
}

/**
 * The commissions held for review (a self-referral signal), for the Requests page: staff release
 * or void each with a reason.
 */
export function HeldReferralCommissions() {
  const headingId = useId();
  const notice = useActionNotice();
  return (
    <section className="page-section bo-referrals-held" aria-labelledby={headingId}>
      <h2 id={headingId}>Referral commission held for review</h2>
      <p className="lead">
        Each shares details with its referrer (see why). It is not paid until staff release it.
      </p>
      <ActionNotice outcome={notice.outcome} noticeRef={notice.ref} />
      <CommissionTable
        filter={{ state: 'held' }}
        caption="Held commissions, newest first"
        emptyText="No commission is held for review."
        onOutcome={notice.report}
      />
    </section>
  );
}
