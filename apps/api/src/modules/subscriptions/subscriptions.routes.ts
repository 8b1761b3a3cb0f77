// Plans: the portal's packages page subscribes, subscriptionTrade lists; the seed's staff form
// creates one by hand.
import {
  MESSAGES,
  OriginSubscriptionBodySchema,
  SubscribeBodySchema,
  SubscribeResponseSchema,
  SubscriptionListSchema,
} from '@brokerdesk/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { IdempotencyHeadersSchema } from '../../lib/idempotency-header.js';
import { requireClient, requireStaffActor } from '../../plugins/auth.js';
import type { SubscriptionService } from './subscriptions.service.js';

export const subscriptionRoutes: FastifyPluginAsyncZod<{ service: SubscriptionService }> = async (
  app,
  { service },
) => {
  app.get(
    '/api/subscriptions',
    {
      config: { auth: 'client' },
      schema: {
        tags: ['plans'],
        security: [{ userToken: [] }],
        summary: "The client's plans, newest first",
        response: { 200: SubscriptionListSchema },
      },
    },
    async (request) => service.list(requireClient(request).clientId),
  );

  app.post(
    '/api/subscriptions',
    {
      config: { auth: 'client', verifiedEmail: true },
      schema: {
        tags: ['plans'],
        security: [{ userToken: [] }],
        summary: 'Subscribe to a catalogue plan: debit the price, credit its deposit bonus',
        headers: IdempotencyHeadersSchema,
        body: SubscribeBodySchema,
        response: { 201: SubscribeResponseSchema },
      },
    },
    async (request, reply) => {
      const subscription = await service.subscribe({
        clientId: requireClient(request).clientId,
        planId: request.body.planId,
        idempotencyKey: request.headers['idempotency-key'],
      });
      return reply.code(201).send({ message: MESSAGES.subscription.processing, subscription });
    },
  );

  app.post(
    '/api/subscribe/create',
    {
      config: { auth: 'staff', permission: 'money:write' },
      schema: {
        tags: ['staff money'],
        security: [{ staffToken: [] }],
        summary: "The seed's Manage Subscription call (amount in dollars; 0 for a courtesy plan)",
        headers: IdempotencyHeadersSchema,
        body: OriginSubscriptionBodySchema,
        response: { 201: SubscribeResponseSchema },
      },
    },
    async (request, reply) => {
      const subscription = await service.createByStaff({
        body: request.body,
        staff: requireStaffActor(request),
        idempotencyKey: request.headers['idempotency-key'],
      });
      return reply.code(201).send({ message: MESSAGES.subscription.success, subscription });
    },
  );
};
