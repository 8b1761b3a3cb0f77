import {
  formatCents,
  parseDollars,
  StaffPostingBodySchema,
  STAFF_POSTING_TYPES,
  TRANSACTION_TYPE_LABELS,
  MESSAGES,
  type StaffPostingType,
} from '@brokerdesk/shared';
import { useId, useRef, useState, type FormEvent } from 'react';
import { actionFailureText } from '../../../components/ui/failure-text';
import { SelectField } from '../../../components/ui/select-field';
import { TextField } from '../../../components/ui/text-field';
import { TextareaField } from '../../../components/ui/textarea-field';
import type { ActionOutcome } from '../../../components/ui/action-notice';
import { newIdempotencyKey } from '../../../lib/api-client';
import { usePostToClient } from '../api/post-to-client';

type Field = 'type' | 'direction' | 'amountMinor' | 'reason';

/** The amount as typed, in dollars ("40" or "40.50"), read without floats. */
function centsOf(amount: string): number | string {
  const parsed = parseDollars(amount.trim());
  if (parsed.ok) return parsed.cents;
  if (parsed.reason === 'too-many-decimals') return MESSAGES.money.amountTooManyDecimals;
  if (parsed.reason === 'too-large') return MESSAGES.money.amountTooLarge;
  return MESSAGES.money.amountInvalid;
}

/**
 * The back office's own posting screen: profit, bonus, ref. bonus or adjustment to one client.
 * A reason is required for every type: the client sees it beside "Credited by staff", so a
 * figure staff typed is never mistaken for one earned (decision 103). Render only with
 * `money:write`.
 */
export function ClientPosting({
  clientId,
  name,
  onOutcome,
}: {
  clientId: string;
  name: string;
  onOutcome: (outcome: ActionOutcome) => void;
}) {
  const headingId = useId();
  const post = usePostToClient();
  const [type, setType] = useState<StaffPostingType>('profit');
  const [direction, setDirection] = useState<'credit' | 'debit'>('credit');
  const [amount, setAmount] = useState('');
  const [reason, setReason] = useState('');
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  // One key per intent: a retry after a lost answer posts once; a new posting gets a new key.
  const intent = useRef(newIdempotencyKey());

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const cents = centsOf(amount);
    const parsed = StaffPostingBodySchema.safeParse({
      type,
      direction: type === 'adjustment' ? direction : 'credit',
      amountMinor: typeof cents === 'number' ? cents : 0,
      reason,
    });
    const found: Partial<Record<Field, string>> = {};
    if (!parsed.success) {
      for (const issue of parsed.error.issues) {
        const field = issue.path[0] as Field;
        found[field] ??= issue.message;
      }
    }
    if (typeof cents === 'string') found.amountMinor = cents;
    setErrors(found);
    if (!parsed.success || Object.keys(found).length > 0) return;

    const body = parsed.data;
    post.mutate(
      { clientId, body, idempotencyKey: intent.current },
      {
        onSuccess: () => {
          intent.current = newIdempotencyKey();
          setAmount('');
          setReason('');
          const label = TRANSACTION_TYPE_LABELS[body.type].toLowerCase();
          const verb = body.direction === 'credit' ? 'Credited' : 'Debited';
          onOutcome({
            tone: 'success',
            text: `${verb} ${formatCents(body.amountMinor)} ${label} ${body.direction === 'credit' ? 'to' : 'from'} ${name}. The client sees it as ${verb.toLowerCase()} by staff, with your reason.`,
          });
        },
        onError: (error) =>
          onOutcome({
            tone: 'failure',
            text: actionFailureText(error, 'We could not post this. Please try again.'),
          }),
      },
    );
  };

  return (
    <section className="bo-section" aria-labelledby={headingId}>
      <h2 id={headingId}>Post to this client&rsquo;s account</h2>
      <form className="form bo-posting" noValidate onSubmit={onSubmit}>
        <div className="form-grid">
          <SelectField
            label="Type"
            name="type"
            value={type}
            error={errors.type}
            onChange={(event) => setType(event.target.value as StaffPostingType)}
          >
            {STAFF_POSTING_TYPES.map((value) => (
              <option key={value} value={value}>
                {TRANSACTION_TYPE_LABELS[value]}
              </option>
            ))}
          </SelectField>
          {type === 'adjustment' ? (
            <SelectField
              label="Direction"
              name="direction"
              value={direction}
              error={errors.direction}
              onChange={(event) => setDirection(event.target.value as 'credit' | 'debit')}
            >
              <option value="credit">Credit (money in)</option>
              <option value="debit">Debit (money out)</option>
            </SelectField>
          ) : null}
          <TextField
            label="Amount (USD)"
            name="amount"
            inputMode="decimal"
            autoComplete="off"
            placeholder="e.g. 40"
            value={amount}
            error={errors.amountMinor}
            onChange={(event) => setAmount(event.target.value)}
          />
        </div>
        <TextareaField
          label="Reason (the client sees it)"
          name="reason"
          value={reason}
          error={errors.reason}
          onChange={(event) => setReason(event.target.value)}
        />
        <p className="bo-posting-hint">
          The client&rsquo;s dashboard and history show this as &ldquo;Credited by staff&rdquo; (or
          &ldquo;Debited by staff&rdquo;) with your reason, never as earned by trading.
        </p>
        <div>
          <button type="submit" className="button button--primary" disabled={post.isPending}>
            {post.isPending ? 'Posting…' : 'Post'}
          </button>
        </div>
      </form>
    </section>
  );
}
