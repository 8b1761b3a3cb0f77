// The portal's money calls (docs/money-api.md): deposit and withdrawal requests, their
// timelines, the statement with keyset pages and CSV, the summary and the balance chart.
import { Readable } from 'node:stream';
import {
  BalanceHistorySchema,
  DepositRequestBodySchema,
  MoneyRequestListQuerySchema,
  MoneyRequestListSchema,
  MoneyRequestResponseSchema,
  MoneySummarySchema,
  ProfitBreakdownSchema,
  TransactionHistoryQuerySchema,
  TransactionPageSchema,
  WithdrawalRequestBodySchema,
} from '@brokerdesk/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { IdempotencyHeadersSchema } from '../../lib/idempotency-header.js';
import { requireClient } from '../../plugins/auth.js';
import type { MoneyQueries } from './money.queries.js';
import type { MoneyService } from './money.service.js';

export interface MoneyRoutesOptions {
  service: MoneyService;
  queries: MoneyQueries;
}

const IdParamsSchema = z.object({ id: z.string().max(64) });
const clientOnly = { auth: 'client' } as const;
/** Requesting money movement needs a verified e-mail (issue 6); reading and cancelling do not. */
const verifiedClient = { auth: 'client', verifiedEmail: true } as const;
const tags = ['money'];
const security = [{ userToken: [] }];

export const moneyRoutes: FastifyPluginAsyncZod<MoneyRoutesOptions> = async (
  app,
  { service, queries },
) => {
  app.get(
    '/api/money/summary',
    {
      config: clientOnly,
      schema: {
        tags,
        security,
        summary: 'Balance, available, held, and the least the next deposit may be',
        response: { 200: MoneySummarySchema },
      },
    },
    async (request) => queries.getSummary(requireClient(request).clientId),
  );

  app.get(
    '/api/money/balance-history',
    {
      config: clientOnly,
      schema: {
        tags,
        security,
        summary:
          'Running available balance after every change in the last 90 days, with highest and lowest',
        response: { 200: BalanceHistorySchema },
      },
    },
    async (request) => queries.getBalanceHistory(requireClient(request).clientId),
  );

  app.get(
    '/api/money/profit',
    {
      config: clientOnly,
      schema: {
        tags,
        security,
        summary: 'The profit total and its parts (credited by staff; realised by trades to come)',
        response: { 200: ProfitBreakdownSchema },
      },
    },
    async (request) => queries.getProfitBreakdown(requireClient(request).clientId),
  );

  app.post(
    '/api/deposits',
    {
      config: verifiedClient,
      schema: {
        tags,
        security,
        summary: 'Request a deposit (pending until staff confirm the funds arrived)',
        headers: IdempotencyHeadersSchema,
        body: DepositRequestBodySchema,
        response: { 201: MoneyRequestResponseSchema },
      },
    },
    async (request, reply) => {
      const deposit = await service.requestDeposit({
        clientId: requireClient(request).clientId,
        body: request.body,
        idempotencyKey: request.headers['idempotency-key'],
      });
      return reply.code(201).send({ request: deposit });
    },
  );

  app.post(
    '/api/withdrawals',
    {
      config: verifiedClient,
      schema: {
        tags,
        security,
        summary: 'Request a withdrawal: the amount and its fee are held at once',
        headers: IdempotencyHeadersSchema,
        body: WithdrawalRequestBodySchema,
        response: { 201: MoneyRequestResponseSchema },
      },
    },
    async (request, reply) => {
      const withdrawal = await service.requestWithdrawal({
        clientId: requireClient(request).clientId,
        body: request.body,
        idempotencyKey: request.headers['idempotency-key'],
      });
      return reply.code(201).send({ request: withdrawal });
    },
  );

  app.post(
    '/api/withdrawals/:id/cancel',
    {
      config: clientOnly,
      schema: {
        tags,
        security,
        summary: 'Cancel a pending withdrawal; the hold is released',
        headers: IdempotencyHeadersSchema,
        params: IdParamsSchema,
        response: { 200: MoneyRequestResponseSchema },
      },
    },
    async (request) => ({
      request: await service.cancelWithdrawal({
        id: request.params.id,
        clientId: requireClient(request).clientId,
        idempotencyKey: request.headers['idempotency-key'],
      }),
    }),
  );

  app.get(
    '/api/money-requests',
    {
      config: clientOnly,
      schema: {
        tags,
        security,
        summary: 'Deposit and withdrawal requests with their timelines, newest first',
        querystring: MoneyRequestListQuerySchema,
        response: { 200: MoneyRequestListSchema },
      },
    },
    async (request) =>
      queries.listRequests(requireClient(request).clientId, request.query.open ?? false),
  );

  app.get(
    '/api/money-requests/:id',
    {
      config: clientOnly,
      schema: {
        tags,
        security,
        summary: 'One request with its timeline',
        params: IdParamsSchema,
        response: { 200: MoneyRequestResponseSchema },
      },
    },
    async (request) => ({
      request: await queries.getRequest(requireClient(request).clientId, request.params.id),
    }),
  );

  app.get(
    '/api/transactions',
    {
      config: clientOnly,
      schema: {
        tags,
        security,
        summary: 'The statement, newest first; filter by type and status; keyset pages',
        querystring: TransactionHistoryQuerySchema,
        response: { 200: TransactionPageSchema },
      },
    },
    async (request) => queries.getHistoryPage(requireClient(request).clientId, request.query),
  );

  app.get(
    '/api/transactions.csv',
    {
      config: clientOnly,
      schema: {
        tags,
        security,
        summary: 'The statement as CSV (same filters, every matching row)',
        querystring: TransactionHistoryQuerySchema.pick({ type: true, status: true }),
      },
    },
    async (request, reply) => {
      const { clientId } = requireClient(request);
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', 'attachment; filename="transactions.csv"')
        .header('cache-control', 'no-store')
        .send(Readable.from(queries.historyCsv(clientId, request.query)));
    },
  );
};
