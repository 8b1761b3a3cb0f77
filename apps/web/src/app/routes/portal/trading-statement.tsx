import type { Route } from './+types/trading-statement';
import { TradingStatementPage } from '../../../features/trading';
import { pageMeta } from '../../../lib/page-meta';

export const meta: Route.MetaFunction = () =>
  pageMeta(
    'Trading statement',
    'A trading account’s deals, swaps, protections and transfers for a period.',
    { noindex: true },
  );

export default function TradingStatementRoute() {
  return <TradingStatementPage />;
}
