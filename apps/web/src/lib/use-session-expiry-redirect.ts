import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { onSessionExpired, type SessionKind } from './auth-tokens';

/**
 * A 401 from any signed-in call has already removed the token (api-client); this sends the
 * visitor to the login page of that kind of session.
 */
export function useSessionExpiryRedirect(kind: SessionKind, loginPath: string): void {
  const navigate = useNavigate();
  useEffect(
    () =>
      onSessionExpired((expired) => {
        if (expired === kind) void navigate(loginPath, { replace: true });
      }),
    [kind, loginPath, navigate],
  );
}
