import { ClientCategoryBodySchema, type ClientCategoryBody } from '@brokerdesk/shared/trading';
import { zodResolver } from '@hookform/resolvers/zod';
import { useId } from 'react';
import { useForm } from 'react-hook-form';
import type { ActionOutcome } from '../../../components/ui/action-notice';
import { DateTime } from '../../../components/ui/date-time';
import { ErrorPanel } from '../../../components/ui/error-panel';
import { actionFailureText } from '../../../components/ui/failure-text';
import { TextareaField } from '../../../components/ui/textarea-field';
import { useClientTradingProfile, useSetClientCategory } from '../api/client-profile';
import type { ClientTradingProfile } from '../api/client-profile';

const CATEGORY_NAMES = { retail: 'Retail', professional: 'Professional' } as const;

const ReasonSchema = ClientCategoryBodySchema.pick({ reason: true });

/** Category is one of two: the form offers the other one, with the reason the change needs. */
function CategoryForm({
  clientId,
  current,
  onOutcome,
}: {
  clientId: string;
  current: ClientTradingProfile['category'];
  onOutcome: (outcome: ActionOutcome) => void;
}) {
  const change = useSetClientCategory(clientId);
  const next = current === 'retail' ? 'professional' : 'retail';
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors },
  } = useForm<Pick<ClientCategoryBody, 'reason'>>({
    resolver: zodResolver(ReasonSchema),
    defaultValues: { reason: '' },
    shouldFocusError: true,
  });
  const onSubmit = handleSubmit(({ reason }) =>
    change.mutate(
      { category: next, reason },
      {
        onSuccess: (profile) => {
          reset({ reason: '' });
          onOutcome({
            tone: 'success',
            text: `The client is now ${CATEGORY_NAMES[profile.category].toLowerCase()}: new positions open under its leverage.`,
          });
        },
        onError: (error) =>
          onOutcome({
            tone: 'failure',
            text: actionFailureText(error, 'The category could not be changed. Please try again.'),
          }),
      },
    ),
  );
  return (
    <form className="bo-client-category-form" onSubmit={onSubmit} noValidate>
      <TextareaField
        label={`Reason for making the client ${next} (kept in the audit log)`}
        rows={2}
        error={errors.reason?.message}
        {...register('reason')}
      />
      <button type="submit" className="button button--secondary" disabled={change.isPending}>
        {change.isPending ? 'Saving…' : `Make ${next}`}
      </button>
    </form>
  );
}

function testText(test: ClientTradingProfile['test']): string {
  if (test.status === 'not-taken') return 'Not taken';
  const score = `${test.correct} of ${test.total} (pass mark ${test.passMark})`;
  return test.status === 'passed' ? `Passed, ${score}` : `Failed, ${score}`;
}

/**
 * A client's category and live onboarding on their back-office page (decision 132): every role
 * that reads clients sees them; owner and compliance change the category with a reason.
 */
export function ClientTradingProfileSection({
  clientId,
  canSetCategory,
  onOutcome,
}: {
  clientId: string;
  canSetCategory: boolean;
  onOutcome: (outcome: ActionOutcome) => void;
}) {
  const headingId = useId();
  const profile = useClientTradingProfile(clientId);
  return (
    <section className="bo-section" aria-labelledby={headingId}>
      <h2 id={headingId}>Trading category and live onboarding</h2>
      {profile.isPending ? (
        <p>Loading…</p>
      ) : profile.isError ? (
        <ErrorPanel
          error={profile.error}
          message="We could not load the client’s onboarding."
          onRetry={() => void profile.refetch()}
          retrying={profile.isFetching}
        />
      ) : (
        <>
          <dl className="bo-client-onboarding">
            <div>
              <dt>Category</dt>
              <dd>
                {CATEGORY_NAMES[profile.data.category]}
                {profile.data.categoryChange ? (
                  <>
                    {' '}
                    (set by {profile.data.categoryChange.by ?? 'a former member'} on{' '}
                    <DateTime value={profile.data.categoryChange.at} withTime />:{' '}
                    {profile.data.categoryChange.reason})
                  </>
                ) : (
                  ' (the default)'
                )}
              </dd>
            </div>
            <div>
              <dt>Risk disclosure</dt>
              <dd>
                {profile.data.disclosure.acknowledgedAt ? (
                  <>
                    Version {profile.data.disclosure.acknowledgedVersion} acknowledged on{' '}
                    <DateTime value={profile.data.disclosure.acknowledgedAt} withTime />
                    {profile.data.disclosure.current
                      ? ''
                      : ` (the current version is ${profile.data.disclosure.version})`}
                  </>
                ) : (
                  'Not acknowledged'
                )}
              </dd>
            </div>
            <div>
              <dt>Appropriateness test</dt>
              <dd>
                {testText(profile.data.test)}
                {profile.data.test.takenAt ? (
                  <>
                    {' '}
                    on <DateTime value={profile.data.test.takenAt} withTime />
                  </>
                ) : null}
              </dd>
            </div>
            <div>
              <dt>Live account</dt>
              <dd>{profile.data.ready ? 'Every step done' : 'Steps still to do'}</dd>
            </div>
          </dl>
          {canSetCategory ? (
            <CategoryForm
              clientId={clientId}
              current={profile.data.category}
              onOutcome={onOutcome}
            />
          ) : null}
        </>
      )}
    </section>
  );
}
