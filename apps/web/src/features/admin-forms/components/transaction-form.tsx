import { MESSAGES, OriginTransactionBodySchema } from '@brokerdesk/shared';
import type { DefaultValues } from 'react-hook-form';
import { SelectField } from '../../../components/ui/select-field';
import { TextField } from '../../../components/ui/text-field';
import { useCreateTransaction } from '../api/create-transaction';
import { useOriginMoneyForm } from '../hooks/use-origin-money-form';
import { transactionPayload, type TransactionFormValues } from '../origin-payloads';
import { ClientPicker } from './client-picker';
import { FormResult } from './form-result';
import '../admin-forms.css';

/** The seed's transaction types, as its form names them (the server accepts any case). */
export const ORIGIN_TYPE_OPTIONS = [
  'Deposit',
  'Withdrawal',
  'Profit',
  'Bonus',
  'RefBonus',
  'Adjustment',
] as const;
export const ORIGIN_STATUS_OPTIONS = ['Completed', 'Pending', 'Failed'] as const;

const FIELD_NAMES = [
  'userId',
  'type',
  'amount',
  'status',
  'date',
] as const satisfies readonly (keyof TransactionFormValues)[];

const EMPTY_FORM: DefaultValues<TransactionFormValues> = {
  userId: '',
  type: '',
  amount: '',
  status: 'Completed',
  date: '',
};

/**
 * Manage Transaction (docs/origin.md §2, §7): POST /api/transactions/transaction, awaited — the result
 * line says ✅ only once the server has recorded it (the seed showed it before the answer).
 */
export function TransactionForm() {
  const create = useCreateTransaction();
  const { errors, editable, onSubmit, pending, result, detail } = useOriginMoneyForm({
    schema: OriginTransactionBodySchema,
    emptyForm: EMPTY_FORM,
    fieldNames: FIELD_NAMES,
    toPayload: transactionPayload,
    create,
    messages: {
      created: MESSAGES.backOffice.transactionCreated,
      failed: MESSAGES.backOffice.transactionCreateFailed,
    },
  });

  return (
    <form className="form admin-form card" noValidate onSubmit={onSubmit}>
      <ClientPicker error={errors.userId?.message} registration={editable('userId')} />
      <div className="form-grid">
        <SelectField label="Type" error={errors.type?.message} {...editable('type')}>
          <option value="">Choose a type</option>
          {ORIGIN_TYPE_OPTIONS.map((type) => (
            <option key={type} value={type}>
              {type}
            </option>
          ))}
        </SelectField>
        <TextField
          label="Amount (USD)"
          inputMode="decimal"
          autoComplete="off"
          placeholder="e.g. 250"
          error={errors.amount?.message}
          {...editable('amount')}
        />
      </div>
      <div className="form-grid">
        <SelectField label="Status" error={errors.status?.message} {...editable('status')}>
          {ORIGIN_STATUS_OPTIONS.map((status) => (
            <option key={status} value={status}>
              {status}
            </option>
          ))}
        </SelectField>
        <TextField
          label="Date"
          type="datetime-local"
          error={errors.date?.message}
          {...editable('date', true)}
        />
      </div>
      <p className="admin-form-hint">
        Completed posts it to the client&rsquo;s balance now; Pending opens a deposit request or
        holds a withdrawal for approval; Failed records it without moving money. Without a date it
        is dated now.
      </p>
      <div>
        <button type="submit" className="button button--primary" disabled={pending}>
          {pending ? 'Saving…' : 'Save transaction'}
        </button>
      </div>
      <FormResult message={result} detail={detail} />
    </form>
  );
}
