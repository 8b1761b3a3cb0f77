import { LinkTokenSchema } from '@brokerdesk/shared';

/**
 * Takes the token out of a mailed link (`/verifyEmail#token=…`, `/setNewPassword#token=…`): reads
 * the fragment, then replaces the history entry with the same address minus the fragment, so the
 * token stays neither in the address bar nor in the history (it never reaches a server log: a
 * fragment is not sent). Call it once, from an effect or a handler — it changes the address.
 * Returns the token, or null when there is none or it cannot be one of ours (43 base64url chars).
 */
export function takeLinkToken(): string | null {
  const { hash, pathname, search } = window.location;
  if (hash === '' || hash === '#') return null;
  const token = new URLSearchParams(hash.slice(1)).get('token');
  window.history.replaceState(window.history.state, '', `${pathname}${search}`);
  return token !== null && LinkTokenSchema.safeParse(token).success ? token : null;
}
