import { Link } from 'react-router';
import { useTradingAccounts } from '../api/get-account-data';
import '../trading.css';

/**
 * The dashboard's warning while a trading account is in margin call (§11.12): the terminal
 * shows the same on its account bar, but a client who only opens the dashboard must see it too.
 */
export function MarginCallBanner() {
  const accounts = useTradingAccounts();
  const inCall = (accounts.data ?? []).filter(
    (account) => account.status === 'open' && account.marginCall,
  );
  if (inCall.length === 0) return null;
  const which = inCall.map((account) => (account.kind === 'live' ? 'Live' : 'Demo')).join(' and ');
  return (
    <p role="alert" className="trade-banner trade-banner--danger dashboard-margin-call">
      Margin call on your {which} trading account{inCall.length > 1 ? 's' : ''}: equity is at or
      below the margin in use. New orders that add margin are refused, and at a margin level of 20%
      positions are closed, largest loss first.{' '}
      <Link to="/userDashboard/trade">Open the terminal</Link> to close positions
      {inCall.some((account) => account.kind === 'live')
        ? ' or move money in from your wallet.'
        : ' or reset the demo account.'}
    </p>
  );
}
