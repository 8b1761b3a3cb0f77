// Session tokens live in localStorage under the seed's keys (docs/product.md §4). Only read them in
// effects, loaders and event handlers — never while a pre-rendered page renders.

export type SessionKind = 'user' | 'admin';

export const TOKEN_STORAGE_KEYS: Record<SessionKind, string> = {
  user: 'user-token',
  admin: 'admin-token',
};

function storage(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.localStorage;
  } catch {
    // Storage can be disabled by the browser; behave as signed out.
    return null;
  }
}

export function getToken(kind: SessionKind): string | null {
  const value = storage()?.getItem(TOKEN_STORAGE_KEYS[kind]);
  return value ? value : null;
}

export function setToken(kind: SessionKind, token: string): void {
  storage()?.setItem(TOKEN_STORAGE_KEYS[kind], token);
}

export function clearToken(kind: SessionKind): void {
  storage()?.removeItem(TOKEN_STORAGE_KEYS[kind]);
}

type SessionExpiredListener = (kind: SessionKind) => void;
const listeners = new Set<SessionExpiredListener>();

/** Called by the API client when the server answers 401 to a signed-in call. */
export function expireSession(kind: SessionKind): void {
  clearToken(kind);
  for (const listener of listeners) listener(kind);
}

/** The portal and back-office layouts listen here to send the visitor to the right login. */
export function onSessionExpired(listener: SessionExpiredListener): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}
