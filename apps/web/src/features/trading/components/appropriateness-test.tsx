import { APPROPRIATENESS_QUESTIONS, AppropriatenessBodySchema } from '@brokerdesk/shared/trading';
import { useId, useState, type FormEvent } from 'react';
import { actionFailureText } from '../../../components/ui/failure-text';
import { formatTimestamp } from '../../../components/ui/timestamp';
import { useSubmitAppropriateness } from '../api/onboarding';
import type { TestResult, TestState } from '../api/onboarding';

const questionText = new Map(
  APPROPRIATENESS_QUESTIONS.map((q, i) => [q.id, `${i + 1}. ${q.text}`]),
);

/** What a fail means and when the client may try again. */
function FailNotice({ state }: { state: TestState }) {
  return (
    <p>
      You answered {state.correct} of {state.total} correctly; {state.passMark} are needed. You can
      keep trading on Demo
      {state.retakeAt ? (
        <>
          {' '}
          and take the test again from{' '}
          <time dateTime={state.retakeAt}>{formatTimestamp(state.retakeAt)}</time>
        </>
      ) : null}
      .
    </p>
  );
}

/**
 * The appropriateness test (decision 132): one fieldset per question, graded by the server.
 * After a fail it lists the questions answered wrongly with why, and the time of the retake.
 */
export function AppropriatenessTest({
  state,
  now = Date.now,
}: {
  state: TestState;
  now?: () => number;
}) {
  const formId = useId();
  const submit = useSubmitAppropriateness();
  const [answers, setAnswers] = useState<Record<string, string>>({});
  const [problem, setProblem] = useState<string | null>(null);
  const [result, setResult] = useState<TestResult | null>(null);

  const waiting =
    state.status === 'failed' && state.retakeAt !== null && Date.parse(state.retakeAt) > now();

  if (result && result.status === 'failed') {
    return (
      <div className="trade-onboarding-result" role="alert">
        <p>
          <strong>Not passed.</strong>
        </p>
        <FailNotice state={result} />
        <h5>The answers to look at again</h5>
        <ul>
          {result.wrong.map((w) => (
            <li key={w.questionId}>
              <strong>{questionText.get(w.questionId)}</strong> {w.explanation}
            </li>
          ))}
        </ul>
      </div>
    );
  }
  if (waiting) return <FailNotice state={state} />;

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const checked = AppropriatenessBodySchema.safeParse({ answers });
    if (!checked.success) {
      setProblem(checked.error.issues[0]?.message ?? 'Please answer every question');
      const first = APPROPRIATENESS_QUESTIONS.find((q) => !answers[q.id]);
      if (first) document.getElementById(`${formId}-${first.id}-${first.options[0]?.id}`)?.focus();
      return;
    }
    setProblem(null);
    submit.mutate(checked.data.answers, {
      onSuccess: setResult,
      onError: (error) =>
        setProblem(actionFailureText(error, 'The test could not be sent. Please try again.')),
    });
  };

  return (
    <form className="trade-onboarding-test" onSubmit={onSubmit} noValidate>
      {state.status === 'failed' ? <FailNotice state={state} /> : null}
      <p>
        {state.total} questions about how CFDs, leverage and margin work: {state.passMark} right
        answers pass.
      </p>
      {APPROPRIATENESS_QUESTIONS.map((q, i) => (
        <fieldset key={q.id} className="trade-onboarding-question">
          <legend>
            {i + 1}. {q.text}
          </legend>
          {q.options.map((option) => {
            const id = `${formId}-${q.id}-${option.id}`;
            return (
              <div key={option.id} className="trade-onboarding-option">
                <input
                  id={id}
                  type="radio"
                  name={`${formId}-${q.id}`}
                  value={option.id}
                  checked={answers[q.id] === option.id}
                  onChange={() => {
                    setAnswers((previous) => ({ ...previous, [q.id]: option.id }));
                    setProblem(null);
                  }}
                />
                <label htmlFor={id}>{option.text}</label>
              </div>
            );
          })}
        </fieldset>
      ))}
      {problem ? (
        <p role="alert" className="form-error">
          {problem}
        </p>
      ) : null}
      <button type="submit" className="button button--primary" disabled={submit.isPending}>
        {submit.isPending ? 'Sending…' : 'Send my answers'}
      </button>
    </form>
  );
}
