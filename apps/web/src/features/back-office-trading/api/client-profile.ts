// A client's category and live onboarding in the back office (decision 132):
// GET /api/staff/clients/:id/trading-profile (clients:read) and
// PUT /api/staff/clients/:id/trading-category (clients:categorise).
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ClientCategory, ClientCategoryBody } from '@brokerdesk/shared/trading';
import { apiRequest } from '../../../lib/api-client';

export interface ClientTradingProfile {
  emailVerified: boolean;
  missingDocuments: { kind: string; state: string }[];
  disclosure: {
    version: string;
    acknowledgedVersion: string | null;
    acknowledgedAt: string | null;
    current: boolean;
  };
  test: {
    status: 'not-taken' | 'passed' | 'failed';
    takenAt: string | null;
    correct: number | null;
    total: number;
    passMark: number;
    retakeAt: string | null;
  };
  category: ClientCategory;
  ready: boolean;
  categoryChange: { at: string; by: string | null; reason: string } | null;
}

const profileKey = (clientId: string) => ['admin', 'staff', 'trading-profile', clientId] as const;
const url = (clientId: string, rest: string) =>
  `/api/staff/clients/${encodeURIComponent(clientId)}/${rest}`;

export function useClientTradingProfile(clientId: string) {
  return useQuery(
    queryOptions({
      queryKey: profileKey(clientId),
      queryFn: ({ signal }) =>
        apiRequest<ClientTradingProfile>(url(clientId, 'trading-profile'), {
          auth: 'admin',
          signal,
        }),
    }),
  );
}

export function useSetClientCategory(clientId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ClientCategoryBody) =>
      apiRequest<ClientTradingProfile>(url(clientId, 'trading-category'), {
        method: 'PUT',
        auth: 'admin',
        body,
      }),
    onSuccess: (profile) => queryClient.setQueryData(profileKey(clientId), profile),
  });
}
