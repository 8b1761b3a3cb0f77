import {
  COUNTRIES,
  MESSAGES,
  RegisterBodySchema,
  type RegisterBody,
  type RegisterForm,
} from '@brokerdesk/shared';
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm, type DefaultValues } from 'react-hook-form';
import { SelectField } from '../../../components/ui/select-field';
import { TextField } from '../../../components/ui/text-field';
import { NewPasswordFields } from '../../../components/ui/new-password-fields';
import { ApiError } from '../../../lib/api-client';
import { applyServerFieldErrors } from '../../../lib/server-field-errors';
import { useRegister } from '../api/register';

const FIELD_NAMES = [
  'firstName',
  'lastName',
  'email',
  'phone',
  'password',
  'confirmPassword',
  'country',
] as const satisfies readonly (keyof RegisterForm)[];

// The value of the 'Choose Country' option. Not a country, so the shared schema answers it with
// 'Please select a country'; typed as one only so that reset() can put the select back on it.
const NO_COUNTRY = '' as RegisterForm['country'];

const EMPTY_FORM: DefaultValues<RegisterForm> = {
  firstName: '',
  lastName: '',
  email: '',
  phone: '',
  password: '',
  confirmPassword: '',
  country: NO_COUNTRY,
};

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
    if (taken) return `❌ ${MESSAGES.register.emailTaken}`;
  }
  return MESSAGES.register.failure;
}

/**
 * Seed §2 /userRegister. Validation runs on submit with the shared schema, so every message
 * is the seed's; a field's error clears as soon as that field is edited.
 */
export function RegistrationForm() {
  const {
    register: field,
    handleSubmit,
    formState: { errors },
    clearErrors,
    setError,
    reset,
  } = useForm<RegisterForm, unknown, RegisterBody>({
    resolver: zodResolver(RegisterBodySchema),
    mode: 'onSubmit',
    reValidateMode: 'onSubmit',
    defaultValues: EMPTY_FORM,
    shouldFocusError: true,
  });
  const registration = useRegister();
  const [result, setResult] = useState<string | null>(null);
  const [passwordFieldsKey, setPasswordFieldsKey] = useState(0);

  const editable = (name: (typeof FIELD_NAMES)[number]) =>
    field(name, { onChange: () => clearErrors(name) });

  const onValid = (body: RegisterBody) => {
    setResult(null);
    const ref = readReferralCode();
    registration.mutate(ref ? { ...body, ref } : body, {
      onSuccess: () => {
        reset(EMPTY_FORM);
        // A fresh pair of fields: the passwords are hidden again.
        setPasswordFieldsKey((key) => key + 1);
        setResult(MESSAGES.register.success);
      },
      onError: (error) => {
        setResult(registrationFailureMessage(error));
        applyServerFieldErrors(error, FIELD_NAMES, setError);
      },
    });
  };

  const pending = registration.isPending;

  return (
    <form className="form" noValidate onSubmit={handleSubmit(onValid)}>
      <div className="form-grid">
        <TextField
          label="First Name"
          autoComplete="given-name"
          error={errors.firstName?.message}
          {...editable('firstName')}
        />
        <TextField
          label="Last Name"
          autoComplete="family-name"
          error={errors.lastName?.message}
          {...editable('lastName')}
        />
      </div>
      <TextField
        label="Email"
        type="email"
        autoComplete="email"
        spellCheck={false}
        error={errors.email?.message}
        {...editable('email')}
      />
      <TextField
        label="Phone Number"
        type="tel"
        inputMode="numeric"
        autoComplete="tel"
        error={errors.phone?.message}
        {...editable('phone')}
      />
      <NewPasswordFields
        key={passwordFieldsKey}
        passwordError={errors.password?.message}
        confirmError={errors.confirmPassword?.message}
        password={editable('password')}
        confirm={editable('confirmPassword')}
      />
      <SelectField
        label="Country"
        autoComplete="country-name"
        error={errors.country?.message}
        {...editable('country')}
      >
        <option value="">Choose Country</option>
        {COUNTRIES.map((country) => (
          <option key={country} value={country}>
            {country}
          </option>
        ))}
      </SelectField>
      <button type="submit" className="button button--primary button--block" disabled={pending}>
        {pending ? 'Registering…' : 'Register'}
      </button>
      <p
        role="status"
        aria-live="polite"
        className={
          result === null
            ? 'result-line'
            : `result-line ${result.includes('✅') ? 'result-line--success' : 'result-line--failure'}`
        }
      >
        {result}
      </p>
    </form>
  );
}
