// The seed's client calls (docs/product.md §4), with their exact paths, plus the staff client list.
import {
  AccountPreferencesSavedSchema,
  AccountPreferencesSchema,
} from '@brokerdesk/shared/trading';
import {
  ChangePasswordBodySchema,
  ClientListResponseSchema,
  DashboardResponseSchema,
  LoginBodySchema,
  MESSAGES,
  MessageResponseSchema,
  RegisterBodySchema,
  TokenResponseSchema,
} from '@brokerdesk/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireClient } from '../../plugins/auth.js';
import type { AuthRateLimit } from '../../plugins/security.js';
import type { ClientService } from './clients.service.js';

export interface ClientRoutesOptions {
  service: ClientService;
  authRateLimit: AuthRateLimit;
}

export const clientRoutes: FastifyPluginAsyncZod<ClientRoutesOptions> = async (
  app,
  { service, authRateLimit },
) => {
  const rateLimit = { max: authRateLimit.max, timeWindow: authRateLimit.timeWindowMs };

  // The seed registers through two paths (its two deployments); both behave the same.
  for (const url of ['/api/userRegister/send', '/api/email/send']) {
    app.post(
      url,
      {
        config: { rateLimit },
        schema: {
          tags: ['clients'],
          summary: 'Register a client account',
          body: RegisterBodySchema,
          response: { 201: MessageResponseSchema },
        },
      },
      async (request, reply) => {
        await service.registerClient({ body: request.body, ip: request.ip });
        return reply.code(201).send({ message: MESSAGES.register.created });
      },
    );
  }

  app.post(
    '/api/userLogin/send',
    {
      config: { rateLimit },
      schema: {
        tags: ['clients'],
        summary: 'Log a client in; the token goes in the user-token header',
        body: LoginBodySchema,
        response: { 200: TokenResponseSchema },
      },
    },
    async (request) =>
      service.loginClient(request.body, {
        userAgent: request.headers['user-agent'] ?? null,
        ip: request.ip,
      }),
  );

  app.get(
    '/api/userDashboard/send/',
    {
      config: { auth: 'client' },
      schema: {
        tags: ['clients'],
        summary: "The signed-in client's profile, finances, transactions and subscriptions",
        response: { 200: DashboardResponseSchema },
      },
    },
    async (request) => service.getClientDashboard({ clientId: requireClient(request).clientId }),
  );

  app.post(
    '/api/userLogout/send',
    {
      config: { auth: 'client' },
      schema: {
        tags: ['clients'],
        summary: 'Revoke this client session',
        response: { 204: z.undefined() },
      },
    },
    async (request, reply) => {
      await service.logoutClient({ sessionId: requireClient(request).sessionId });
      return reply.code(204).send();
    },
  );

  app.post(
    '/api/account/password',
    {
      config: { auth: 'client', rateLimit },
      schema: {
        tags: ['clients'],
        summary: 'Change password (current password required); other sessions are signed out',
        body: ChangePasswordBodySchema,
        response: { 200: MessageResponseSchema },
      },
    },
    async (request) => {
      const { clientId, sessionId } = requireClient(request);
      await service.changePassword({ clientId, sessionId, body: request.body });
      return { message: MESSAGES.account.passwordChanged };
    },
  );

  app.get(
    '/api/account/preferences',
    {
      config: { auth: 'client' },
      schema: {
        tags: ['account'],
        summary: "The signed-in client's e-mail choices (trade confirmations, off by default)",
        response: { 200: AccountPreferencesSchema },
      },
    },
    async (request) => service.getPreferences({ clientId: requireClient(request).clientId }),
  );

  app.put(
    '/api/account/preferences',
    {
      config: { auth: 'client' },
      schema: {
        tags: ['account'],
        summary: 'Change e-mail choices: a confirmation per fill and close, or none',
        body: AccountPreferencesSchema,
        response: { 200: AccountPreferencesSavedSchema },
      },
    },
    async (request) =>
      service.setPreferences({ clientId: requireClient(request).clientId, body: request.body }),
  );

  app.get(
    '/api/allUsers/users',
    {
      config: { auth: 'staff', permission: 'clients:read' },
      schema: {
        tags: ['staff'],
        summary: 'Every client, newest first (staff)',
        response: { 200: ClientListResponseSchema },
      },
    },
    async () => service.listClients(),
  );
};
