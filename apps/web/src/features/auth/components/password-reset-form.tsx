import { useState, type FormEvent } from 'react';
import { TextField } from '../../../components/ui/text-field';
import { site } from '../../../content/site';

export const PASSWORD_RESET_UNAVAILABLE =
  'Password reset by e-mail is not available yet. Please contact support.';

/**
 * Seed §2 /passwordReset. Sending the reset mail is a later issue; until then the form says so
 * plainly instead of pretending a mail went out.
 */
export function PasswordResetForm() {
  const [submitted, setSubmitted] = useState(false);

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setSubmitted(true);
  };

  return (
    <form className="form" onSubmit={onSubmit}>
      <TextField label="Email" type="email" name="email" autoComplete="email" required />
      <button type="submit" className="button button--primary button--block">
        Send Reset Link
      </button>
      <div role="status" className="form-notice">
        {submitted ? (
          <>
            <p>{PASSWORD_RESET_UNAVAILABLE}</p>
            <p>
              Support: <a href={`mailto:${site.supportEmail}`}>{site.supportEmail}</a>
            </p>
          </>
        ) : null}
      </div>
    </form>
  );
}
