// The back office's client calls (docs/back-office-api.md).
import { Readable } from 'node:stream';
import {
  ClientCreatedSchema,
  ClientListQuerySchema,
  MESSAGES,
  MessageResponseSchema,
  ReasonBodySchema,
  RegisterBodySchema,
  StaffClientDetailSchema,
  StaffClientPageSchema,
  StaffClientRowSchema,
} from '@brokerdesk/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireStaffActor } from '../../plugins/auth.js';
import type { StaffClientService } from './staff-clients.service.js';

const IdParamsSchema = z.object({ id: z.string().max(64) });
const tags = ['staff clients'];
const security = [{ staffToken: [] }];
const read = { auth: 'staff', permission: 'clients:read' } as const;
const write = { auth: 'staff', permission: 'clients:write' } as const;

export const staffClientRoutes: FastifyPluginAsyncZod<{ service: StaffClientService }> = async (
  app,
  { service },
) => {
  app.get(
    '/api/staff/clients',
    {
      config: read,
      schema: {
        tags,
        security,
        summary: 'Clients: search by name or e-mail, sort, page',
        querystring: ClientListQuerySchema,
        response: { 200: StaffClientPageSchema },
      },
    },
    async (request) => service.listPage(request.query),
  );

  app.get(
    '/api/staff/clients.csv',
    {
      config: read,
      schema: {
        tags,
        security,
        summary: 'The client list as CSV (same search and sort)',
        querystring: ClientListQuerySchema.pick({ q: true, sort: true, dir: true }),
      },
    },
    async (request, reply) =>
      reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', 'attachment; filename="clients.csv"')
        .header('cache-control', 'no-store')
        .send(Readable.from(service.listCsv(request.query))),
  );

  app.get(
    '/api/staff/clients/:id',
    {
      config: read,
      schema: {
        tags,
        security,
        summary: 'One client: profile, balances, statement, plans, tickets, referrals, sessions',
        params: IdParamsSchema,
        response: { 200: StaffClientDetailSchema },
      },
    },
    async (request) => service.getDetail(request.params.id),
  );

  app.post(
    '/api/staff/clients',
    {
      config: write,
      schema: {
        tags,
        security,
        summary: "Create a client (the seed's Manage Registration), audited",
        body: RegisterBodySchema,
        response: { 201: ClientCreatedSchema },
      },
    },
    async (request, reply) => {
      const clientId = await service.createClient(request.body, requireStaffActor(request));
      return reply.code(201).send({ message: MESSAGES.register.created, clientId });
    },
  );

  app.post(
    '/api/staff/clients/:id/disable',
    {
      config: write,
      schema: {
        tags,
        security,
        summary: 'Disable a client: sign-in refused, sessions revoked',
        params: IdParamsSchema,
        body: ReasonBodySchema,
        response: { 200: StaffClientRowSchema },
      },
    },
    async (request) =>
      service.setDisabled(request.params.id, true, requireStaffActor(request), request.body.reason),
  );

  app.post(
    '/api/staff/clients/:id/enable',
    {
      config: write,
      schema: {
        tags,
        security,
        summary: 'Enable a disabled client',
        params: IdParamsSchema,
        response: { 200: StaffClientRowSchema },
      },
    },
    async (request) => service.setDisabled(request.params.id, false, requireStaffActor(request)),
  );

  app.post(
    '/api/staff/clients/:id/verification-link',
    {
      config: write,
      schema: {
        tags,
        security,
        summary: 'Mail the client a new e-mail verification link (once a minute)',
        params: IdParamsSchema,
        response: { 202: MessageResponseSchema },
      },
    },
    async (request, reply) => {
      await service.sendVerificationLink(request.params.id, requireStaffActor(request));
      return reply.code(202).send({ message: MESSAGES.verification.verificationSent });
    },
  );
};
