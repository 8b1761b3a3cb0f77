import { SupportTicketListSchema, type SupportTicketList } from '@brokerdesk/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { getToken } from '../../../lib/auth-tokens';

export const supportTicketsQueryKey = ['user', 'support-tickets'] as const;

/**
 * GET /api/support/tickets: the signed-in client's tickets with their conversation. Portal only
 * (react-query): the public contact page never imports this file.
 */
export function getSupportTickets(signal?: AbortSignal): Promise<SupportTicketList> {
  return apiRequest('/api/support/tickets', {
    auth: 'user',
    schema: SupportTicketListSchema,
    signal,
  });
}

export function supportTicketsQuery() {
  return queryOptions({
    queryKey: supportTicketsQueryKey,
    queryFn: ({ signal }) => getSupportTickets(signal),
    enabled: () => getToken('user') !== null,
  });
}

export function useSupportTickets() {
  return useQuery(supportTicketsQuery());
}
