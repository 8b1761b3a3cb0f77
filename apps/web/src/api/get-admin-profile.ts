// Shared (not a feature's): the back office's shell, its pages and most of its features ask who is
// signed in and what their role may do.
import { AdminProfileSchema, type AdminProfile } from '@brokerdesk/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../lib/api-client';
import { getToken } from '../lib/auth-tokens';

/**
 * GET /api/adminDashboard/adminDashboard with x-auth-token → the signed-in staff member.
 * Allowed even before TOTP enrolment, so the shell always knows who is signed in.
 */
export function getAdminProfile(signal?: AbortSignal): Promise<AdminProfile> {
  return apiRequest('/api/adminDashboard/adminDashboard', {
    auth: 'admin',
    schema: AdminProfileSchema,
    signal,
  });
}

export function adminProfileQuery() {
  return queryOptions({
    queryKey: ['admin', 'profile'],
    queryFn: ({ signal }) => getAdminProfile(signal),
    // Never asked without a token (e.g. while signing out): the answer could only be 401.
    enabled: () => getToken('admin') !== null,
  });
}

export function useAdminProfile() {
  return useQuery(adminProfileQuery());
}
