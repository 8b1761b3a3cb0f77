import { RegisterBodySchema, type RegisterBody, type RegisterForm } from '@brokerdesk/shared';

/** Each field's first message from the shared schema. */
export type RegistrationFieldErrors = Partial<Record<keyof RegisterForm, string>>;

export type RegistrationCheck =
  { ok: true; body: RegisterBody } | { ok: false; errors: RegistrationFieldErrors };

/**
 * The registration form's values checked with the shared schema, the one the API checks them
 * with: the parsed body (trimmed, e-mail lower-cased), or the first message of each field, as
 * react-hook-form's zodResolver reported them. The form loads this module with import(), so zod
 * stays out of /userRegister's initial JavaScript (docs/decisions/083).
 */
export function checkRegistration(values: RegisterForm): RegistrationCheck {
  const result = RegisterBodySchema.safeParse(values);
  if (result.success) return { ok: true, body: result.data };
  const errors: RegistrationFieldErrors = {};
  for (const issue of result.error.issues) {
    const field = issue.path[0];
    if (typeof field === 'string' && field in values) {
      errors[field as keyof RegisterForm] ??= issue.message;
    }
  }
  return { ok: false, errors };
}

/**
 * The message for one of the 10,000 most common passwords, or null. It comes with this module,
 * and the list is fetched only when asked, so /userRegister's initial JavaScript carries neither
 * (decisions 083 and 113). If the list cannot be fetched the form sends: the API checks it too.
 */
export async function commonPasswordMessage(password: string): Promise<string | null> {
  try {
    const { commonPasswordProblem } = await import('@brokerdesk/shared/common-passwords');
    return commonPasswordProblem(password);
  } catch {
    return null;
  }
}
