import type { Route } from './+types/trade';
import { TradingTerminal } from '../../../features/trading';
import { pageMeta } from '../../../lib/page-meta';

export const meta: Route.MetaFunction = () =>
  pageMeta('Trade', 'The trading terminal: simulated prices, demo and live accounts.', {
    noindex: true,
  });

export default function TradePage() {
  return <TradingTerminal />;
}
