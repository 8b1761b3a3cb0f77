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
import { useCreateClient } from '../api/create-client';
import { applyFailure } from '../form-failure';
import { FormResult } from './form-result';
import '../admin-forms.css';

const FIELD_NAMES = [
  'firstName',
  'lastName',
  'email',
  'phone',
  'password',
  'confirmPassword',
  'country',
] as const satisfies readonly (keyof RegisterForm)[];

// 'Choose Country' is not a country, so the shared schema answers it with 'Please select a country'.
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

/** The ❌ line of a failed registration: the server's words for a taken e-mail (409). */
export function clientCreateFailure(error: unknown): string {
  if (error instanceof ApiError && error.status === 409) {
    return `❌ ${error.serverMessage ?? MESSAGES.register.emailTaken}`;
  }
  return MESSAGES.backOffice.clientCreateFailed;
}

/**
 * Manage Registration (seed §2): the registration form, validated with the shared schema (the
 * public form's messages), creating the client through POST /api/staff/clients.
 */
export function ClientRegistrationForm() {
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
  const create = useCreateClient();
  const [result, setResult] = useState<string | null>(null);
  const [passwordFieldsKey, setPasswordFieldsKey] = useState(0);
  const [detail, setDetail] = useState<string | null>(null);

  const editable = (name: (typeof FIELD_NAMES)[number]) =>
    field(name, { onChange: () => clearErrors(name) });

  const onValid = (body: RegisterBody) => {
    setResult(null);
    setDetail(null);
    create.mutate(body, {
      onSuccess: () => {
        reset(EMPTY_FORM);
        // A fresh pair of fields: the passwords are hidden again.
        setPasswordFieldsKey((key) => key + 1);
        setResult(MESSAGES.backOffice.clientCreated);
      },
      onError: (error) => {
        const message = clientCreateFailure(error);
        setResult(message);
        const extra = applyFailure(error, FIELD_NAMES, setError);
        // A 409's words are already the result line.
        if (!(error instanceof ApiError && error.status === 409)) setDetail(extra);
      },
    });
  };

  const pending = create.isPending;

  return (
    <form className="form admin-form card" noValidate onSubmit={handleSubmit(onValid)}>
      <div className="form-grid">
        <TextField
          label="First Name"
          autoComplete="off"
          error={errors.firstName?.message}
          {...editable('firstName')}
        />
        <TextField
          label="Last Name"
          autoComplete="off"
          error={errors.lastName?.message}
          {...editable('lastName')}
        />
      </div>
      <TextField
        label="Email"
        type="email"
        autoComplete="off"
        spellCheck={false}
        error={errors.email?.message}
        {...editable('email')}
      />
      <TextField
        label="Phone Number"
        type="tel"
        inputMode="numeric"
        autoComplete="off"
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
      <SelectField label="Country" error={errors.country?.message} {...editable('country')}>
        <option value="">Choose Country</option>
        {COUNTRIES.map((country) => (
          <option key={country} value={country}>
            {country}
          </option>
        ))}
      </SelectField>
      <div>
        <button type="submit" className="button button--primary" disabled={pending}>
          {pending ? 'Registering…' : 'Register'}
        </button>
      </div>
      <FormResult message={result} detail={detail} />
    </form>
  );
}
