import {
  DollarAmountSchema,
  formatCents,
  MESSAGES,
  PAYMENT_METHODS,
  type PaymentMethodId,
  type TransactionWithTimeline,
} from '@brokerdesk/shared';
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { Skeleton } from '../../../components/ui/skeleton';
import { TextField } from '../../../components/ui/text-field';
import { isRetryable } from '../../../lib/api-client';
import {
  DepositLimitNotice,
  DocumentsRequiredLink,
  useRefreshVerificationLimits,
} from '../../documents';
import { EmailNotVerifiedNotice } from '../../email-verification';
import { useCreateDeposit } from '../api/create-deposit';
import { useMoneySummary } from '../api/get-money-summary';
import { useIntentKey } from '../../../lib/use-intent-key';
import { belowMinimumMessage, moneyFailureMessage } from '../money-messages';
import { DepositInstructions } from './deposit-instructions';
import { RequestFacts } from './request-facts';
import '../money.css';

type Step =
  | { kind: 'amount' }
  | { kind: 'methods'; amountMinor: number }
  | { kind: 'created'; request: TransactionWithTimeline };

const DEPOSIT_FAILED = 'We could not create your deposit request. Please try again.';

/**
 * Seed flow: amount → Deposit → the eight methods (Bitcoin recommended) → choosing one creates
 * the request (POST /api/deposits) and shows how to pay. Focusing the amount starts over.
 */
export function DepositCard() {
  const headingId = useId();
  const amountId = useId();
  const methodsHeadingId = useId();
  const summary = useMoneySummary();
  const deposit = useCreateDeposit();
  const intent = useIntentKey();
  const refreshLimits = useRefreshVerificationLimits();
  const [amount, setAmount] = useState('');
  const [step, setStep] = useState<Step>({ kind: 'amount' });
  const [error, setError] = useState<string | null>(null);
  const createdRef = useRef<HTMLDivElement>(null);

  // The pressed method button is gone once the request exists: take focus to what replaced it.
  useEffect(() => {
    if (step.kind === 'created') createdRef.current?.focus();
  }, [step]);

  const minimum = summary.data?.minimumDepositMinor;
  const pending = deposit.isPending;
  const sendingMethod = pending ? deposit.variables.body.method : null;

  const startOver = () => {
    if (pending) return;
    setStep({ kind: 'amount' });
    setError(null);
  };

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (pending) return;
    setError(null);
    setStep({ kind: 'amount' });
    if (amount.trim() === '') {
      setError(MESSAGES.deposit.amountRequired);
      return;
    }
    const parsed = DollarAmountSchema.safeParse(amount);
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? MESSAGES.money.amountInvalid);
      return;
    }
    if (minimum !== undefined && parsed.data < minimum) {
      setError(belowMinimumMessage(minimum));
      return;
    }
    setStep({ kind: 'methods', amountMinor: parsed.data });
  };

  const choose = (method: PaymentMethodId) => {
    if (step.kind !== 'methods' || pending) return;
    const body = { amountMinor: step.amountMinor, method };
    setError(null);
    deposit.mutate(
      { body, idempotencyKey: intent.keyFor(`${body.amountMinor}:${method}`) },
      {
        onSuccess: ({ request }) => {
          intent.settle();
          setAmount('');
          setStep({ kind: 'created', request });
          refreshLimits(); // less remains before documents
        },
        onError: (failure) => {
          intent.settle(failure);
          setError(moneyFailureMessage(failure, DEPOSIT_FAILED));
          refreshLimits();
          // A lost answer keeps the list, so choosing the same method retries the same intent.
          if (!isRetryable(failure)) setStep({ kind: 'amount' });
        },
      },
    );
  };

  const describedBy =
    [
      minimum !== undefined && minimum > 1 ? `${amountId}-minimum` : null,
      error ? `${amountId}-error` : null,
    ]
      .filter(Boolean)
      .join(' ') || undefined;

  return (
    <section className="card money-card" aria-labelledby={headingId}>
      <h2 id={headingId}>Deposit</h2>
      <DepositLimitNotice />
      <form className="form" noValidate onSubmit={onSubmit}>
        <TextField
          id={amountId}
          label="Amount (USD)"
          name="amount"
          inputMode="decimal"
          autoComplete="off"
          placeholder="e.g. 500"
          value={amount}
          onChange={(event) => setAmount(event.target.value)}
          onFocus={startOver}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy}
        />
        {summary.isPending ? (
          <p className="money-hint">
            <Skeleton size="lg" />
          </p>
        ) : minimum !== undefined && minimum > 1 ? (
          <p id={`${amountId}-minimum`} className="money-hint">
            Minimum first deposit: {formatCents(minimum)}
          </p>
        ) : null}
        <p id={`${amountId}-error`} role="alert" className="form-error">
          {error}
        </p>
        {error ? (
          <EmailNotVerifiedNotice
            error={deposit.error}
            otherwise={<DocumentsRequiredLink error={deposit.error} />}
          />
        ) : null}
        <div>
          <button type="submit" className="button button--primary" disabled={pending}>
            Deposit
          </button>
        </div>
      </form>

      {step.kind === 'methods' ? (
        <div role="group" aria-labelledby={methodsHeadingId} className="money-methods">
          <h3 id={methodsHeadingId} className="money-subheading">
            Choose how to pay {formatCents(step.amountMinor)}
          </h3>
          <ul className="money-method-list">
            {PAYMENT_METHODS.map((method) => (
              <li key={method.id}>
                <button
                  type="button"
                  className="money-method"
                  disabled={pending}
                  aria-busy={sendingMethod === method.id ? true : undefined}
                  onClick={() => choose(method.id)}
                >
                  <span className="money-method-name">{method.name}</span>
                  {method.recommended ? (
                    <span className="badge money-badge-recommended">Recommended</span>
                  ) : null}
                  <span className="money-method-time">
                    {sendingMethod === method.id ? 'Sending…' : method.depositTime}
                  </span>
                </button>
              </li>
            ))}
          </ul>
        </div>
      ) : null}

      <p
        role="status"
        className={step.kind === 'created' ? 'result-line result-line--success' : 'result-line'}
      >
        {step.kind === 'created' ? MESSAGES.money.depositRequested : ''}
      </p>
      {step.kind === 'created' ? (
        <div ref={createdRef} tabIndex={-1} className="money-created">
          <RequestFacts request={step.request} />
          {step.request.method ? <DepositInstructions method={step.request.method} /> : null}
        </div>
      ) : null}
    </section>
  );
}
