import type { UserInfo } from '@brokerdesk/shared';
import { useId } from 'react';
import { Skeleton } from '../../../components/ui/skeleton';
import { useDashboard } from '../../dashboard/api/get-dashboard';

const ROWS = [
  { key: 'firstName', label: 'First name' },
  { key: 'lastName', label: 'Last name' },
  { key: 'email', label: 'Email' },
  { key: 'country', label: 'Country' },
  { key: 'phone', label: 'Phone' },
] as const satisfies readonly { key: keyof UserInfo; label: string }[];

/** Personal Details (seed §2 /account), read from the dashboard query the portal already holds. */
export function PersonalDetails() {
  const dashboard = useDashboard();
  const headingId = useId();
  const userInfo = dashboard.data?.userInfo;

  return (
    <section className="account-card card" aria-labelledby={headingId}>
      <h2 id={headingId}>Personal Details</h2>
      {dashboard.isError ? (
        <div role="alert" className="panel panel--error">
          <p>We could not load your details. Please try again.</p>
          <button
            type="button"
            className="button button--secondary"
            onClick={() => void dashboard.refetch()}
            disabled={dashboard.isFetching}
          >
            {dashboard.isFetching ? 'Retrying…' : 'Try again'}
          </button>
        </div>
      ) : (
        <dl className="account-details" aria-busy={!userInfo}>
          {ROWS.map((row) => (
            <div key={row.key} className="account-detail">
              <dt>{row.label}</dt>
              <dd>{userInfo ? userInfo[row.key] : <Skeleton size="md" />}</dd>
            </div>
          ))}
        </dl>
      )}
    </section>
  );
}
