import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { ApiError, NETWORK_ERROR_STATUS } from '../../lib/api-client';

/**
 * After a failed admin call: puts the server's per-field messages under their fields and
 * returns what the result line adds under the seed's ❌ message — the server's own words for a
 * 4xx (insufficient balance, no permission…) unless they are already under a field, or the
 * client's text for a lost connection. Null when there is nothing to add (5xx).
 */
export function applyFailure<TForm extends FieldValues>(
  error: unknown,
  names: readonly Path<TForm>[],
  setError: UseFormSetError<TForm>,
): string | null {
  if (!(error instanceof ApiError)) return null;
  if (error.status === NETWORK_ERROR_STATUS) return error.message;
  let placed = false;
  let first = true;
  for (const name of names) {
    const message = error.fields?.[name]?.[0];
    if (!message) continue;
    setError(name, { type: 'server', message }, { shouldFocus: first });
    first = false;
    placed = true;
  }
  if (placed) return null;
  if (error.status >= 400 && error.status < 500 && error.serverMessage) return error.serverMessage;
  return null;
}
