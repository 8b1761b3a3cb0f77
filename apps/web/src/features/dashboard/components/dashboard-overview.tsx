import { FinanceCards } from './finance-cards';
import { useDashboard } from '../api/get-dashboard';

/** The portal's dashboard page: a welcome line and the five balance cards. */
export function DashboardOverview() {
  const dashboard = useDashboard();

  if (dashboard.isError) {
    return (
      <div className="page-section">
        <h1>Dashboard</h1>
        <div role="alert" className="panel panel--error">
          <p>We could not load your dashboard. Please try again.</p>
          <button
            type="button"
            className="button button--secondary"
            onClick={() => void dashboard.refetch()}
            disabled={dashboard.isFetching}
          >
            {dashboard.isFetching ? 'Retrying…' : 'Try again'}
          </button>
        </div>
      </div>
    );
  }

  const userInfo = dashboard.data?.userInfo;
  return (
    <div className="page-section">
      <h1>{userInfo ? `Welcome, ${userInfo.firstName}` : 'Welcome'}</h1>
      <p className="lead">Here is a summary of your account in US dollars.</p>
      <FinanceCards finances={userInfo ? (userInfo.finances[0] ?? null) : undefined} />
    </div>
  );
}
