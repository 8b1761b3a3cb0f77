import { RISK_DISCLOSURE_VERSION } from '@brokerdesk/shared/trading';
import { useId, useState, type FormEvent, type ReactNode } from 'react';
import { Link } from 'react-router';
import { actionFailureText, loadFailureText } from '../../../components/ui/failure-text';
import { formatTimestamp } from '../../../components/ui/timestamp';
import { paths } from '../../../config/paths';
import { tradingPaths } from '../../../config/trading-paths';
import { ApiError } from '../../../lib/api-client';
import { useAcknowledgeDisclosure, useOnboarding } from '../api/onboarding';
import type { Onboarding } from '../api/onboarding';
import { AppropriatenessTest } from './appropriateness-test';

const DOCUMENT_NAMES: Record<string, string> = {
  id: 'proof of identity',
  residence: 'proof of residence',
};
const DOCUMENT_STATES: Record<string, string> = {
  'not-uploaded': 'not uploaded yet',
  pending: 'waiting for review',
  rejected: 'rejected: please upload a new one',
};

function Step({ title, done, children }: { title: string; done: boolean; children: ReactNode }) {
  return (
    <li className={`trade-onboarding-step${done ? ' is-done' : ''}`}>
      <h4>
        {title} <span className="trade-onboarding-status">{done ? 'Done' : 'To do'}</span>
      </h4>
      {children}
    </li>
  );
}

function DisclosureStep({ state }: { state: Onboarding['disclosure'] }) {
  const checkboxId = useId();
  const [ticked, setTicked] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const acknowledge = useAcknowledgeDisclosure();
  if (state.current && state.acknowledgedAt) {
    return (
      <p>
        You acknowledged version {state.version} on{' '}
        <time dateTime={state.acknowledgedAt}>{formatTimestamp(state.acknowledgedAt)}</time>.
      </p>
    );
  }
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!ticked) {
      setProblem('Please tick the box to confirm you have read the risk disclosure');
      document.getElementById(checkboxId)?.focus();
      return;
    }
    acknowledge.mutate(RISK_DISCLOSURE_VERSION, {
      onError: (error) =>
        setProblem(actionFailureText(error, 'The acknowledgement failed. Please try again.')),
    });
  };
  return (
    <form onSubmit={onSubmit} noValidate>
      {state.acknowledgedVersion ? (
        <p>The risk disclosure has changed since you acknowledged it: please read it again.</p>
      ) : null}
      <p>
        <Link to={tradingPaths.riskDisclosure} target="_blank" rel="noopener">
          Read the CFD risk disclosure (opens in a new tab)
        </Link>
      </p>
      <div className="trade-onboarding-option">
        <input
          id={checkboxId}
          type="checkbox"
          checked={ticked}
          aria-invalid={problem ? true : undefined}
          onChange={(event) => {
            setTicked(event.target.checked);
            setProblem(null);
          }}
        />
        <label htmlFor={checkboxId}>
          I have read and understood the risk disclosure (version {state.version}): CFDs are complex
          and I can lose money rapidly because of leverage.
        </label>
      </div>
      {problem ? (
        <p role="alert" className="form-error">
          {problem}
        </p>
      ) : null}
      <button type="submit" className="button button--secondary" disabled={acknowledge.isPending}>
        {acknowledge.isPending ? 'Saving…' : 'Acknowledge'}
      </button>
    </form>
  );
}

/** What the client must do first when the server refuses a live account (§11.5). */
function OpenFailure({ error }: { error: unknown }) {
  const code = error instanceof ApiError ? error.code : undefined;
  const text = actionFailureText(error, 'The live account could not be opened. Please try again.');
  return (
    <p role="alert" className="form-error">
      {text}
      {code === 'DOCUMENTS_REQUIRED' ? (
        <>
          {' '}
          Upload them on the <Link to={paths.verification}>verification page</Link>.
        </>
      ) : null}
    </p>
  );
}

/**
 * The guided Live onboarding (decision 132): the steps a live account needs, each marked done
 * or to do, with the disclosure's acknowledgement and the test in place, then the open button.
 */
export function LiveOnboarding({
  opening,
  openError,
  onOpen,
}: {
  opening: boolean;
  openError: unknown;
  onOpen: () => void;
}) {
  const headingId = useId();
  const onboarding = useOnboarding();
  if (onboarding.isPending)
    return <p className="trade-note">Checking what a live account needs…</p>;
  if (onboarding.isError) {
    return (
      <p role="alert" className="form-error">
        {loadFailureText(onboarding.error, 'What a live account needs could not be loaded.')}
      </p>
    );
  }
  const state = onboarding.data;
  const documentsDone = state.missingDocuments.length === 0;
  return (
    <section className="trade-onboarding" aria-labelledby={headingId}>
      <h3 id={headingId}>Open a live account</h3>
      <p>
        A live account trades money you move in from your wallet. These steps come first; until they
        are done you can keep trading on Demo.
      </p>
      <ol className="trade-onboarding-steps">
        <Step title="Verify your e-mail address" done={state.emailVerified}>
          {state.emailVerified ? null : (
            <p>
              Confirm it from the link we sent you; you can ask for a new one on your{' '}
              <Link to={paths.account}>account page</Link>.
            </p>
          )}
        </Step>
        <Step title="Proof of identity and of residence approved" done={documentsDone}>
          {documentsDone ? null : (
            <>
              <ul>
                {state.missingDocuments.map((d) => (
                  <li key={d.kind}>
                    {DOCUMENT_NAMES[d.kind] ?? d.kind}: {DOCUMENT_STATES[d.state] ?? d.state}
                  </li>
                ))}
              </ul>
              <p>
                Upload them on the <Link to={paths.verification}>verification page</Link>.
              </p>
            </>
          )}
        </Step>
        <Step title="Read and acknowledge the risk disclosure" done={state.disclosure.current}>
          <DisclosureStep state={state.disclosure} />
        </Step>
        <Step title="Pass the appropriateness test" done={state.test.status === 'passed'}>
          {state.test.status === 'passed' && state.test.takenAt ? (
            <p>
              Passed on{' '}
              <time dateTime={state.test.takenAt}>{formatTimestamp(state.test.takenAt)}</time>.
            </p>
          ) : (
            <AppropriatenessTest state={state.test} />
          )}
        </Step>
      </ol>
      <button
        type="button"
        className="button button--primary"
        disabled={!state.ready || opening}
        onClick={onOpen}
      >
        {opening ? 'Opening…' : 'Open a live account'}
      </button>
      {state.ready ? null : (
        <p className="trade-note">The button works once every step above is done.</p>
      )}
      {openError ? <OpenFailure error={openError} /> : null}
    </section>
  );
}
