import type { RegisterBody, RegisterForm } from '@brokerdesk/shared';
import { useCallback, useEffect, useMemo, useRef, useState, type FormEvent } from 'react';
import type { UseFormSetError } from 'react-hook-form';
import type { checkRegistration, commonPasswordMessage } from '../registration-validation';

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

type Validation = {
  checkRegistration: typeof checkRegistration;
  commonPasswordMessage: typeof commonPasswordMessage;
};

let validation: Promise<Validation> | null = null;
/** The module once it has arrived: a submit after that is checked at once, without waiting. */
let arrived: Validation | null = null;

/**
 * The shared schema's check, fetched once per page (zod is about a fifth of /userRegister's
 * JavaScript otherwise). A failed fetch is forgotten, so the next submit tries again.
 */
function loadValidation() {
  validation ??= import('../registration-validation').then(
    (module) => (arrived = module),
    (error: unknown) => {
      validation = null;
      throw error;
    },
  );
  return validation;
}

/**
 * The registration form's state, shared by /userRegister and the back office's Manage
 * Registration: validated on submit with the shared schema (the seed's messages), the first
 * invalid field focused, a field's error cleared as soon as that field is edited. The inputs are
 * uncontrolled: their values are read when the form is sent. The schema is loaded right after
 * the form mounts; a submit before it has arrived waits for it, and meanwhile `checking` is true
 * so the form can say so on its button — never a silent form (docs/decisions/083, 106).
 */
export function useRegistrationForm() {
  const elements = useRef(new Map<RegistrationFieldName, FieldElement>());
  const [errors, setErrors] = useState<RegistrationErrors>({});
  const [passwordFieldsKey, setPasswordFieldsKey] = useState(0);
  const [checking, setChecking] = useState(false);

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
      if (checking) return;
      const values = readValues();
      const check = ({ checkRegistration, commonPasswordMessage }: Validation) => {
        const result = checkRegistration(values);
        if (result.ok) {
          setErrors({});
          // Only a password that passed the schema is looked up in the common list, which is
          // fetched the first time (decision 112); meanwhile the button says it is checking.
          setChecking(true);
          void commonPasswordMessage(result.body.password).then((message) => {
            setChecking(false);
            if (message === null) {
              onValid(result.body);
              return;
            }
            setErrors({ password: message });
            elements.current.get('password')?.focus();
          });
          return;
        }
        const found: RegistrationErrors = {};
        for (const name of REGISTRATION_FIELD_NAMES) {
          const message = result.errors[name];
          if (message !== undefined) found[name] = message;
        }
        setErrors(found);
        const first = REGISTRATION_FIELD_NAMES.find((name) => found[name] !== undefined);
        if (first) elements.current.get(first)?.focus();
      };
      if (arrived) {
        check(arrived);
        return;
      }
      setChecking(true);
      loadValidation().then(
        (module) => {
          setChecking(false);
          check(module);
        },
        (error: unknown) => {
          setChecking(false);
          onUnavailable(error);
        },
      );
    };

  return {
    handleSubmit,
    setError,
    errors,
    /** A submit is waiting for the validation to arrive (a slow first load). */
    checking,
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
