import {
  ChangeStaffPasswordBodySchema,
  MESSAGES,
  type ChangeStaffPasswordBody,
  type ChangeStaffPasswordForm,
} from '@brokerdesk/shared';
import { zodResolver } from '@hookform/resolvers/zod';
import { useId, useState } from 'react';
import { useForm, type DefaultValues } from 'react-hook-form';
import { PasswordField } from '../../../components/ui/password-field';
import { TextField } from '../../../components/ui/text-field';
import { ApiError, NETWORK_ERROR_STATUS } from '../../../lib/api-client';
import { applyServerFieldErrors } from '../../../lib/server-field-errors';
import { useChangeOwnPassword } from '../api/change-own-password';
import '../staff-accounts.css';

const FIELD_NAMES = [
  'currentPassword',
  'newPassword',
  'confirmPassword',
  'code',
] as const satisfies readonly (keyof ChangeStaffPasswordBody)[];

const EMPTY_FORM: DefaultValues<ChangeStaffPasswordForm> = {
  currentPassword: '',
  newPassword: '',
  confirmPassword: '',
  // Absent unless typed: the field exists only with 2FA on (and '' would not be a code).
  code: undefined,
};

export const STAFF_PASSWORD_FAILURE = 'Your password could not be changed. Please try again.';

type Result = { kind: 'changed' | 'failed'; text: string } | null;

/**
 * /adminDashboard/security: a staff member changes their own password (decision 111) with the
 * current one and, once two-factor authentication is on, a code; the shared schema checks the
 * shape, the server's per-field answers (wrong password, wrong code, same password) land under
 * their fields, and the outcome in a polite live region. Other sessions end; this one stays.
 */
export function ChangeOwnPasswordForm({ totpEnrolled }: { totpEnrolled: boolean }) {
  const {
    register: field,
    handleSubmit,
    formState: { errors },
    clearErrors,
    setError,
    reset,
  } = useForm<ChangeStaffPasswordForm, unknown, ChangeStaffPasswordBody>({
    resolver: zodResolver(ChangeStaffPasswordBodySchema),
    mode: 'onSubmit',
    reValidateMode: 'onSubmit',
    defaultValues: EMPTY_FORM,
    shouldFocusError: true,
  });
  const request = useChangeOwnPassword();
  const [result, setResult] = useState<Result>(null);
  const headingId = useId();

  const editable = (name: (typeof FIELD_NAMES)[number]) =>
    field(name, {
      onChange: () => clearErrors(name),
      // An empty code field means "no code" (the schema's optional), not a malformed one.
      ...(name === 'code' ? { setValueAs: (value: string) => value.trim() || undefined } : {}),
    });

  const onValid = (body: ChangeStaffPasswordBody) => {
    setResult(null);
    if (totpEnrolled && !body.code) {
      setError(
        'code',
        { type: 'required', message: MESSAGES.backOffice.totpCodeOrRecovery },
        { shouldFocus: true },
      );
      return;
    }
    request.mutate(body, {
      onSuccess: (answer) => {
        reset(EMPTY_FORM);
        setResult({ kind: 'changed', text: answer.message });
      },
      onError: (error) => {
        if (error instanceof ApiError && error.fields) {
          applyServerFieldErrors(error, FIELD_NAMES, setError);
          return;
        }
        const text =
          error instanceof ApiError &&
          (error.status === NETWORK_ERROR_STATUS || (error.status < 500 && error.serverMessage))
            ? error.message
            : STAFF_PASSWORD_FAILURE;
        setResult({ kind: 'failed', text });
      },
    });
  };

  const pending = request.isPending;

  return (
    <section className="card staff-card" aria-labelledby={headingId}>
      <h2 id={headingId}>Change my password</h2>
      <form className="form staff-form" noValidate onSubmit={handleSubmit(onValid)}>
        <PasswordField
          label="Current password"
          autoComplete="current-password"
          error={errors.currentPassword?.message}
          {...editable('currentPassword')}
        />
        <PasswordField
          label="New password"
          autoComplete="new-password"
          error={errors.newPassword?.message}
          {...editable('newPassword')}
        />
        <p className="field-hint">At least 12 characters, different from the current one.</p>
        <PasswordField
          label="Confirm new password"
          autoComplete="new-password"
          error={errors.confirmPassword?.message}
          {...editable('confirmPassword')}
        />
        {totpEnrolled ? (
          <TextField
            label="Authentication code"
            inputMode="numeric"
            autoComplete="one-time-code"
            autoCapitalize="none"
            spellCheck={false}
            error={errors.code?.message}
            {...editable('code')}
          />
        ) : null}
        <div>
          <button type="submit" className="button button--primary" disabled={pending}>
            {pending ? 'Changing password…' : 'Change password'}
          </button>
        </div>
        <p
          role="status"
          aria-live="polite"
          className={
            result === null
              ? 'result-line'
              : `result-line ${result.kind === 'changed' ? 'result-line--success' : 'result-line--failure'}`
          }
        >
          {result?.text ?? ''}
        </p>
      </form>
    </section>
  );
}
