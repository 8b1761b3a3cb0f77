import type { RegisterBody, RegisterForm } from '@brokerdesk/shared';
import { useCallback, useEffect, useMemo, useRef, useState, type FormEvent } from 'react';
import type { UseFormSetError } from 'react-hook-form';
import type { checkRegistration } from '../registration-validation';

/** The registration payload's fields (docs/origin.md §3), in form order. */
export const REGISTRATION_FIELD_NAMES = [
  'firstName',
  'lastName',
  'email',
  'phone',
  'password',
  'confirmPassword',
  'country',
] as const satisfies readonly (keyof RegisterForm)[];

export type RegistrationFieldName = (typeof REGISTRATION_FIELD_NAMES)[number];

/** The message under each field, if any. */
export type RegistrationErrors = Partial<Record<RegistrationFieldName, string>>;

type FieldElement = HTMLInputElement | HTMLSelectElement;

/** What a field's input needs: its name, a ref to read it, and the handler that clears its error. */
export interface RegistrationFieldProps {
  name: RegistrationFieldName;
  ref: (element: FieldElement | null) => () => void;
  onChange: () => void;
}

function isFieldName(name: string): name is RegistrationFieldName {
  return (REGISTRATION_FIELD_NAMES as readonly string[]).includes(name);
}

let validation: Promise<{ checkRegistration: typeof checkRegistration }> | null = null;

/**
 * The shared schema's check, fetched once per page (zod is about a fifth of /userRegister's
 * JavaScript otherwise). A failed fetch is forgotten, so the next submit tries again.
 */
function loadValidation() {
  validation ??= import('../registration-validation').catch((error: unknown) => {
    validation = null;
    throw error;
  });
  return validation;
}

/**
 * The registration form's state, shared by /userRegister and the back office's Manage
 * Registration: validated on submit with the shared schema (the seed's messages), the first
 * invalid field focused, a field's error cleared as soon as that field is edited. The inputs are
 * uncontrolled: their values are read when the form is sent. The schema is loaded right after
 * the form mounts; a submit before it has arrived waits for it (docs/decisions/083).
 */
export function useRegistrationForm() {
  const elements = useRef(new Map<RegistrationFieldName, FieldElement>());
  const [errors, setErrors] = useState<RegistrationErrors>({});
  const [passwordFieldsKey, setPasswordFieldsKey] = useState(0);

  useEffect(() => {
    loadValidation().catch(() => undefined);
  }, []);

  const fields = useMemo(() => {
    const props = {} as Record<RegistrationFieldName, RegistrationFieldProps>;
    for (const name of REGISTRATION_FIELD_NAMES) {
      props[name] = {
        name,
        ref: (element) => {
          if (element) elements.current.set(name, element);
          return () => {
            if (elements.current.get(name) === element) elements.current.delete(name);
          };
        },
        onChange: () =>
          setErrors((current) => {
            if (current[name] === undefined) return current;
            const rest = { ...current };
            delete rest[name];
            return rest;
          }),
      };
    }
    return props;
  }, []);

  /** Puts a message under a field, as react-hook-form's setError did (server answers use it). */
  const setError = useCallback<UseFormSetError<RegisterForm>>((name, error, options) => {
    if (!isFieldName(name)) return;
    setErrors((current) => ({ ...current, [name]: error.message ?? '' }));
    if (options?.shouldFocus) elements.current.get(name)?.focus();
  }, []);

  const readValues = (): RegisterForm => {
    const value = (name: RegistrationFieldName) => elements.current.get(name)?.value ?? '';
    return {
      firstName: value('firstName'),
      lastName: value('lastName'),
      email: value('email'),
      phone: value('phone'),
      password: value('password'),
      confirmPassword: value('confirmPassword'),
      // 'Choose Country' is '': not a country, so the schema answers 'Please select a country'.
      country: value('country') as RegisterForm['country'],
    };
  };

  /**
   * The form's submit handler: valid values go to `onValid` parsed by the schema; otherwise each
   * field shows its message and the first invalid one takes focus. `onUnavailable` runs when the
   * validation cannot be fetched (connection lost).
   */
  const handleSubmit =
    (onValid: (body: RegisterBody) => void, onUnavailable: (error: unknown) => void) =>
    (event: FormEvent<HTMLFormElement>) => {
      event.preventDefault();
      const values = readValues();
      loadValidation().then(({ checkRegistration }) => {
        const check = checkRegistration(values);
        if (check.ok) {
          setErrors({});
          onValid(check.body);
          return;
        }
        const found: RegistrationErrors = {};
        for (const name of REGISTRATION_FIELD_NAMES) {
          const message = check.errors[name];
          if (message !== undefined) found[name] = message;
        }
        setErrors(found);
        const first = REGISTRATION_FIELD_NAMES.find((name) => found[name] !== undefined);
        if (first) elements.current.get(first)?.focus();
      }, onUnavailable);
    };

  return {
    handleSubmit,
    setError,
    errors,
    /** The props of one field's input. */
    editable: (name: RegistrationFieldName) => fields[name],
    passwordFieldsKey,
    /** After a success: empty fields, no messages, and a fresh pair of password fields (hidden again). */
    clear() {
      for (const element of elements.current.values()) element.value = '';
      setErrors({});
      setPasswordFieldsKey((key) => key + 1);
    },
  };
}

export type RegistrationFormState = ReturnType<typeof useRegistrationForm>;
