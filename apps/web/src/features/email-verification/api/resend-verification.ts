import {
  ResendVerificationResponseSchema,
  type ResendVerificationResponse,
} from '@brokerdesk/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ApiError, apiRequest } from '../../../lib/api-client';
import { dashboardQuery } from '../../../api/get-dashboard';

/**
 * POST /api/email/verification/resend (header user-token) → 202 `{message, retryAfterSeconds}`;
 * 409 ALREADY_VERIFIED; 429 RATE_LIMITED while the last link is under a minute old.
 */
export function resendVerification(): Promise<ResendVerificationResponse> {
  return apiRequest('/api/email/verification/resend', {
    method: 'POST',
    auth: 'user',
    schema: ResendVerificationResponseSchema,
  });
}

/** Asks for a new link; "already verified" refreshes the dashboard, which hides the banner. */
export function useResendVerification() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: resendVerification,
    onError: (error) => {
      if (error instanceof ApiError && error.code === 'ALREADY_VERIFIED') {
        void queryClient.invalidateQueries({ queryKey: dashboardQuery().queryKey });
      }
    },
  });
}
