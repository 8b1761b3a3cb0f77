import type { AdminProfile } from '@brokerdesk/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { ApiError, apiRequest } from '../../../lib/api-client';
import { getToken } from '../../../lib/auth-tokens';

/**
 * What a staff session may do: everything its role allows ('full'), or — with STAFF_2FA=required
 * and no TOTP yet — only the TOTP routes, the profile and logout ('enrolment-only').
 */
export type StaffSessionScope = 'full' | 'enrolment-only';

/**
 * The profile does not say which scope the session has, so a staff member without TOTP asks
 * the smallest call every role may make (one row of the client list): 403
 * TOTP_ENROLMENT_REQUIRED means the session can only enrol. Any other answer means it is not
 * held back by enrolment (a permission or server problem is the page's to show).
 */
export async function getSessionScope(signal?: AbortSignal): Promise<StaffSessionScope> {
  try {
    await apiRequest('/api/staff/clients?pageSize=1', { auth: 'admin', signal });
    return 'full';
  } catch (error) {
    if (error instanceof ApiError && error.code === 'TOTP_ENROLMENT_REQUIRED') {
      return 'enrolment-only';
    }
    if (error instanceof ApiError && error.status === 401) throw error;
    return 'full';
  }
}

export const sessionScopeQueryKey = ['admin', 'session-scope'] as const;

export function sessionScopeQuery() {
  return queryOptions({
    queryKey: sessionScopeQueryKey,
    queryFn: ({ signal }) => getSessionScope(signal),
    // The scope changes only by enrolling, which refetches the profile (enrolled → full).
    staleTime: Infinity,
    enabled: () => getToken('admin') !== null,
  });
}

/**
 * The scope of the signed-in session: 'full' once TOTP is set up; otherwise asked of the
 * server; undefined while that is not known yet.
 */
export function useSessionScope(profile: AdminProfile | undefined): StaffSessionScope | undefined {
  const needsAsking = profile !== undefined && !profile.totpEnrolled;
  const scope = useQuery({
    ...sessionScopeQuery(),
    enabled: () => needsAsking && getToken('admin') !== null,
  });
  if (!profile) return undefined;
  if (profile.totpEnrolled) return 'full';
  return scope.data;
}
