// What a new password must not be, for clients and staff alike (issue 17), beyond the shared schema's length rules:
// one of the most common passwords, or the one the account already has. Checked by the services
// (registration, change, reset), not the shared schema, so the list never ships in a page's
// JavaScript (decision 112). Each refusal is a 400 on the field that holds the new password.
import { AppError } from '@brokerdesk/shared';
import { PASSWORD_RULE_MESSAGES, isCommonPassword } from '@brokerdesk/shared/common-passwords';

function refuse(field: string, message: string): AppError {
  return new AppError('VALIDATION_FAILED', message, { [field]: [message] });
}

/** Throws 400 VALIDATION_FAILED on `field` for one of the 10,000 most common passwords. */
export function refuseCommonPassword(password: string, field: string): void {
  if (isCommonPassword(password)) throw refuse(field, PASSWORD_RULE_MESSAGES.tooCommon);
}

/** The 400 for a new password that is the current one. */
export function samePasswordError(field: string): AppError {
  return refuse(field, PASSWORD_RULE_MESSAGES.sameAsCurrent);
}
