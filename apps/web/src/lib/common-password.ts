/**
 * What the portal's password forms say of a new password before sending it: the current one
 * (`current`, on a change) or one of the 10,000 most common; null when neither. The list (about
 * 32 KB gzip) is fetched with import() the first time, so no page's initial JavaScript carries it
 * (docs/decisions/113). If it cannot be fetched the form sends anyway: the API refuses such a
 * password with the same message. (/userRegister has its own copy in its lazily loaded
 * validation, so this module stays in the portal's chunk.)
 */
export async function newPasswordMessage(
  password: string,
  current?: string,
): Promise<string | null> {
  try {
    const { newPasswordProblem } = await import('@brokerdesk/shared/common-passwords');
    return newPasswordProblem(password, current);
  } catch {
    return null;
  }
}
