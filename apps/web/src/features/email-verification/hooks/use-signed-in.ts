import { useSyncExternalStore } from 'react';
import { getToken, onSessionExpired } from '../../../lib/auth-tokens';

const subscribe = (onChange: () => void) => onSessionExpired(() => onChange());

/**
 * Whether a client token is stored. False while pre-rendering and hydrating (the server has no
 * localStorage); it turns false again when a 401 ends the session.
 */
export function useSignedIn(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => getToken('user') !== null,
    () => false,
  );
}
