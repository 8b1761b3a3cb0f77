import type { UserInfo } from '@brokerdesk/shared';
import { useId } from 'react';
import { Skeleton } from '../../../components/ui/skeleton';
import { useDashboard } from '../../../api/get-dashboard';
import { RetryPanel } from '../../../components/ui/error-panel';

const ROWS = [
  { key: 'firstName', label: 'First name' },
  { key: 'lastName', label: 'Last name' },
  { key: 'email', label: 'Email' },
  { key: 'country', label: 'Country' },
  { key: 'phone', label: 'Phone' },
] as const satisfies readonly { key: keyof UserInfo; label: string }[];

/** Personal Details (docs/origin.md §2 /account), read from the dashboard query the portal already holds. */
export function PersonalDetails() {
  const dashboard = useDashboard();
  const headingId = useId();
  const userInfo = dashboard.data?.userInfo;

  return (
    <section className="account-card card" aria-labelledby={headingId}>
      <h2 id={headingId}>Personal Details</h2>
      {dashboard.isError ? (
        <RetryPanel
          message="We could not load your details. Please try again."
          onRetry={() => void dashboard.refetch()}
          retrying={dashboard.isFetching}
        />
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
