import { SupportSentResponseSchema } from '@brokerdesk/shared';
import type { SupportBody, SupportSentResponse } from '@brokerdesk/shared';
import { apiRequest } from '../../../lib/api-client';

/**
 * POST /api/support/send. The public contact form sends no token (a ticket from a visitor);
 * the dashboard support form passes `auth: 'user'` so the ticket belongs to the client.
 * No React Query hook here: public pages are rendered without a QueryClientProvider (and
 * without its bundle); the portal can wrap this in `useMutation`.
 */
export async function sendSupportMessage({
  body,
  auth,
}: {
  body: SupportBody;
  auth?: 'user';
}): Promise<SupportSentResponse> {
  return apiRequest('/api/support/send', {
    method: 'POST',
    body,
    auth,
    schema: SupportSentResponseSchema,
  });
}
