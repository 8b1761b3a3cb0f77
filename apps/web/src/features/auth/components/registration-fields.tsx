import { COUNTRIES } from '@brokerdesk/shared';
import { NewPasswordFields } from '../../../components/ui/new-password-fields';
import { SelectField } from '../../../components/ui/select-field';
import { TextField } from '../../../components/ui/text-field';
import type { RegistrationFormState } from '../hooks/use-registration-form';

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
          error={errors.firstName}
          {...editable('firstName')}
        />
        <TextField
          label="Last Name"
          autoComplete={suggest('family-name')}
          error={errors.lastName}
          {...editable('lastName')}
        />
      </div>
      <TextField
        label="Email"
        type="email"
        autoComplete={suggest('email')}
        spellCheck={false}
        error={errors.email}
        {...editable('email')}
      />
      <TextField
        label="Phone Number"
        type="tel"
        inputMode="tel"
        autoComplete={suggest('tel')}
        error={errors.phone}
        {...editable('phone')}
      />
      <NewPasswordFields
        key={form.passwordFieldsKey}
        passwordError={errors.password}
        confirmError={errors.confirmPassword}
        password={editable('password')}
        confirm={editable('confirmPassword')}
      />
      <SelectField
        label="Country"
        autoComplete={autofill ? 'country-name' : undefined}
        error={errors.country}
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
