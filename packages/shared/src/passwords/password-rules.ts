// What a new client password may not be, beyond the registration rules of schemas/auth.ts
// (issue 17). Not in messages.ts, whose MESSAGES every page loads up front: these come with the
// common-password list (`@brokerdesk/shared/common-passwords`), fetched when a form needs it
// (docs/decisions/113).

export const PASSWORD_RULE_MESSAGES = {
  /** One of the 10,000 most common passwords (common-passwords.ts). */
  tooCommon: 'This password is one of the most common and easy to guess; choose another',
  /** A change or reset to the password the account already has. */
  sameAsCurrent: 'Choose a password different from your current one',
} as const;
