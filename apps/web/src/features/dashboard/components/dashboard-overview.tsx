import { BalanceChart, OpenRequests } from '../../money';
import { VerificationStatusPanel } from '../../documents';
import { useDashboard } from '../../../api/get-dashboard';
import { useProfitBreakdown } from '../api/get-profit-breakdown';
import { FinanceCards } from './finance-cards';
import { PlansHeld } from './plans-held';
import { RetryPanel } from '../../../components/ui/error-panel';
import '../dashboard.css';

/**
 * The portal's dashboard page: a welcome line and the five balance cards (Profit with its
 * parts), then the plans held, the balance over time and the open requests. Each part loads
 * (and fails, with its own retry) on its own.
 */
export function DashboardOverview() {
  const dashboard = useDashboard();
  const profit = useProfitBreakdown();
  const userInfo = dashboard.data?.userInfo;

  return (
    <div className="page-section">
      {dashboard.isError ? (
        <>
          <h1>Dashboard</h1>
          <RetryPanel
            message="We could not load your dashboard. Please try again."
            onRetry={() => void dashboard.refetch()}
            retrying={dashboard.isFetching}
          />
        </>
      ) : (
        <>
          <h1>{userInfo ? `Welcome, ${userInfo.firstName}` : 'Welcome'}</h1>
          <p className="lead">Here is a summary of your account in US dollars.</p>
          <FinanceCards
            finances={userInfo ? (userInfo.finances[0] ?? null) : undefined}
            profitParts={profit.data?.parts}
          />
        </>
      )}
      <div className="dashboard-panels">
        {dashboard.isError ? null : <PlansHeld subscriptions={userInfo?.subscriptions} />}
        <BalanceChart />
        <OpenRequests />
        <VerificationStatusPanel />
      </div>
    </div>
  );
}
