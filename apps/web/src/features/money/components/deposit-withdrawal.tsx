import { DepositCard } from './deposit-card';
import { MoneyRequests } from './money-requests';
import { WithdrawalCard } from './withdrawal-card';
import '../money.css';

/** /userDashboard/depositWithdrawal: the two cards, then every request with its timeline. */
export function DepositWithdrawal() {
  return (
    <div className="page-section">
      <h1>Deposit and withdrawal</h1>
      <p className="lead">
        Request a deposit or a withdrawal in US dollars. Staff confirm each request; you can follow
        it below.
      </p>
      <div className="money-cards">
        <DepositCard />
        <WithdrawalCard />
      </div>
      <MoneyRequests />
    </div>
  );
}
