import { StaffMemberSchema, type CreateStaffBody, type StaffMember } from '@brokerdesk/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { staffMembersQueryKey } from './get-staff-members';

/**
 * POST /api/staff/members {username, email, role} → 201 member, waiting for their invitation
 * (decision 111: the member chooses the password); 409 when the username is taken.
 */
export function createStaffMember(body: CreateStaffBody): Promise<StaffMember> {
  return apiRequest('/api/staff/members', {
    method: 'POST',
    auth: 'admin',
    body,
    schema: StaffMemberSchema,
  });
}

export function useCreateStaffMember() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createStaffMember,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: staffMembersQueryKey }),
  });
}
