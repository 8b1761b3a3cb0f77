import { formatCents, type StaffOverview as Overview } from '@brokerdesk/shared';
import { useId, type ReactNode } from 'react';
import { Link } from 'react-router';
import { ErrorPanel } from '../../../components/ui/error-panel';
import { Pill } from '../../../components/ui/pill';
import { Skeleton } from '../../../components/ui/skeleton';
import { backOfficePaths } from '../../../config/back-office-paths';
import { useAdminProfile } from '../../../api/get-admin-profile';
import { useStaffOverview } from '../api/get-staff-overview';
import { DailyFlowChart } from './daily-flow-chart';
import '../back-office-overview.css';

interface Figure {
  label: string;
  value: ReactNode;
  /** Highlighted (with a word, not only a colour) when it needs someone's attention. */
  alert?: boolean;
}

function StatGroup({
  title,
  figures,
  footer,
}: {
  title: string;
  figures: readonly Figure[];
  footer?: ReactNode;
}) {
  const headingId = useId();
  return (
    <section className="bo-stat-group" aria-labelledby={headingId}>
      <h2 id={headingId}>{title}</h2>
      <dl className="bo-stats">
        {figures.map((figure) => (
          <div key={figure.label} className={figure.alert ? 'bo-stat bo-stat--alert' : 'bo-stat'}>
            <dt>{figure.label}</dt>
            <dd>
              {figure.value}
              {figure.alert ? (
                <>
                  {' '}
                  <Pill tone="danger">Overdue</Pill>
                </>
              ) : null}
            </dd>
          </div>
        ))}
      </dl>
      {footer ? <p className="bo-stat-footer">{footer}</p> : null}
    </section>
  );
}

function OverviewFigures({ overview }: { overview: Overview }) {
  const chartHeadingId = useId();
  const pending = overview.pendingRequests;
  return (
    <>
      <div className="bo-stat-grid">
        <StatGroup
          title="New clients"
          figures={[
            { label: 'Today', value: overview.newClients.today },
            { label: 'Last 7 days', value: overview.newClients.last7Days },
            { label: 'Last 30 days', value: overview.newClients.last30Days },
          ]}
          footer={<Link to={backOfficePaths.adminClients}>All clients</Link>}
        />
        <StatGroup
          title="Pending requests by age"
          figures={[
            { label: 'Under 1 hour', value: pending.underOneHour },
            { label: '1 to 24 hours', value: pending.underOneDay },
            {
              label: 'Over 24 hours',
              value: pending.olderThanOneDay,
              alert: pending.olderThanOneDay > 0,
            },
          ]}
          footer={
            <Link to={backOfficePaths.adminRequests}>
              Review {pending.total} pending {pending.total === 1 ? 'request' : 'requests'}
            </Link>
          }
        />
        <StatGroup
          title="Deposits"
          figures={[
            { label: 'Today', value: formatCents(overview.deposits.todayMinor) },
            { label: 'This month', value: formatCents(overview.deposits.monthMinor) },
          ]}
        />
        <StatGroup
          title="Withdrawals"
          figures={[
            { label: 'Today', value: formatCents(overview.withdrawals.todayMinor) },
            { label: 'This month', value: formatCents(overview.withdrawals.monthMinor) },
          ]}
        />
        <StatGroup
          title="Support"
          figures={[{ label: 'Open tickets', value: overview.openTickets }]}
          footer={<Link to={backOfficePaths.adminSupport}>Open the support inbox</Link>}
        />
      </div>
      <section className="bo-stat-group bo-chart-panel" aria-labelledby={chartHeadingId}>
        <h2 id={chartHeadingId}>Deposits and withdrawals, last 30 days</h2>
        <DailyFlowChart days={overview.daily} />
      </section>
    </>
  );
}

function OverviewSkeleton() {
  return (
    <div className="bo-stat-grid" aria-busy="true">
      {[0, 1, 2, 3, 4].map((group) => (
        <div key={group} className="bo-stat-group">
          <p>
            <Skeleton size="md" />
          </p>
          <p>
            <Skeleton size="lg" />
          </p>
          <p>
            <Skeleton size="sm" />
          </p>
        </div>
      ))}
    </div>
  );
}

/** /adminDashboard: the day at a glance (GET /api/staff/overview). */
export function StaffOverview() {
  const profile = useAdminProfile();
  const overview = useStaffOverview();

  return (
    <div className="page-section bo-overview">
      <h1>Dashboard</h1>
      {profile.data ? (
        <p className="lead">
          Welcome, {profile.data.username}. You are signed in with the {profile.data.role} role.
        </p>
      ) : null}
      {overview.isPending ? (
        <OverviewSkeleton />
      ) : overview.isError ? (
        <ErrorPanel
          error={overview.error}
          message="We could not load the overview."
          onRetry={() => void overview.refetch()}
          retrying={overview.isFetching}
        />
      ) : (
        <OverviewFigures overview={overview.data} />
      )}
    </div>
  );
}
