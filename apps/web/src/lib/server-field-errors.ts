import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { ApiError } from './api-client';

/**
 * Puts the per-field messages of a 400 answer (`{fields: {name: [message]}}`) on their form
 * fields, focusing the first; other errors are left to the caller's result line.
 */
export function applyServerFieldErrors<TForm extends FieldValues>(
  error: unknown,
  names: readonly Path<TForm>[],
  setError: UseFormSetError<TForm>,
): void {
  if (!(error instanceof ApiError) || !error.fields) return;
  let first = true;
  for (const name of names) {
    const message = error.fields[name]?.[0];
    if (!message) continue;
    setError(name, { type: 'server', message }, { shouldFocus: first });
    first = false;
  }
}
