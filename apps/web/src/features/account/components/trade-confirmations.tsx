import { useId, useState } from 'react';
import { RetryPanel } from '../../../components/ui/error-panel';
import { actionFailureText, loadFailureText } from '../../../components/ui/failure-text';
import { Skeleton } from '../../../components/ui/skeleton';
import { usePreferences } from '../api/get-preferences';
import { useUpdatePreferences } from '../api/update-preferences';

export const SAVE_PREFERENCE_FAILED = 'We could not save your choice. Please try again.';
export const LOAD_PREFERENCES_FAILED = 'We could not load your e-mail choices. Please try again.';

type Result = { tone: 'success' | 'failure'; text: string } | null;

/**
 * "E-mail notifications" on the account page: the trade confirmations switch (decision 137),
 * saved as soon as it is flipped. While saving it shows the new position, says "Saving…" and
 * ignores further flips; a failure puts it back and says so.
 */
export function TradeConfirmations() {
  const headingId = useId();
  const hintId = useId();
  const preferences = usePreferences();
  const update = useUpdatePreferences();
  const [result, setResult] = useState<Result>(null);

  const saved = preferences.data?.tradeConfirmations;
  const shown = update.isPending ? update.variables.tradeConfirmations : saved;

  const flip = (on: boolean) => {
    if (update.isPending) return;
    setResult(null);
    update.mutate(
      { tradeConfirmations: on },
      {
        onSuccess: (answer) => setResult({ tone: 'success', text: answer.message }),
        onError: (error) =>
          setResult({ tone: 'failure', text: actionFailureText(error, SAVE_PREFERENCE_FAILED) }),
      },
    );
  };

  return (
    <section className="account-card account-notifications card" aria-labelledby={headingId}>
      <h2 id={headingId}>E-mail notifications</h2>
      {preferences.isError ? (
        <RetryPanel
          role="status"
          message={loadFailureText(preferences.error, LOAD_PREFERENCES_FAILED)}
          onRetry={() => void preferences.refetch()}
          retrying={preferences.isFetching}
        />
      ) : shown === undefined ? (
        <div aria-busy="true">
          <Skeleton size="lg" />
        </div>
      ) : (
        <div className="account-toggle" aria-busy={update.isPending}>
          <input
            id={`${headingId}-trade-confirmations`}
            type="checkbox"
            role="switch"
            className="account-toggle-input"
            checked={shown}
            aria-describedby={hintId}
            aria-disabled={update.isPending}
            onChange={(event) => flip(event.currentTarget.checked)}
          />
          <div className="account-toggle-text">
            <label htmlFor={`${headingId}-trade-confirmations`} className="account-toggle-label">
              Trade confirmations
            </label>
            <p id={hintId} className="account-toggle-hint">
              An e-mail for each order filled and each position closed on your Demo and Live trading
              accounts, with the price, volume and, for a close, the realised profit or loss. Prices
              are simulated.
            </p>
            <p className="account-toggle-state" aria-hidden="true">
              {update.isPending ? 'Saving…' : shown ? 'On' : 'Off'}
            </p>
          </div>
        </div>
      )}
      <p
        role="status"
        aria-live="polite"
        className={
          result && !update.isPending
            ? `result-line ${result.tone === 'success' ? 'result-line--success' : 'result-line--failure'}`
            : 'result-line'
        }
      >
        {update.isPending ? 'Saving…' : (result?.text ?? '')}
      </p>
    </section>
  );
}
