// Staff money actions (docs/money-api.md) and the seed's `POST /api/transactions/transaction`.
// Every POST needs the `money:write` permission and writes an audit record with the action.
import {
  MESSAGES,
  ReasonBodySchema,
  OriginTransactionBodySchema,
  StaffMoneyRequestListSchema,
  StaffPostingBodySchema,
  StaffTransactionResponseSchema,
} from '@brokerdesk/shared';
import type { TransactionWithTimeline } from '@brokerdesk/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { IdempotencyHeadersSchema } from '../../lib/idempotency-header.js';
import { requireStaffActor } from '../../plugins/auth.js';
import type { StaffActor } from '../audit/index.js';
import type { MoneyQueries } from './money.queries.js';
import type { MoneyService } from './money.service.js';

export interface StaffMoneyRoutesOptions {
  service: MoneyService;
  queries: MoneyQueries;
}

const UUID_MESSAGE = 'Not a valid id';
const IdParamsSchema = z.object({ id: z.uuid({ error: UUID_MESSAGE }) });
const ClientParamsSchema = z.object({ clientId: z.uuid({ error: UUID_MESSAGE }) });
const moneyWrite = { auth: 'staff', permission: 'money:write' } as const;
const tags = ['staff money'];
const security = [{ staffToken: [] }];

export const staffMoneyRoutes: FastifyPluginAsyncZod<StaffMoneyRoutesOptions> = async (
  app,
  { service, queries },
) => {
  app.get(
    '/api/staff/money-requests',
    {
      config: { auth: 'staff', permission: 'clients:read' },
      schema: {
        tags,
        security,
        summary: 'Pending deposits and withdrawals of every client, oldest first',
        response: { 200: StaffMoneyRequestListSchema },
      },
    },
    async () => queries.listPendingForStaff(),
  );

  type ActionInput = {
    id: string;
    staff: StaffActor;
    reason: string;
    idempotencyKey: string | undefined;
  };
  const actions: {
    path: string;
    summary: string;
    needsReason: boolean;
    run: (input: ActionInput) => Promise<TransactionWithTimeline>;
  }[] = [
    {
      path: '/api/staff/deposits/:id/confirm',
      summary: 'Confirm a deposit arrived: credits the client (and the referrer’s bonus)',
      needsReason: false,
      run: ({ reason: _reason, ...input }) => service.confirmDeposit(input),
    },
    {
      path: '/api/staff/deposits/:id/reject',
      summary: 'Reject a deposit request with a reason the client sees',
      needsReason: true,
      run: (input) => service.rejectDeposit(input),
    },
    {
      path: '/api/staff/withdrawals/:id/approve',
      summary: 'Approve a withdrawal: the held amount and fee leave the account',
      needsReason: false,
      run: ({ reason: _reason, ...input }) => service.approveWithdrawal(input),
    },
    {
      path: '/api/staff/withdrawals/:id/reject',
      summary: 'Reject a withdrawal with a reason: the hold is released',
      needsReason: true,
      run: (input) => service.rejectWithdrawal(input),
    },
    {
      path: '/api/staff/transactions/:id/reverse',
      summary: 'Reverse a completed transaction (a deposit’s referral bonus with it)',
      needsReason: true,
      run: (input) => service.reverseTransaction(input),
    },
  ];

  for (const action of actions) {
    app.post(
      action.path,
      {
        config: moneyWrite,
        schema: {
          tags,
          security,
          summary: action.summary,
          headers: IdempotencyHeadersSchema,
          params: IdParamsSchema,
          ...(action.needsReason ? { body: ReasonBodySchema } : {}),
          response: { 200: StaffTransactionResponseSchema },
        },
      },
      async (request) => {
        const body = request.body as { reason?: string } | undefined;
        const transaction = await action.run({
          id: request.params.id,
          staff: requireStaffActor(request),
          reason: body?.reason ?? '',
          idempotencyKey: request.headers['idempotency-key'],
        });
        // Under the four-eyes rule a first approval leaves the request pending.
        const message =
          transaction.status === 'pending' && transaction.events.at(-1)?.kind === 'endorsed'
            ? MESSAGES.money.endorsed
            : MESSAGES.transaction.success;
        return { message, transaction };
      },
    );
  }

  app.post(
    '/api/staff/clients/:clientId/postings',
    {
      config: moneyWrite,
      schema: {
        tags,
        security,
        summary: 'Post profit, bonus, ref. bonus or an adjustment (reason required) to a client',
        headers: IdempotencyHeadersSchema,
        params: ClientParamsSchema,
        body: StaffPostingBodySchema,
        response: { 201: StaffTransactionResponseSchema },
      },
    },
    async (request, reply) => {
      const transaction = await service.postForClient({
        clientId: request.params.clientId,
        body: request.body,
        staff: requireStaffActor(request),
        idempotencyKey: request.headers['idempotency-key'],
      });
      return reply.code(201).send({ message: MESSAGES.transaction.success, transaction });
    },
  );

  app.post(
    '/api/transactions/transaction',
    {
      config: moneyWrite,
      schema: {
        tags,
        security,
        summary: "The seed's Manage Transaction call (amount in dollars)",
        description:
          'type: Deposit, Withdrawal, Profit, Bonus, RefBonus or Adjustment (any case); status: ' +
          'Completed (default) posts it, Pending opens a deposit request or a withdrawal hold, ' +
          'Failed records it without moving money. A withdrawal beyond the available balance is 409.',
        headers: IdempotencyHeadersSchema,
        body: OriginTransactionBodySchema,
        response: { 201: StaffTransactionResponseSchema },
      },
    },
    async (request, reply) => {
      const transaction = await service.recordOriginTransaction({
        body: request.body,
        staff: requireStaffActor(request),
        idempotencyKey: request.headers['idempotency-key'],
      });
      return reply.code(201).send({ message: MESSAGES.transaction.success, transaction });
    },
  );
};
