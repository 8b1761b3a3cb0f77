// The live onboarding (decision 132): GET /api/trading/onboarding, the risk disclosure's
// acknowledgement and the appropriateness test. The test's questions come from the shared
// package; the answers key never reaches the browser.
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ClientCategory, LeverageCaps } from '@brokerdesk/shared/trading';
import { apiRequest } from '../../../lib/api-client';
import { tradingKeys } from './query-keys';

export interface TestState {
  status: 'not-taken' | 'passed' | 'failed';
  takenAt: string | null;
  correct: number | null;
  total: number;
  passMark: number;
  retakeAt: string | null;
}

export interface Onboarding {
  emailVerified: boolean;
  missingDocuments: { kind: string; state: string }[];
  disclosure: {
    version: string;
    acknowledgedVersion: string | null;
    acknowledgedAt: string | null;
    current: boolean;
  };
  test: TestState;
  category: ClientCategory;
  /** Null for a professional: new positions open at the instrument's leverage. */
  retailLeverageCaps: LeverageCaps | null;
  ready: boolean;
}

export interface TestResult extends TestState {
  wrong: { questionId: string; explanation: string }[];
}

export function getOnboarding(signal?: AbortSignal): Promise<Onboarding> {
  return apiRequest('/api/trading/onboarding', { auth: 'user', signal });
}

export const onboardingQuery = () =>
  queryOptions({
    queryKey: tradingKeys.onboarding,
    queryFn: ({ signal }) => getOnboarding(signal),
  });

export function useOnboarding() {
  return useQuery(onboardingQuery());
}

export function acknowledgeDisclosure(version: string): Promise<Onboarding> {
  return apiRequest('/api/trading/onboarding/risk-disclosure', {
    method: 'POST',
    auth: 'user',
    body: { version },
  });
}

export function useAcknowledgeDisclosure() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: acknowledgeDisclosure,
    onSuccess: (state) => queryClient.setQueryData(tradingKeys.onboarding, state),
  });
}

export function submitAppropriateness(answers: Record<string, string>): Promise<TestResult> {
  return apiRequest('/api/trading/onboarding/appropriateness', {
    method: 'POST',
    auth: 'user',
    body: { answers },
  });
}

export function useSubmitAppropriateness() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: submitAppropriateness,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: tradingKeys.onboarding }),
  });
}
