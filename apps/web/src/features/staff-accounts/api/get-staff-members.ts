import { StaffMemberListSchema, type StaffMember } from '@brokerdesk/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

export const staffMembersQueryKey = ['admin', 'staff-members'] as const;

/** GET /api/staff/members (owner) → every staff account. */
export async function getStaffMembers(signal?: AbortSignal): Promise<StaffMember[]> {
  const { items } = await apiRequest('/api/staff/members', {
    auth: 'admin',
    schema: StaffMemberListSchema,
    signal,
  });
  return items;
}

export function staffMembersQuery() {
  return queryOptions({
    queryKey: staffMembersQueryKey,
    queryFn: ({ signal }) => getStaffMembers(signal),
  });
}

export function useStaffMembers() {
  return useQuery(staffMembersQuery());
}
