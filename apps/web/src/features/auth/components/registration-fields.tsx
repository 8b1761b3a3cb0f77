import {
  COUNTRIES,
  RegisterBodySchema,
  type RegisterBody,
  type RegisterForm,
} from '@brokerdesk/shared';
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm, type DefaultValues } from 'react-hook-form';
import { NewPasswordFields } from '../../../components/ui/new-password-fields';
import { SelectField } from '../../../components/ui/select-field';
import { TextField } from '../../../components/ui/text-field';

/** The registration payload's fields (seed §3), in form order. */
export const REGISTRATION_FIELD_NAMES = [
  'firstName',
  'lastName',
  'email',
  'phone',
  'password',
  'confirmPassword',
  'country',
] as const satisfies readonly (keyof RegisterForm)[];

type FieldName = (typeof REGISTRATION_FIELD_NAMES)[number];

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

/**
 * The registration form's state, shared by /userRegister and the back office's Manage
 * Registration: validated on submit with the shared schema (the seed's messages), a field's
 * error cleared as soon as that field is edited.
 */
export function useRegistrationForm() {
  const form = useForm<RegisterForm, unknown, RegisterBody>({
    resolver: zodResolver(RegisterBodySchema),
    mode: 'onSubmit',
    reValidateMode: 'onSubmit',
    defaultValues: EMPTY_FORM,
    shouldFocusError: true,
  });
  const [passwordFieldsKey, setPasswordFieldsKey] = useState(0);
  const editable = (name: FieldName) =>
    form.register(name, { onChange: () => form.clearErrors(name) });
  return {
    handleSubmit: form.handleSubmit,
    setError: form.setError,
    errors: form.formState.errors,
    editable,
    passwordFieldsKey,
    /** After a success: empty fields, and a fresh pair of password fields (hidden again). */
    clear() {
      form.reset(EMPTY_FORM);
      setPasswordFieldsKey((key) => key + 1);
    },
  };
}

export type RegistrationFormState = ReturnType<typeof useRegistrationForm>;

/**
 * The seed's fields: names, e-mail, phone, password pair, country. `autofill` is for a person
 * registering themselves; staff typing in someone else's details get no browser suggestions.
 */
export function RegistrationFields({
  form,
  autofill,
}: {
  form: RegistrationFormState;
  autofill: boolean;
}) {
  const { errors, editable } = form;
  const suggest = (token: string) => (autofill ? token : 'off');
  return (
    <>
      <div className="form-grid">
        <TextField
          label="First Name"
          autoComplete={suggest('given-name')}
          error={errors.firstName?.message}
          {...editable('firstName')}
        />
        <TextField
          label="Last Name"
          autoComplete={suggest('family-name')}
          error={errors.lastName?.message}
          {...editable('lastName')}
        />
      </div>
      <TextField
        label="Email"
        type="email"
        autoComplete={suggest('email')}
        spellCheck={false}
        error={errors.email?.message}
        {...editable('email')}
      />
      <TextField
        label="Phone Number"
        type="tel"
        inputMode="numeric"
        autoComplete={suggest('tel')}
        error={errors.phone?.message}
        {...editable('phone')}
      />
      <NewPasswordFields
        key={form.passwordFieldsKey}
        passwordError={errors.password?.message}
        confirmError={errors.confirmPassword?.message}
        password={editable('password')}
        confirm={editable('confirmPassword')}
      />
      <SelectField
        label="Country"
        autoComplete={autofill ? 'country-name' : undefined}
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
    </>
  );
}
