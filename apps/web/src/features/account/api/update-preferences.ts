import { AccountPreferencesSavedSchema } from '@brokerdesk/shared/trading';
import type { AccountPreferences, AccountPreferencesSaved } from '@brokerdesk/shared/trading';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { preferencesQuery } from './get-preferences';

/** PUT /api/account/preferences `{tradeConfirmations}` → 200 `{tradeConfirmations, message}`. */
export function updatePreferences(body: AccountPreferences): Promise<AccountPreferencesSaved> {
  return apiRequest('/api/account/preferences', {
    method: 'PUT',
    auth: 'user',
    body,
    schema: AccountPreferencesSavedSchema,
  });
}

/** Saves the choice; the saved answer becomes the page's state (no second read). */
export function useUpdatePreferences() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updatePreferences,
    onSuccess: ({ tradeConfirmations }) =>
      queryClient.setQueryData(preferencesQuery().queryKey, { tradeConfirmations }),
  });
}
