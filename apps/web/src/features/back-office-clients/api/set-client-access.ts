import { StaffClientRowSchema, type StaffClientRow } from '@brokerdesk/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

/** Every back-office read: the list, the detail, the overview and the audit log change. */
const backOfficeReadsKey = ['admin', 'staff'] as const;

/** POST /api/staff/clients/:id/disable {reason}: signs the client out everywhere. */
export function disableClient({
  clientId,
  reason,
}: {
  clientId: string;
  reason: string;
}): Promise<StaffClientRow> {
  return apiRequest(`/api/staff/clients/${encodeURIComponent(clientId)}/disable`, {
    method: 'POST',
    auth: 'admin',
    body: { reason },
    schema: StaffClientRowSchema,
  });
}

/** POST /api/staff/clients/:id/enable: the client can sign in again. */
export function enableClient({ clientId }: { clientId: string }): Promise<StaffClientRow> {
  return apiRequest(`/api/staff/clients/${encodeURIComponent(clientId)}/enable`, {
    method: 'POST',
    auth: 'admin',
    schema: StaffClientRowSchema,
  });
}

export function useDisableClient() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: disableClient,
    onSettled: () => queryClient.invalidateQueries({ queryKey: backOfficeReadsKey }),
  });
}

export function useEnableClient() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: enableClient,
    onSettled: () => queryClient.invalidateQueries({ queryKey: backOfficeReadsKey }),
  });
}
