import { MESSAGES, SeedTransactionBodySchema } from '@brokerdesk/shared';
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm, type DefaultValues } from 'react-hook-form';
import { SelectField } from '../../../components/ui/select-field';
import { TextField } from '../../../components/ui/text-field';
import { useCreateTransaction } from '../api/create-transaction';
import { applyFailure } from '../form-failure';
import { useIntentKey } from '../../../lib/use-intent-key';
import { emptyAsUndefined, transactionPayload, type TransactionFormValues } from '../seed-payloads';
import { ClientPicker } from './client-picker';
import { FormResult } from './form-result';
import '../admin-forms.css';

/** The seed's transaction types, as its form names them (the server accepts any case). */
export const SEED_TYPE_OPTIONS = [
  'Deposit',
  'Withdrawal',
  'Profit',
  'Bonus',
  'RefBonus',
  'Adjustment',
] as const;
export const SEED_STATUS_OPTIONS = ['Completed', 'Pending', 'Failed'] as const;

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
 * Manage Transaction (seed §2, §7): POST /api/transactions/transaction, awaited — the result
 * line says ✅ only once the server has recorded it (the seed showed it before the answer).
 */
export function TransactionForm() {
  const {
    register: field,
    handleSubmit,
    formState: { errors },
    clearErrors,
    setError,
    reset,
  } = useForm<TransactionFormValues, unknown, TransactionFormValues>({
    // raw: the form sends what was typed (dollars as text); the schema only checks it.
    resolver: zodResolver(SeedTransactionBodySchema, undefined, { raw: true }),
    mode: 'onSubmit',
    reValidateMode: 'onSubmit',
    defaultValues: EMPTY_FORM,
    shouldFocusError: true,
  });
  const create = useCreateTransaction();
  const submission = useIntentKey();
  const [result, setResult] = useState<string | null>(null);
  const [detail, setDetail] = useState<string | null>(null);

  const editable = (name: (typeof FIELD_NAMES)[number], optional = false) =>
    field(name, {
      onChange: () => clearErrors(name),
      ...(optional ? { setValueAs: emptyAsUndefined } : {}),
    });

  const onValid = async (values: TransactionFormValues) => {
    setResult(null);
    setDetail(null);
    const body = transactionPayload(values);
    try {
      await create.mutateAsync({ body, idempotencyKey: submission.keyFor(JSON.stringify(body)) });
      submission.settle();
      reset(EMPTY_FORM);
      setResult(MESSAGES.backOffice.transactionCreated);
    } catch (error) {
      submission.settle(error);
      setResult(MESSAGES.backOffice.transactionCreateFailed);
      setDetail(applyFailure(error, FIELD_NAMES, setError));
    }
  };

  const pending = create.isPending;

  return (
    <form className="form admin-form card" noValidate onSubmit={handleSubmit(onValid)}>
      <ClientPicker error={errors.userId?.message} registration={editable('userId')} />
      <div className="form-grid">
        <SelectField label="Type" error={errors.type?.message} {...editable('type')}>
          <option value="">Choose a type</option>
          {SEED_TYPE_OPTIONS.map((type) => (
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
          {SEED_STATUS_OPTIONS.map((status) => (
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
