import { StaffMemberSchema } from '@brokerdesk/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { staffMembersQueryKey } from './get-staff-members';

/** What an owner can do to a staff account from its row. */
export type StaffAccessAction =
  'disable' | 'enable' | 'revoke-sessions' | 'resend-invitation' | 'reset-2fa';

const ACTION_PATHS: Record<StaffAccessAction, string> = {
  disable: 'disable',
  enable: 'enable',
  'revoke-sessions': 'sessions/revoke',
  'resend-invitation': 'invitation',
  'reset-2fa': 'totp/reset',
};

/**
 * POST /api/staff/members/:id/disable · /enable → member (disabling revokes their sessions;
 * 409 for one's own account or the last owner); /sessions/revoke → 204; /invitation → member
 * with a new link mailed (409 once accepted); /totp/reset → member (2FA and sessions end; with
 * an e-mail address a new invitation is mailed).
 */
export async function changeStaffAccess({
  id,
  action,
}: {
  id: string;
  action: StaffAccessAction;
}): Promise<void> {
  await apiRequest(`/api/staff/members/${encodeURIComponent(id)}/${ACTION_PATHS[action]}`, {
    method: 'POST',
    auth: 'admin',
    schema: action === 'revoke-sessions' ? undefined : StaffMemberSchema,
  });
}

export function useChangeStaffAccess() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: changeStaffAccess,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: staffMembersQueryKey }),
  });
}
