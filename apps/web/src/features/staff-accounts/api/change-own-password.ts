import {
  MessageResponseSchema,
  type ChangeStaffPasswordBody,
  type MessageResponse,
} from '@brokerdesk/shared';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

/**
 * POST /api/staff/password {currentPassword, newPassword, confirmPassword, code?} → {message};
 * 400 with `fields` for a wrong current password or code, or a new password equal to the old.
 * The other sessions of the member end; this one stays.
 */
export function changeOwnPassword(body: ChangeStaffPasswordBody): Promise<MessageResponse> {
  return apiRequest('/api/staff/password', {
    method: 'POST',
    auth: 'admin',
    body,
    schema: MessageResponseSchema,
  });
}

export function useChangeOwnPassword() {
  return useMutation({ mutationFn: changeOwnPassword });
}
