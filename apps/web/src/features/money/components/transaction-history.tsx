import {
  formatCents,
  MESSAGES,
  TRANSACTION_STATUS_LABELS,
  TRANSACTION_STATUSES,
  TRANSACTION_TYPE_LABELS,
  TRANSACTION_TYPES,
  type Transaction,
  type TransactionStatus,
  type TransactionType,
} from '@brokerdesk/shared';
import { useId } from 'react';
import { useSearchParams } from 'react-router';
import { SelectField } from '../../../components/ui/select-field';
import { Skeleton } from '../../../components/ui/skeleton';
import { useDownloadTransactionsCsv } from '../api/download-transactions-csv';
import { useTransactions } from '../api/get-transactions';
import { Timestamp } from '../../../components/ui/timestamp';
import { formatSignedCents, staffProvenance } from '../../../lib/transaction-text';
import { StatusBadge } from './request-facts';
import { RetryPanel } from '../../../components/ui/error-panel';
import { ScrollRegion } from '../../../components/ui/scroll-region';
import '../money.css';

function oneOf<T extends string>(values: readonly T[], value: string | null): T | undefined {
  return values.find((candidate) => candidate === value);
}

const CSV_FAILED = 'We could not prepare the CSV file. Please try again.';

/** /userDashboard/transactionHistory: filters in the URL, keyset "Load more", CSV download. */
export function TransactionHistory() {
  const [params, setParams] = useSearchParams();
  const type = oneOf<TransactionType>(TRANSACTION_TYPES, params.get('type'));
  const status = oneOf<TransactionStatus>(TRANSACTION_STATUSES, params.get('status'));
  const transactions = useTransactions({ type, status });
  const csv = useDownloadTransactionsCsv();
  const captionId = useId();

  const setFilter = (name: 'type' | 'status', value: string) => {
    setParams(
      (previous) => {
        const next = new URLSearchParams(previous);
        if (value) next.set(name, value);
        else next.delete(name);
        return next;
      },
      { replace: true },
    );
  };

  const rows = transactions.data?.pages.flatMap((page) => page.items) ?? [];
  const filtered = type !== undefined || status !== undefined;

  return (
    <div className="page-section">
      <h1>Transaction history</h1>
      <div className="tx-toolbar">
        <SelectField
          label="Type"
          name="type"
          value={type ?? ''}
          onChange={(event) => setFilter('type', event.target.value)}
        >
          <option value="">All</option>
          {TRANSACTION_TYPES.map((value) => (
            <option key={value} value={value}>
              {TRANSACTION_TYPE_LABELS[value]}
            </option>
          ))}
        </SelectField>
        <SelectField
          label="Status"
          name="status"
          value={status ?? ''}
          onChange={(event) => setFilter('status', event.target.value)}
        >
          <option value="">All</option>
          {TRANSACTION_STATUSES.map((value) => (
            <option key={value} value={value}>
              {TRANSACTION_STATUS_LABELS[value]}
            </option>
          ))}
        </SelectField>
        <div className="tx-toolbar-action">
          <button
            type="button"
            className="button button--secondary"
            onClick={() => csv.mutate({ type, status })}
            disabled={csv.isPending}
          >
            {csv.isPending ? 'Preparing CSV…' : 'Download CSV'}
          </button>
        </div>
      </div>
      <p role="alert" className="form-error">
        {csv.isError ? CSV_FAILED : ''}
      </p>

      {transactions.isError ? (
        <RetryPanel
          message="We could not load your transactions."
          onRetry={() => void transactions.refetch()}
          retrying={transactions.isFetching}
        />
      ) : (
        // Scrolls inside a focusable region with a visible hint on a narrow screen (issue 16).
        <ScrollRegion labelledBy={captionId} className="tx-table-frame">
          <table className="tx-table" aria-busy={transactions.isFetching}>
            <caption id={captionId}>
              Your transactions{filtered ? ' (filtered)' : ''}, newest first
            </caption>
            <thead>
              <tr>
                <th scope="col">Date</th>
                <th scope="col">Type</th>
                <th scope="col">Amount</th>
                <th scope="col">Status</th>
              </tr>
            </thead>
            <tbody>
              {transactions.isPending ? (
                [0, 1, 2].map((row) => (
                  <tr key={row}>
                    {[0, 1, 2, 3].map((cell) => (
                      <td key={cell}>
                        <Skeleton size="md" />
                      </td>
                    ))}
                  </tr>
                ))
              ) : rows.length === 0 ? (
                <tr>
                  <td colSpan={4} className="tx-empty">
                    {MESSAGES.empty.transactions}
                  </td>
                </tr>
              ) : (
                rows.map((row) => <TransactionRow key={row.id} transaction={row} />)
              )}
            </tbody>
          </table>
        </ScrollRegion>
      )}

      {transactions.hasNextPage ? (
        <div className="tx-more">
          <button
            type="button"
            className="button button--secondary"
            onClick={() => void transactions.fetchNextPage()}
            disabled={transactions.isFetchingNextPage}
          >
            {transactions.isFetchingNextPage ? 'Loading…' : 'Load more'}
          </button>
        </div>
      ) : null}
    </div>
  );
}

function TransactionRow({ transaction }: { transaction: Transaction }) {
  // A line staff entered says so, with their reason beside it (decision 103).
  const provenance = staffProvenance(transaction);
  return (
    <tr>
      <td className="tx-date">
        <Timestamp value={transaction.date} />
      </td>
      <td>
        <span className={`tx-type tx-type--${transaction.type.toLowerCase()}`}>
          {TRANSACTION_TYPE_LABELS[transaction.type]}
        </span>
        {provenance ? (
          <span className="tx-provenance">
            {provenance}
            {transaction.reason ? `: ${transaction.reason}` : ''}
          </span>
        ) : null}
      </td>
      <td className={`tx-amount tx-amount--${transaction.direction}`}>
        {formatSignedCents(transaction.amountMinor, transaction.direction)}
        {transaction.feeMinor > 0 ? (
          <span className="tx-fee">Fee {formatCents(transaction.feeMinor)}</span>
        ) : null}
      </td>
      <td>
        <StatusBadge status={transaction.status} />
        {transaction.reason && !provenance ? (
          <span className="tx-reason">{transaction.reason}</span>
        ) : null}
      </td>
    </tr>
  );
}
