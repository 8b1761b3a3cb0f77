// Refusing the most common passwords (issue 17): a bundled list, checked on the server for every
// password a client sets (registration, change, reset) and, loaded lazily with import(), by the
// portal's forms. It is a subpath export (`@brokerdesk/shared/common-passwords`), not part of the
// package's index, so no page's initial JavaScript carries it (decision 112). Staff passwords
// can use the same rule through `isCommonPassword`. The rules' messages are here too
// (PASSWORD_RULE_MESSAGES), for the same reason.
import { PASSWORD_RULE_MESSAGES } from './password-rules.js';

export { PASSWORD_RULE_MESSAGES };
import { COMMON_PASSWORDS_TEXT } from './common-passwords.data.js';

let common: ReadonlySet<string> | null = null;

/** How many passwords the list holds. */
export function commonPasswordCount(): number {
  common ??= new Set(COMMON_PASSWORDS_TEXT.split('\n'));
  return common.size;
}

/** True for one of the 10,000 most common passwords, whatever its letters' case. */
export function isCommonPassword(password: string): boolean {
  common ??= new Set(COMMON_PASSWORDS_TEXT.split('\n'));
  return common.has(password.toLowerCase());
}

/** The message for a password the list refuses, or null for one it does not. */
export function commonPasswordProblem(password: string): string | null {
  return isCommonPassword(password) ? PASSWORD_RULE_MESSAGES.tooCommon : null;
}

/** What a form says of a new password before sending: the current one, or a common one. */
export function newPasswordProblem(password: string, current?: string): string | null {
  if (current !== undefined && password === current) return PASSWORD_RULE_MESSAGES.sameAsCurrent;
  return commonPasswordProblem(password);
}
