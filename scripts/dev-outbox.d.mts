/** The plain-text part of an .eml from the dev outbox, decoded; throws if it has none. */
export function mailText(eml: string): string;

/** The mails to `to` in `dataDir`'s outbox, newest first, with subject and decoded text. */
export function mailsTo(
  dataDir: string,
  to: string,
): Promise<{ name: string; subject: string; text: string }[]>;
