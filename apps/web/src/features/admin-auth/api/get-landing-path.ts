import type { QueryClient } from '@tanstack/react-query';
import { backOfficePaths } from '../../../config/back-office-paths';
import { adminProfileQuery } from '../../../api/get-admin-profile';
import { sessionScopeOf } from './get-session-scope';

/**
 * Where a staff member lands after signing in: the security page when the session may only set
 * up TOTP (STAFF_2FA=required, not enrolled), else the dashboard. The answers stay cached for
 * the back office's shell. If they cannot be read, the dashboard (its shell reports the problem).
 */
export async function getLandingPath(queryClient: QueryClient): Promise<string> {
  try {
    const profile = await queryClient.fetchQuery(adminProfileQuery());
    return sessionScopeOf(profile) === 'enrolment-only'
      ? backOfficePaths.adminSecurity
      : backOfficePaths.adminDashboard;
  } catch {
    return backOfficePaths.adminDashboard;
  }
}
