const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Row ids are UUIDs. A path or cursor that is not one cannot name a row: answer 404 (or 400 for a
 * cursor) without asking the database, which would reject the cast with an error.
 */
export function isUuid(value: string): boolean {
  return UUID_PATTERN.test(value);
}
