import { MESSAGES, type RegisterBody } from '@brokerdesk/shared';
import { useState } from 'react';
import { ApiError } from '../../../lib/api-client';
import { applyServerFieldErrors } from '../../../lib/server-field-errors';
import { useRegister } from '../api/register';
import { REGISTRATION_FIELD_NAMES, useRegistrationForm } from '../hooks/use-registration-form';
import { RegistrationFields } from './registration-fields';

const MAX_REF_LENGTH = 64;

/**
 * The referral code of /userRegister?ref=CODE. Read from the address when the form is sent —
 * never while rendering, because this page is pre-rendered without a query string.
 */
function readReferralCode(): string | undefined {
  const ref = new URLSearchParams(window.location.search).get('ref')?.trim();
  return ref && ref.length <= MAX_REF_LENGTH ? ref : undefined;
}

/** What the result line says after a failed registration. */
export function registrationFailureMessage(error: unknown): string {
  if (error instanceof ApiError) {
    const taken =
      error.code === 'EMAIL_TAKEN' || (error.status === 409 && error.code === undefined);
    if (taken) return MESSAGES.register.emailTaken;
  }
  return MESSAGES.register.failure;
}

interface RegistrationResult {
  ok: boolean;
  text: string;
  /** The address the verification link went to. */
  email?: string;
}

/**
 * docs/origin.md §2 /userRegister. Validation runs on submit with the shared schema, so every message
 * is the seed's; a field's error clears as soon as that field is edited. The schema is fetched
 * after the page has loaded (useRegistrationForm); if it cannot be, the failure line shows.
 */
export function RegistrationForm() {
  const form = useRegistrationForm();
  const registration = useRegister();
  const [result, setResult] = useState<RegistrationResult | null>(null);

  const onValid = (body: RegisterBody) => {
    setResult(null);
    const ref = readReferralCode();
    registration.mutate(ref ? { ...body, ref } : body, {
      onSuccess: () => {
        form.clear();
        setResult({ ok: true, text: MESSAGES.register.success, email: body.email });
      },
      onError: (error) => {
        setResult({ ok: false, text: registrationFailureMessage(error) });
        applyServerFieldErrors(error, REGISTRATION_FIELD_NAMES, form.setError);
      },
    });
  };

  // Only when the validation could not be fetched (connection lost).
  const onUnavailable = () => setResult({ ok: false, text: MESSAGES.register.failure });
  const pending = registration.isPending;

  return (
    <form className="form" noValidate onSubmit={form.handleSubmit(onValid, onUnavailable)}>
      <RegistrationFields form={form} autofill />
      {/* A submit before the validation has arrived waits for it, saying so (decision 106). */}
      <button
        type="submit"
        className="button button--primary button--block"
        disabled={pending || form.checking}
      >
        {pending ? 'Registering…' : form.checking ? 'Checking…' : 'Register'}
      </button>
      <p
        role="status"
        aria-live="polite"
        className={
          result === null
            ? 'result-line'
            : `result-line ${result.ok ? 'result-line--success' : 'result-line--failure'}`
        }
      >
        {/* The origin's ✅/❌, drawn in CSS: not every machine has an emoji font. */}
        {result ? <span className="result-line__icon" aria-hidden="true" /> : null}
        {result?.text}
      </p>
      <p aria-live="polite" className="result-line__next">
        {result?.email ? MESSAGES.register.checkEmail(result.email) : null}
      </p>
    </form>
  );
}
