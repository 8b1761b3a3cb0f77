import { StaffMemberSchema, type CreateStaffBody, type StaffMember } from '@brokerdesk/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { staffMembersQueryKey } from './get-staff-members';

/** POST /api/staff/members {username, password, role} → 201 member; 409 username taken. */
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
