import { formatCents } from '@brokerdesk/shared';
import { useId, useState, type FormEvent } from 'react';
import { Link, useSearchParams } from 'react-router';
import { formatDate } from '../../../components/ui/date-time';
import { RetryPanel } from '../../../components/ui/error-panel';
import { ScrollRegion } from '../../../components/ui/scroll-region';
import { SelectField } from '../../../components/ui/select-field';
import { Skeleton } from '../../../components/ui/skeleton';
import { SkeletonRows } from '../../../components/ui/table-parts';
import { TextField } from '../../../components/ui/text-field';
import { paths } from '../../../config/paths';
import { ApiError } from '../../../lib/api-client';
import { priceSourceLabel } from '../../../lib/price-source';
import { useTradingAccounts } from '../api/get-account-data';
import { useDownloadStatementCsv, useStatement } from '../api/get-statement';
import type { StatementLine, TradingAccount } from '../api/types';
import { pnlClass } from '../lib/pnl-class';
import {
  isDay,
  monthOf,
  periodErrors,
  periodOf,
  type PeriodErrors,
  type StatementDays,
} from '../lib/statement-period';
import '../trading.css';
import './trading-statement.css';

const KIND_WORDS: Record<StatementLine['kind'], string> = {
  deal: 'Deal',
  swap: 'Swap',
  protection: 'Protection',
  transfer: 'Transfer',
  correction: 'Correction',
};

const COLUMNS = 5;
const CSV_FAILED = 'We could not prepare the CSV file. Please try again.';

const utcTime = new Intl.DateTimeFormat('en-GB', {
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
  timeZone: 'UTC',
});

/** A statement's times are UTC like its period, so a line never seems to fall outside it. */
function UtcTime({ value }: { value: string }) {
  return <time dateTime={value}>{utcTime.format(new Date(value))}</time>;
}

function accountLabel(account: TradingAccount): string {
  const kind = account.kind === 'live' ? 'Live' : 'Demo';
  if (account.status !== 'archived') return kind;
  const opened = account.createdAt ? `, opened ${formatDate(account.createdAt)}` : '';
  return `${kind} (archived${opened})`;
}

/** The account the address names, else the open demo, else any open one, else the first. */
function chosenAccount(accounts: readonly TradingAccount[], requested: string | null) {
  const open = accounts.filter((account) => account.status !== 'archived');
  return (
    accounts.find((account) => String(account.id) === requested) ??
    open.find((account) => account.kind === 'demo') ??
    open[0] ??
    accounts[0]
  );
}

/**
 * /userDashboard/tradingStatement: one trading account's statement for a period (this month by
 * default) — the opening balance, every deal, swap, protection and transfer, and the closing
 * balance — with a CSV download and a Print button. The account and period live in the address
 * (`?account=…&from=YYYY-MM-DD&to=YYYY-MM-DD`, both days included, UTC), so a printed or shared
 * page says what it shows. Printing leaves out the navigation and the controls (CSS).
 */
export function TradingStatementPage() {
  const [params, setParams] = useSearchParams();
  const accounts = useTradingAccounts();
  const list = accounts.data ?? [];
  const account = chosenAccount(list, params.get('account'));
  const [fallback] = useState(() => monthOf(Date.now()));
  const asked = { from: params.get('from'), to: params.get('to') };
  const days: StatementDays =
    isDay(asked.from) && isDay(asked.to) ? { from: asked.from, to: asked.to } : fallback;
  const valid = Object.keys(periodErrors(days)).length === 0;
  const period = valid ? periodOf(days) : null;
  const statement = useStatement(account?.id ?? null, period);
  const csv = useDownloadStatementCsv();

  const captionId = useId();
  const shown = statement.data;
  const busy = statement.isFetching;

  const apply = (next: { account: string; days: StatementDays }) =>
    setParams({ account: next.account, from: next.days.from, to: next.days.to }, { replace: true });

  return (
    <div className="page-section statement">
      <div className="statement-head">
        <h1>Trading statement</h1>
        <p className="statement-source">{priceSourceLabel(shown?.priceSource)}</p>
      </div>
      <p className="trade-note statement-screen-only">
        <Link to={paths.trade}>Back to the terminal</Link>
      </p>

      {accounts.isError ? (
        <RetryPanel
          message="We could not load your trading accounts."
          onRetry={() => void accounts.refetch()}
          retrying={accounts.isFetching}
        />
      ) : accounts.isPending ? (
        <p className="trade-note" role="status">
          Loading your accounts…
        </p>
      ) : !account ? (
        <p className="trade-note">
          You have no trading account yet. <Link to={paths.trade}>Open one in the terminal</Link>.
        </p>
      ) : (
        <>
          <StatementControls
            key={`${String(account.id)} ${days.from} ${days.to}`}
            accounts={list}
            accountId={String(account.id)}
            days={days}
            onApply={apply}
          />
          <div className="statement-actions statement-screen-only">
            <button
              type="button"
              className="button button--secondary"
              disabled={!period || csv.isPending}
              onClick={() => {
                if (period) csv.mutate({ id: account.id, kind: account.kind, period });
              }}
            >
              {csv.isPending ? 'Preparing CSV…' : 'Download CSV'}
            </button>
            <button
              type="button"
              className="button button--secondary"
              onClick={() => window.print()}
            >
              Print
            </button>
          </div>
          <p role="alert" className="form-error statement-screen-only">
            {csv.isError ? CSV_FAILED : ''}
          </p>

          <p className="statement-period">
            {account.kind === 'live' ? 'Live' : 'Demo'} account · {formatDate(days.from)} to{' '}
            {formatDate(days.to)} (UTC, both days included)
          </p>

          {statement.isError ? (
            <RetryPanel
              message={
                statement.error instanceof ApiError && statement.error.status === 400
                  ? statement.error.message
                  : 'We could not load the statement.'
              }
              onRetry={() => void statement.refetch()}
              retrying={statement.isFetching}
            />
          ) : (
            <>
              <dl className="statement-balances">
                <div>
                  <dt>Opening balance</dt>
                  <dd>{shown ? formatCents(shown.openingBalanceMinor) : <Skeleton />}</dd>
                </div>
                <div>
                  <dt>Closing balance</dt>
                  <dd>{shown ? formatCents(shown.closingBalanceMinor) : <Skeleton />}</dd>
                </div>
              </dl>
              <ScrollRegion labelledBy={captionId} className="statement-frame">
                <table className="statement-table" aria-busy={busy}>
                  <caption id={captionId}>Balance movements, oldest first</caption>
                  <thead>
                    <tr>
                      <th scope="col">Time (UTC)</th>
                      <th scope="col">Kind</th>
                      <th scope="col">Description</th>
                      <th scope="col" className="statement-money">
                        Amount
                      </th>
                      <th scope="col" className="statement-money">
                        Balance
                      </th>
                    </tr>
                  </thead>
                  <tbody>
                    {!shown ? (
                      <SkeletonRows columns={COLUMNS} />
                    ) : shown.lines.length === 0 ? (
                      <tr>
                        <td colSpan={COLUMNS} className="statement-empty">
                          Nothing moved the balance in this period.
                        </td>
                      </tr>
                    ) : (
                      shown.lines.map((line, index) => (
                        // A statement is fixed once read: its order is its identity.
                        <tr key={`${line.time} ${index}`}>
                          <td>
                            <UtcTime value={line.time} />
                          </td>
                          <td>{KIND_WORDS[line.kind]}</td>
                          <td className="statement-description">{line.description}</td>
                          <td className={`statement-money ${pnlClass(line.amountMinor) ?? ''}`}>
                            {formatCents(line.amountMinor)}
                          </td>
                          <td className="statement-money">{formatCents(line.balanceAfterMinor)}</td>
                        </tr>
                      ))
                    )}
                  </tbody>
                </table>
              </ScrollRegion>
            </>
          )}
        </>
      )}
    </div>
  );
}

/** The account and the first and last day; applied together on "Show". */
function StatementControls({
  accounts,
  accountId,
  days,
  onApply,
}: {
  accounts: readonly TradingAccount[];
  accountId: string;
  days: StatementDays;
  onApply: (next: { account: string; days: StatementDays }) => void;
}) {
  const [account, setAccount] = useState(accountId);
  const [from, setFrom] = useState(days.from);
  const [to, setTo] = useState(days.to);
  const [errors, setErrors] = useState<PeriodErrors>({});

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const found = periodErrors({ from, to });
    setErrors(found);
    if (Object.keys(found).length === 0) onApply({ account, days: { from, to } });
  };

  return (
    <form className="statement-controls statement-screen-only" onSubmit={submit} noValidate>
      <SelectField
        label="Account"
        name="account"
        value={account}
        onChange={(event) => setAccount(event.target.value)}
      >
        {accounts.map((option) => (
          <option key={String(option.id)} value={String(option.id)}>
            {accountLabel(option)}
          </option>
        ))}
      </SelectField>
      <TextField
        label="First day"
        name="from"
        type="date"
        value={from}
        error={errors.from}
        onChange={(event) => setFrom(event.target.value)}
      />
      <TextField
        label="Last day"
        name="to"
        type="date"
        value={to}
        error={errors.to}
        onChange={(event) => setTo(event.target.value)}
      />
      <div className="statement-apply">
        <button type="submit" className="button button--primary">
          Show
        </button>
      </div>
    </form>
  );
}
