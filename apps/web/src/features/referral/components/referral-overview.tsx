import {
  formatCents,
  MESSAGES,
  REFERRAL_COMMISSION_STATE_LABELS,
  REFERRAL_MESSAGES,
  referralCommissionNote,
} from '@brokerdesk/shared';
import type { ReferralCommission, ReferralOverview as Overview } from '@brokerdesk/shared';
import { useId } from 'react';
import { CopyField } from '../../../components/ui/copy-field';
import { DateTime } from '../../../components/ui/date-time';
import { Skeleton } from '../../../components/ui/skeleton';
import { TableFrame } from '../../../components/ui/table-frame';
import { paths } from '../../../config/paths';
import { useReferrals } from '../api/get-referrals';
import { RetryPanel } from '../../../components/ui/error-panel';
import '../referral.css';

/** The registration page with the client's code: /userRegister?ref=CODE on this site. */
export function referralLink(origin: string, code: string): string {
  return `${origin}${paths.register}?ref=${encodeURIComponent(code)}`;
}

/** 1000 basis points → "10%", 250 → "2.5%". */
function percent(basisPoints: number): string {
  return `${basisPoints / 100}%`;
}

const STATE_CLASS: Record<ReferralCommission['state'], string> = {
  pending: 'referral-status--verified',
  held: 'referral-status--held',
  released: 'referral-status--funded',
  voided: '',
};

/** When it is (or was) paid, or why it will not be, in plain words (decision 110). */
function CommissionWhen({ commission }: { commission: ReferralCommission }) {
  const note = referralCommissionNote(commission);
  if (commission.state === 'released' && commission.releasedAt) {
    return (
      <>
        Released on <DateTime value={commission.releasedAt} />
      </>
    );
  }
  if (commission.state === 'pending') {
    return (
      <>
        Releases on <DateTime value={commission.releaseAt} />
        {note ? <span className="referral-note">{note}</span> : null}
      </>
    );
  }
  return <span className="referral-note">{note}</span>;
}

/** The referrer's commissions: what each referred client's deposit earned and when it is paid. */
function Commissions({ data }: { data: Overview }) {
  const headingId = useId();
  return (
    <div className="referral-list">
      <h2 id={headingId}>Your commission</h2>
      <p className="referral-totals">
        Pending: <strong>{formatCents(data.pendingMinor)}</strong> · Released:{' '}
        <strong>{formatCents(data.releasedMinor)}</strong>
      </p>
      {data.commissions.length === 0 ? (
        <p className="referral-empty">{REFERRAL_MESSAGES.noCommissions}</p>
      ) : (
        <TableFrame labelledBy={headingId}>
          <table>
            <thead>
              <tr>
                <th scope="col">Referred client</th>
                <th scope="col">Amount</th>
                <th scope="col">Status</th>
                <th scope="col">When</th>
              </tr>
            </thead>
            <tbody>
              {data.commissions.map((commission) => (
                <tr key={commission.id}>
                  <th scope="row">{commission.referredName}</th>
                  <td>
                    {formatCents(commission.amountMinor)}
                    {commission.amountMinor < commission.earnedMinor ? (
                      <span className="referral-note">
                        Cut to fit the {formatCents(data.capMinor)} limit per referred client
                      </span>
                    ) : null}
                  </td>
                  <td>
                    <span className={`referral-status ${STATE_CLASS[commission.state]}`}>
                      {REFERRAL_COMMISSION_STATE_LABELS[commission.state]}
                    </span>
                  </td>
                  <td>
                    <CommissionWhen commission={commission} />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableFrame>
      )}
    </div>
  );
}

/**
 * Refer Users (docs/origin.md §2 /referral): the client's link with a Copy button, what a referral
 * earns and when it is paid, the commission each referred client's deposits earned, and the
 * clients who registered with it (their e-mail masked by the server).
 */
export function ReferralOverview() {
  const referrals = useReferrals();
  const tableHeadingId = useId();

  if (referrals.isError) {
    return (
      <div className="page-section">
        <h1>Refer Users</h1>
        <RetryPanel
          message="We could not load your referrals. Please try again."
          onRetry={() => void referrals.refetch()}
          retrying={referrals.isFetching}
        />
      </div>
    );
  }

  const data = referrals.data;
  return (
    <div className="page-section">
      <h1>Refer Users</h1>
      <div className="card referral-card" aria-busy={!data}>
        {data ? (
          <>
            <CopyField
              label="Your referral link"
              value={referralLink(window.location.origin, data.code)}
            />
            <p className="referral-terms">
              When someone registers with your link, you earn {percent(data.bonusBp)} of each of
              their confirmed deposits as Ref. Bonus.
            </p>
            <p className="referral-terms">
              Each commission is paid {data.holdDays} days after the deposit is confirmed, if the
              deposit is not reversed and they withdraw nothing in that time. One referred client
              can earn you at most {formatCents(data.capMinor)}.
            </p>
          </>
        ) : (
          <p>
            <Skeleton size="lg" /> <Skeleton size="lg" />
          </p>
        )}
      </div>

      {data ? <Commissions data={data} /> : null}

      {/* With rows, the table's scrolling frame is the region this heading names. */}
      <div className="referral-list">
        <h2 id={tableHeadingId}>Your referrals</h2>
        {!data ? (
          <p aria-busy="true">
            <Skeleton size="lg" />
          </p>
        ) : data.referrals.length === 0 ? (
          <p className="referral-empty">{MESSAGES.empty.referrals}</p>
        ) : (
          <TableFrame labelledBy={tableHeadingId}>
            <table>
              <thead>
                <tr>
                  <th scope="col">Name</th>
                  <th scope="col">Email</th>
                  <th scope="col">Status</th>
                  <th scope="col">Joined</th>
                </tr>
              </thead>
              <tbody>
                {data.referrals.map((referral) => (
                  <tr key={`${referral.emailMasked}-${referral.joinedAt}`}>
                    <th scope="row">{referral.name}</th>
                    <td>{referral.emailMasked}</td>
                    <td>
                      <span
                        className={`referral-status referral-status--${referral.status.toLowerCase()}`}
                      >
                        {referral.status}
                      </span>
                    </td>
                    <td>
                      <DateTime value={referral.joinedAt} />
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </TableFrame>
        )}
      </div>
    </div>
  );
}
