import type { AdminProfile } from '@brokerdesk/shared';

/**
 * What a staff session may do: everything its role allows ('full'), or — with STAFF_2FA=required
 * and no TOTP yet — only the TOTP routes, the profile and logout ('enrolment-only').
 */
export type StaffSessionScope = 'full' | 'enrolment-only';

export function sessionScopeOf(profile: AdminProfile): StaffSessionScope {
  return profile.sessionScope === 'full' ? 'full' : 'enrolment-only';
}

/** The scope of the signed-in session, from its profile; undefined while that is loading. */
export function useSessionScope(profile: AdminProfile | undefined): StaffSessionScope | undefined {
  return profile ? sessionScopeOf(profile) : undefined;
}
