import type { Route } from './+types/deposit-withdrawal';
import { DepositWithdrawal } from '../../../features/money';
import { pageMeta } from '../../../lib/page-meta';

export const meta: Route.MetaFunction = () =>
  pageMeta('Deposit and withdrawal', 'Request a deposit or a withdrawal.', { noindex: true });

export default function DepositWithdrawalPage() {
  return <DepositWithdrawal />;
}
