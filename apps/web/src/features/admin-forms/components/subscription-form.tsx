import { MESSAGES, OriginSubscriptionBodySchema } from '@brokerdesk/shared';
import type { DefaultValues } from 'react-hook-form';
import { TextField } from '../../../components/ui/text-field';
import { useCreateSubscription } from '../api/create-subscription';
import { useOriginMoneyForm } from '../hooks/use-origin-money-form';
import { subscriptionPayload, type SubscriptionFormValues } from '../origin-payloads';
import { ClientPicker } from './client-picker';
import { FormResult } from './form-result';
import '../admin-forms.css';

const FIELD_NAMES = [
  'userId',
  'planName',
  'amount',
  'profitPercent',
  'duration',
  'status',
  'startDate',
  'endDate',
] as const satisfies readonly (keyof SubscriptionFormValues)[];

const EMPTY_FORM: DefaultValues<SubscriptionFormValues> = {
  userId: '',
  planName: '',
  amount: '',
  profitPercent: '',
  duration: '',
  status: 'Active',
  startDate: '',
  endDate: '',
};

/**
 * Manage Subscription (docs/origin.md §2, §7): a plan for one client, by hand. Validated with the shared
 * OriginSubscriptionBodySchema; POST /api/subscribe/create with one idempotency key per submission.
 */
export function SubscriptionForm() {
  const create = useCreateSubscription();
  const { errors, editable, onSubmit, pending, result, detail } = useOriginMoneyForm({
    schema: OriginSubscriptionBodySchema,
    emptyForm: EMPTY_FORM,
    fieldNames: FIELD_NAMES,
    toPayload: subscriptionPayload,
    create,
    messages: {
      created: MESSAGES.backOffice.subscriptionCreated,
      failed: MESSAGES.backOffice.subscriptionCreateFailed,
    },
  });

  return (
    <form className="form admin-form card" noValidate onSubmit={onSubmit}>
      <ClientPicker error={errors.userId?.message} registration={editable('userId')} />
      <TextField
        label="Plan name"
        autoComplete="off"
        error={errors.planName?.message}
        {...editable('planName')}
      />
      <div className="form-grid">
        <TextField
          label="Amount (USD)"
          inputMode="decimal"
          autoComplete="off"
          placeholder="e.g. 1000"
          error={errors.amount?.message}
          {...editable('amount')}
        />
        <TextField
          label="Profit (%)"
          inputMode="decimal"
          autoComplete="off"
          placeholder="e.g. 10"
          error={errors.profitPercent?.message}
          {...editable('profitPercent', true)}
        />
      </div>
      <div className="form-grid">
        <TextField
          label="Duration (days)"
          inputMode="numeric"
          autoComplete="off"
          placeholder="e.g. 30"
          error={errors.duration?.message}
          {...editable('duration')}
        />
        <TextField
          label="Status"
          autoComplete="off"
          error={errors.status?.message}
          {...editable('status', true)}
        />
      </div>
      <div className="form-grid">
        <TextField
          label="Start date"
          type="date"
          error={errors.startDate?.message}
          {...editable('startDate', true)}
        />
        <TextField
          label="End date"
          type="date"
          error={errors.endDate?.message}
          {...editable('endDate', true)}
        />
      </div>
      <p className="admin-form-hint">
        The amount is taken from the client&rsquo;s balance (0 for a courtesy plan). Without a start
        date the plan starts today.
      </p>
      <div>
        <button type="submit" className="button button--primary" disabled={pending}>
          {pending ? 'Subscribing…' : 'Subscribe'}
        </button>
      </div>
      <FormResult message={result} detail={detail} />
    </form>
  );
}
