import { ChangePasswordBodySchema, MESSAGES } from '@brokerdesk/shared';
import type { ChangePasswordBody } from '@brokerdesk/shared';
import { zodResolver } from '@hookform/resolvers/zod';
import { useId, useState } from 'react';
import { useForm, type DefaultValues } from 'react-hook-form';
import { PasswordField } from '../../../components/ui/password-field';
import { ApiError } from '../../../lib/api-client';
import { newPasswordMessage } from '../../../lib/common-password';
import { applyServerFieldErrors } from '../../../lib/server-field-errors';
import { useChangePassword } from '../api/change-password';

const FIELD_NAMES = [
  'currentPassword',
  'newPassword',
  'confirmPassword',
] as const satisfies readonly (keyof ChangePasswordBody)[];

const EMPTY_FORM: DefaultValues<ChangePasswordBody> = {
  currentPassword: '',
  newPassword: '',
  confirmPassword: '',
};

export const CHANGE_PASSWORD_FAILURE = 'Your password could not be changed. Please try again.';

type Result = { kind: 'changed'; text: string } | { kind: 'failed'; text: string } | null;

/**
 * Change password (docs/product.md §10): validated with the shared schema on submit (so 'Passwords do
 * not match' is the registration form's message); the server's answer lands in a polite live
 * region; a wrong current password lands under that field.
 */
export function ChangePasswordForm() {
  const {
    register: field,
    handleSubmit,
    formState: { errors },
    clearErrors,
    setError,
    reset,
  } = useForm<ChangePasswordBody>({
    resolver: zodResolver(ChangePasswordBodySchema),
    mode: 'onSubmit',
    reValidateMode: 'onSubmit',
    defaultValues: EMPTY_FORM,
    shouldFocusError: true,
  });
  const request = useChangePassword();
  const [result, setResult] = useState<Result>(null);
  const headingId = useId();

  const editable = (name: (typeof FIELD_NAMES)[number]) =>
    field(name, { onChange: () => clearErrors(name) });

  const onValid = async (body: ChangePasswordBody) => {
    setResult(null);
    // The API's own rules, said before sending: not the current password, not a common one.
    const refused = await newPasswordMessage(body.newPassword, body.currentPassword);
    if (refused) {
      setError('newPassword', { type: 'rule', message: refused }, { shouldFocus: true });
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
          setResult(null);
        } else if (error instanceof ApiError && error.status === 429 && error.serverMessage) {
          // Too many wrong current passwords (locked for a while), or too many changes.
          setResult({ kind: 'failed', text: error.serverMessage });
        } else if (error instanceof ApiError && error.code === 'INVALID_CREDENTIALS') {
          setError(
            'currentPassword',
            { type: 'server', message: MESSAGES.account.currentPasswordWrong },
            { shouldFocus: true },
          );
        } else {
          setResult({ kind: 'failed', text: CHANGE_PASSWORD_FAILURE });
        }
      },
    });
  };

  const pending = request.isPending;
  const resultClass =
    result?.kind === 'changed'
      ? 'result-line result-line--success'
      : result?.kind === 'failed'
        ? 'result-line result-line--failure'
        : 'result-line';

  return (
    <section className="account-card card" aria-labelledby={headingId}>
      <h2 id={headingId}>Change password</h2>
      <form className="form" noValidate onSubmit={handleSubmit(onValid)}>
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
        <PasswordField
          label="Confirm new password"
          autoComplete="new-password"
          error={errors.confirmPassword?.message}
          {...editable('confirmPassword')}
        />
        <div>
          <button type="submit" className="button button--primary" disabled={pending}>
            {pending ? 'Changing password…' : 'Change password'}
          </button>
        </div>
        <p role="status" aria-live="polite" className={resultClass}>
          {result?.text ?? ''}
        </p>
      </form>
    </section>
  );
}
