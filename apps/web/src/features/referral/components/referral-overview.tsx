import { MESSAGES } from '@brokerdesk/shared';
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

/**
 * Refer Users (docs/origin.md §2 /referral): the client's link with a Copy button, what a referral earns,
 * and the clients who registered with it (their e-mail masked by the server).
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
          </>
        ) : (
          <p>
            <Skeleton size="lg" /> <Skeleton size="lg" />
          </p>
        )}
      </div>

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
