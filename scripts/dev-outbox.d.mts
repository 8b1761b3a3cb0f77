/** The plain-text part of an .eml from the dev outbox, decoded; throws if it has none. */
export function mailText(eml: string): string;
