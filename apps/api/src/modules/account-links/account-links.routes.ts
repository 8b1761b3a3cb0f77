// E-mail verification and password reset (issue 6). The tokens arrive in JSON bodies (the web
// page reads them from the link's fragment), so they never appear in a logged URL.
import {
  MESSAGES,
  MessageResponseSchema,
  PasswordResetRequestBodySchema,
  ResendVerificationResponseSchema,
  SetNewPasswordBodySchema,
  VerifyEmailBodySchema,
} from '@brokerdesk/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireClient } from '../../plugins/auth.js';
import type { AuthRateLimit } from '../../plugins/security.js';
import type { AccountLinkService } from './account-links.service.js';

export interface AccountLinkRoutesOptions {
  service: AccountLinkService;
  authRateLimit: AuthRateLimit;
}

export const accountLinkRoutes: FastifyPluginAsyncZod<AccountLinkRoutesOptions> = async (
  app,
  { service, authRateLimit },
) => {
  // Per IP, like login: guessing tokens or flooding an inbox costs a request each.
  const rateLimit = { max: authRateLimit.max, timeWindow: authRateLimit.timeWindowMs };

  app.post(
    '/api/email/verify',
    {
      config: { rateLimit },
      schema: {
        tags: ['account'],
        summary: 'Verify the e-mail address with the token from the mailed link',
        body: VerifyEmailBodySchema,
        response: { 200: MessageResponseSchema },
      },
    },
    async (request) => {
      await service.verifyEmail(request.body);
      return { message: MESSAGES.verification.emailVerified };
    },
  );

  app.post(
    '/api/email/verification/resend',
    {
      config: { auth: 'client', rateLimit },
      schema: {
        tags: ['account'],
        summary: 'Send a new verification link (once a minute, 5 an hour)',
        response: { 202: ResendVerificationResponseSchema },
      },
    },
    async (request, reply) => {
      const { retryAfterSeconds } = await service.resendVerificationForClient({
        clientId: requireClient(request).clientId,
      });
      return reply
        .code(202)
        .send({ message: MESSAGES.verification.verificationSent, retryAfterSeconds });
    },
  );

  app.post(
    '/api/password-reset/request',
    {
      config: { rateLimit },
      schema: {
        tags: ['account'],
        summary:
          'E-mail a password reset link: same answer, at the same time, whether or not the account exists',
        body: PasswordResetRequestBodySchema,
        response: { 202: MessageResponseSchema },
      },
    },
    async (request, reply) => {
      await service.requestPasswordReset(request.body);
      return reply.code(202).send({ message: MESSAGES.passwordReset.requested });
    },
  );

  app.post(
    '/api/password-reset/confirm',
    {
      config: { rateLimit },
      schema: {
        tags: ['account'],
        summary: 'Set a new password with the token from the mailed link; signs out every device',
        body: SetNewPasswordBodySchema,
        response: { 200: MessageResponseSchema },
      },
    },
    async (request) => {
      await service.confirmPasswordReset(request.body);
      return { message: MESSAGES.passwordReset.done };
    },
  );
};
