import {
  DollarAmountSchema,
  formatCents,
  MESSAGES,
  parseDollars,
  PAYMENT_METHODS,
  WithdrawalRequestBodySchema,
  type TransactionWithTimeline,
  type WithdrawalRequestBody,
} from '@brokerdesk/shared';
import {
  belowMinimumWithdrawalMessage,
  withdrawalFeeFor,
} from '@brokerdesk/shared/withdrawal-rules';
import { zodResolver } from '@hookform/resolvers/zod';
import { useId, useState } from 'react';
import { useForm, useWatch, type DefaultValues } from 'react-hook-form';
import { z } from 'zod';
import { SelectField } from '../../../components/ui/select-field';
import { Skeleton } from '../../../components/ui/skeleton';
import { TextField } from '../../../components/ui/text-field';
import { ApiError } from '../../../lib/api-client';
import {
  DocumentsRequiredLink,
  useRefreshVerificationLimits,
  WithdrawalDocumentsNotice,
} from '../../documents';
import { EmailNotVerifiedNotice } from '../../email-verification';
import { paymentMethod } from '../../../lib/transaction-text';
import { useCreateWithdrawal } from '../api/create-withdrawal';
import { useMoneySummary } from '../api/get-money-summary';
import { formatBasisPoints } from '../format';
import { useIntentKey } from '../../../lib/use-intent-key';
import { moneyFailureMessage, WITHDRAWAL_AMOUNT_REQUIRED } from '../money-messages';
import { RequestFacts } from './request-facts';
import '../money.css';

/** The shared body rules, with the amount typed in dollars and read into cents. */
export const WithdrawalFormSchema = WithdrawalRequestBodySchema.omit({ amountMinor: true })
  .extend({
    amount: z
      .string()
      .trim()
      .min(1, WITHDRAWAL_AMOUNT_REQUIRED)
      .transform((text, ctx) => {
        // The shared dollar rules (no floats, two decimals, at most $10,000,000), once.
        const parsed = DollarAmountSchema.safeParse(text);
        if (parsed.success) return parsed.data;
        ctx.addIssue({
          code: 'custom',
          message: parsed.error.issues[0]?.message ?? MESSAGES.money.amountInvalid,
        });
        return z.NEVER;
      }),
  })
  .transform(({ amount, method, destination }): WithdrawalRequestBody => ({
    amountMinor: amount,
    method,
    destination,
  }));
type WithdrawalForm = z.input<typeof WithdrawalFormSchema>;

type FieldName = 'amount' | 'method' | 'destination';

/** The server names the amount `amountMinor`; the form's field holds dollars. */
const SERVER_FIELDS: Record<string, FieldName> = {
  amountMinor: 'amount',
  method: 'method',
  destination: 'destination',
};

// The 'Choose a method' option: not a method, so the shared schema answers 'Choose a payment method'.
const NO_METHOD = '' as WithdrawalForm['method'];
const EMPTY_FORM: DefaultValues<WithdrawalForm> = {
  amount: '',
  method: NO_METHOD,
  destination: '',
};

const WITHDRAWAL_FAILED = 'We could not create your withdrawal request. Please try again.';

/** "Fee 2.9%: $5.80 — total $205.80" for a method with a fee; null for one without. */
export function feeLine(amountText: string, method: string): string | null {
  const bp = PAYMENT_METHODS.find((m) => m.id === method)?.withdrawalFeeBp;
  if (!bp) return null;
  const parsed = parseDollars(amountText);
  if (!parsed.ok || parsed.cents === 0)
    return `Fee ${formatBasisPoints(bp)} of the amount, charged on top of it.`;
  // The figure the API charges: rounded up to the cent.
  const fee = withdrawalFeeFor(method, parsed.cents);
  return `Fee ${formatBasisPoints(bp)}: ${formatCents(fee)} — total ${formatCents(parsed.cents + fee)}`;
}

/** Amount, method and destination → POST /api/withdrawals; the funds are held until staff act. */
export function WithdrawalCard() {
  const headingId = useId();
  const summary = useMoneySummary();
  const withdrawal = useCreateWithdrawal();
  const intent = useIntentKey();
  const refreshLimits = useRefreshVerificationLimits();
  const [failure, setFailure] = useState<string | null>(null);
  const [created, setCreated] = useState<TransactionWithTimeline | null>(null);
  const {
    register: field,
    handleSubmit,
    control,
    formState: { errors },
    clearErrors,
    setError,
    reset,
  } = useForm<WithdrawalForm, unknown, WithdrawalRequestBody>({
    resolver: zodResolver(WithdrawalFormSchema),
    mode: 'onSubmit',
    reValidateMode: 'onSubmit',
    defaultValues: EMPTY_FORM,
    shouldFocusError: true,
  });
  const [amountText = '', method = ''] = useWatch({ control, name: ['amount', 'method'] });
  const fee = feeLine(amountText, method);
  const pending = withdrawal.isPending;

  const editable = (name: FieldName) =>
    field(name, {
      onChange: () => {
        clearErrors(name);
        setCreated(null);
      },
    });

  const minimum = summary.data?.minimumWithdrawalMinor;

  const onValid = (body: WithdrawalRequestBody) => {
    setFailure(null);
    setCreated(null);
    // The operator's minimum (MIN_WITHDRAWAL_USD), in the API's words, before anything is sent.
    if (minimum !== undefined && body.amountMinor < minimum) {
      const message = belowMinimumWithdrawalMessage(formatCents(minimum));
      setError('amount', { type: 'minimum', message }, { shouldFocus: true });
      return;
    }
    withdrawal.mutate(
      { body, idempotencyKey: intent.keyFor(JSON.stringify(body)) },
      {
        onSuccess: ({ request }) => {
          intent.settle();
          reset(EMPTY_FORM);
          setCreated(request);
        },
        onError: (error) => {
          intent.settle(error);
          setFailure(moneyFailureMessage(error, WITHDRAWAL_FAILED));
          if (error instanceof ApiError && error.code === 'DOCUMENTS_REQUIRED') refreshLimits();
          if (error instanceof ApiError && error.fields) {
            let first = true;
            for (const [name, messages] of Object.entries(error.fields)) {
              const target = SERVER_FIELDS[name];
              const message = messages[0];
              if (!target || !message) continue;
              setError(target, { type: 'server', message }, { shouldFocus: first });
              first = false;
            }
          }
        },
      },
    );
  };

  const available = summary.data;
  const selected = method ? paymentMethod(method as WithdrawalRequestBody['method']) : undefined;

  return (
    <section className="card money-card" aria-labelledby={headingId}>
      <h2 id={headingId}>Withdrawal</h2>
      <WithdrawalDocumentsNotice />
      <p className="money-hint" aria-live="polite">
        Available to withdraw:{' '}
        {summary.isPending ? (
          <Skeleton size="md" />
        ) : available ? (
          <strong>{formatCents(available.availableMinor)}</strong>
        ) : (
          'not available right now'
        )}
        {available && available.heldMinor > 0
          ? ` (${formatCents(available.heldMinor)} held for pending withdrawals)`
          : null}
      </p>
      {minimum !== undefined && minimum > 0 ? (
        <p className="money-hint">Minimum withdrawal: {formatCents(minimum)}</p>
      ) : null}
      <form className="form" noValidate onSubmit={handleSubmit(onValid)}>
        <TextField
          label="Amount (USD)"
          inputMode="decimal"
          autoComplete="off"
          placeholder="e.g. 200"
          error={errors.amount?.message}
          {...editable('amount')}
        />
        <SelectField label="Method" error={errors.method?.message} {...editable('method')}>
          <option value="">Choose a method</option>
          {PAYMENT_METHODS.map((m) => (
            <option key={m.id} value={m.id}>
              {m.name}
            </option>
          ))}
        </SelectField>
        {selected ? <p className="money-hint">Processing time: {selected.withdrawalTime}</p> : null}
        <p className="money-fee" aria-live="polite">
          {fee}
        </p>
        <TextField
          label="Destination (wallet address, IBAN or e-wallet id)"
          autoComplete="off"
          spellCheck={false}
          maxLength={100}
          error={errors.destination?.message}
          {...editable('destination')}
        />
        <div>
          <button type="submit" className="button button--primary" disabled={pending}>
            {pending ? 'Requesting…' : 'Withdraw'}
          </button>
        </div>
        <p role="alert" className="form-error">
          {failure}
        </p>
        {failure ? (
          <EmailNotVerifiedNotice
            error={withdrawal.error}
            otherwise={<DocumentsRequiredLink error={withdrawal.error} />}
          />
        ) : null}
      </form>
      <p role="status" className={created ? 'result-line result-line--success' : 'result-line'}>
        {created ? MESSAGES.money.withdrawalRequested : ''}
      </p>
      {created ? (
        <div className="money-created">
          <RequestFacts request={created} />
        </div>
      ) : null}
    </section>
  );
}
