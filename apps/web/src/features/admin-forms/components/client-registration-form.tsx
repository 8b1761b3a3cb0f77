import { MESSAGES, type RegisterBody } from '@brokerdesk/shared';
import { useState } from 'react';
import { ApiError } from '../../../lib/api-client';
import { REGISTRATION_FIELD_NAMES, RegistrationFields, useRegistrationForm } from '../../auth';
import { useCreateClient } from '../api/create-client';
import { applyFailure } from '../form-failure';
import { FormResult } from './form-result';
import '../admin-forms.css';

/** The ❌ line of a failed registration: the server's words for a taken e-mail (409). */
export function clientCreateFailure(error: unknown): string {
  if (error instanceof ApiError && error.status === 409) {
    return `❌ ${error.serverMessage ?? MESSAGES.register.emailTaken}`;
  }
  return MESSAGES.backOffice.clientCreateFailed;
}

/**
 * Manage Registration (docs/origin.md §2): the registration form, validated with the shared schema (the
 * public form's messages), creating the client through POST /api/staff/clients.
 */
export function ClientRegistrationForm() {
  const form = useRegistrationForm();
  const create = useCreateClient();
  const [result, setResult] = useState<string | null>(null);
  const [detail, setDetail] = useState<string | null>(null);

  const onValid = (body: RegisterBody) => {
    setResult(null);
    setDetail(null);
    create.mutate(body, {
      onSuccess: () => {
        form.clear();
        setResult(MESSAGES.backOffice.clientCreated);
      },
      onError: (error) => {
        const message = clientCreateFailure(error);
        setResult(message);
        const extra = applyFailure(error, REGISTRATION_FIELD_NAMES, form.setError);
        // A 409's words are already the result line.
        if (!(error instanceof ApiError && error.status === 409)) setDetail(extra);
      },
    });
  };

  // Only when the validation could not be fetched (connection lost).
  const onUnavailable = () => {
    setDetail(null);
    setResult(MESSAGES.backOffice.clientCreateFailed);
  };
  const pending = create.isPending;

  return (
    <form
      className="form admin-form card"
      noValidate
      onSubmit={form.handleSubmit(onValid, onUnavailable)}
    >
      <RegistrationFields form={form} autofill={false} />
      <div>
        <button type="submit" className="button button--primary" disabled={pending}>
          {pending ? 'Registering…' : 'Register'}
        </button>
      </div>
      <FormResult message={result} detail={detail} />
    </form>
  );
}
