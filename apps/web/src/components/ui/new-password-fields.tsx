import { useId, useState } from 'react';
import { TextField, type TextFieldProps } from './text-field';
import { VisibilityToggle } from './visibility-toggle';

type FieldProps = Omit<TextFieldProps, 'label' | 'type' | 'id' | 'autoComplete' | 'error'>;

/**
 * A new password and its confirmation with one shared show/hide toggle (docs/origin.md §3): the
 * registration forms and the set-new-password page.
 */
export function NewPasswordFields({
  passwordLabel = 'Password',
  confirmLabel = 'Confirm Password',
  passwordError,
  confirmError,
  password,
  confirm,
}: {
  passwordLabel?: string;
  confirmLabel?: string;
  passwordError: string | undefined;
  confirmError: string | undefined;
  /** The password input's registration (react-hook-form) and handlers. */
  password: FieldProps;
  confirm: FieldProps;
}) {
  const [visible, setVisible] = useState(false);
  const passwordId = useId();
  const confirmId = useId();
  const type = visible ? 'text' : 'password';
  return (
    <>
      <TextField
        id={passwordId}
        label={passwordLabel}
        type={type}
        autoComplete="new-password"
        error={passwordError}
        {...password}
      />
      <TextField
        id={confirmId}
        label={confirmLabel}
        type={type}
        autoComplete="new-password"
        error={confirmError}
        {...confirm}
      />
      <div className="form-row-end">
        <VisibilityToggle
          visible={visible}
          onToggle={() => setVisible((shown) => !shown)}
          noun="passwords"
          controls={`${passwordId} ${confirmId}`}
        />
      </div>
    </>
  );
}
