// The client's trading calls (§11.19, docs/trading.md): accounts, transfers, orders, positions
// and deals under /api/trading/accounts. The account check runs before the body is validated
// (preValidation), so another client's account is 404 whatever the body (§11.11). Order, close
// and transfer calls need an Idempotency-Key; modify and cancel accept one.
import {
  ClosePositionBodySchema,
  DealsQuerySchema,
  ModifyOrderBodySchema,
  ModifyPositionBodySchema,
  OpenAccountBodySchema,
  OrdersQuerySchema,
  PlaceOrderBodySchema,
  StatementQuerySchema,
  TransferBodySchema,
} from '@brokerdesk/shared/trading';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireClient } from '../../plugins/auth.js';
import type { AccountRow } from './trading.service.js';
import type { StoredAnswer } from './trading-requests.js';
import {
  AccountParamsSchema,
  AccountViewSchema,
  CloseResponseSchema,
  DealsPageSchema,
  ProtectionViewSchema,
  OptionalIdempotencyHeadersSchema,
  OrderParamsSchema,
  OrderViewSchema,
  PlaceOrderResponseSchema,
  PositionParamsSchema,
  PositionViewSchema,
  RequiredIdempotencyHeadersSchema,
  StatementSchema,
  SwapsPageSchema,
  TransferResponseSchema,
} from './trading.schemas.js';
import { statementCsvFile } from './trading-statement.csv.js';
import type { TradingService } from './trading.service.js';

export interface TradingRoutesOptions {
  service: TradingService;
}

const clientOnly = { auth: 'client' } as const;
const tags = ['trading'];
const security = [{ userToken: [] }];
const ErrorSchema = z.object({ message: z.string(), code: z.string().optional() });

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by the trading routes' account check (preValidation). */
    tradingAccount?: AccountRow;
  }
}

function sendStored(reply: FastifyReply, answer: StoredAnswer) {
  return reply.code(answer.status).send(answer.body);
}

export const tradingRoutes: FastifyPluginAsyncZod<TradingRoutesOptions> = async (
  app,
  { service },
) => {
  /** The account in the path must be the signed-in client's (404 otherwise), before validation. */
  async function ownAccount(request: FastifyRequest) {
    const params = request.params as { id?: unknown };
    const id = typeof params.id === 'string' ? params.id : '';
    request.tradingAccount = await service.requireAccount(requireClient(request).clientId, id);
  }
  const account = (request: FastifyRequest): AccountRow => {
    if (!request.tradingAccount) throw new Error('trading route without its account check');
    return request.tradingAccount;
  };
  const key = (request: FastifyRequest): string | undefined => {
    const value = request.headers['idempotency-key'];
    return typeof value === 'string' ? value : undefined;
  };
  const requiredKey = (request: FastifyRequest): string => {
    const value = key(request);
    if (!value) throw new Error('Idempotency-Key missing after validation');
    return value;
  };

  app.get(
    '/api/trading/accounts',
    {
      config: clientOnly,
      schema: {
        tags,
        security,
        summary: 'The client’s trading accounts with balance, equity, margins and level',
        response: { 200: z.array(AccountViewSchema) },
      },
    },
    async (request) => service.listAccounts({ clientId: requireClient(request).clientId }),
  );

  app.post(
    '/api/trading/accounts',
    {
      config: clientOnly,
      schema: {
        tags,
        security,
        summary: 'Open a Demo account at once, or a Live one (verified e-mail and documents)',
        body: OpenAccountBodySchema,
        response: { 201: AccountViewSchema, 403: ErrorSchema, 409: ErrorSchema },
      },
    },
    async (request, reply) => {
      const client = requireClient(request);
      const opened = await service.openAccount({
        clientId: client.clientId,
        emailVerified: client.emailVerified,
        kind: request.body.kind,
      });
      return reply.code(201).send(opened);
    },
  );

  app.post(
    '/api/trading/accounts/:id/reset',
    {
      config: clientOnly,
      preValidation: ownAccount,
      schema: {
        tags,
        security,
        summary: 'Reset a Demo account: it is archived and a fresh one opens',
        params: AccountParamsSchema,
        response: { 201: AccountViewSchema },
      },
    },
    async (request, reply) =>
      sendStored(
        reply,
        await service.resetDemo({
          clientId: requireClient(request).clientId,
          accountId: account(request).id,
        }),
      ),
  );

  app.post(
    '/api/trading/accounts/:id/transfers',
    {
      config: clientOnly,
      preValidation: ownAccount,
      schema: {
        tags,
        security,
        summary: 'Move money between the wallet and the Live account (out: up to withdrawable)',
        params: AccountParamsSchema,
        headers: RequiredIdempotencyHeadersSchema,
        body: TransferBodySchema,
        response: { 201: TransferResponseSchema },
      },
    },
    async (request, reply) =>
      sendStored(
        reply,
        await service.transfer({
          clientId: requireClient(request).clientId,
          accountId: account(request).id,
          key: requiredKey(request),
          direction: request.body.direction,
          amountMinor: request.body.amountMinor,
        }),
      ),
  );

  app.post(
    '/api/trading/accounts/:id/orders',
    {
      config: clientOnly,
      preValidation: ownAccount,
      schema: {
        tags,
        security,
        summary: 'Place a market, limit or stop order, or an OCO pair of pending orders',
        params: AccountParamsSchema,
        headers: RequiredIdempotencyHeadersSchema,
        body: PlaceOrderBodySchema,
        response: { 201: PlaceOrderResponseSchema },
      },
    },
    async (request, reply) =>
      sendStored(
        reply,
        await service.placeOrder({
          clientId: requireClient(request).clientId,
          accountId: account(request).id,
          key: requiredKey(request),
          body: request.body,
        }),
      ),
  );

  app.get(
    '/api/trading/accounts/:id/orders',
    {
      config: clientOnly,
      preValidation: ownAccount,
      schema: {
        tags,
        security,
        summary: 'Pending orders (oldest first) or the order history (newest first)',
        params: AccountParamsSchema,
        querystring: OrdersQuerySchema,
        response: { 200: z.array(OrderViewSchema) },
      },
    },
    async (request) =>
      service.listAccountOrders({ account: account(request), status: request.query.status }),
  );

  app.patch(
    '/api/trading/accounts/:id/orders/:orderId',
    {
      config: clientOnly,
      preValidation: ownAccount,
      schema: {
        tags,
        security,
        summary: 'Change a pending order’s price, stops, trailing or expiry',
        params: OrderParamsSchema,
        headers: OptionalIdempotencyHeadersSchema,
        body: ModifyOrderBodySchema,
        response: { 200: OrderViewSchema },
      },
    },
    async (request, reply) =>
      sendStored(
        reply,
        await service.modifyOrder({
          clientId: requireClient(request).clientId,
          accountId: account(request).id,
          orderId: request.params.orderId,
          key: key(request),
          body: request.body,
        }),
      ),
  );

  app.delete(
    '/api/trading/accounts/:id/orders/:orderId',
    {
      config: clientOnly,
      preValidation: ownAccount,
      schema: {
        tags,
        security,
        summary: 'Cancel a pending order (always allowed, market open or not)',
        params: OrderParamsSchema,
        headers: OptionalIdempotencyHeadersSchema,
        response: { 200: OrderViewSchema },
      },
    },
    async (request, reply) =>
      sendStored(
        reply,
        await service.cancelOrder({
          clientId: requireClient(request).clientId,
          accountId: account(request).id,
          orderId: request.params.orderId,
          key: key(request),
        }),
      ),
  );

  app.get(
    '/api/trading/accounts/:id/positions',
    {
      config: clientOnly,
      preValidation: ownAccount,
      schema: {
        tags,
        security,
        summary: 'Open positions with floating P/L at the current close-side price',
        params: AccountParamsSchema,
        response: { 200: z.array(PositionViewSchema) },
      },
    },
    async (request) => service.listAccountPositions({ account: account(request) }),
  );

  app.patch(
    '/api/trading/accounts/:id/positions/:positionId',
    {
      config: clientOnly,
      preValidation: ownAccount,
      schema: {
        tags,
        security,
        summary: 'Change a position’s stop loss, take profit or trailing stop (null removes)',
        params: PositionParamsSchema,
        headers: OptionalIdempotencyHeadersSchema,
        body: ModifyPositionBodySchema,
        response: { 200: PositionViewSchema },
      },
    },
    async (request, reply) =>
      sendStored(
        reply,
        await service.modifyPosition({
          clientId: requireClient(request).clientId,
          accountId: account(request).id,
          positionId: request.params.positionId,
          key: key(request),
          body: request.body,
        }),
      ),
  );

  app.post(
    '/api/trading/accounts/:id/positions/:positionId/close',
    {
      config: clientOnly,
      preValidation: ownAccount,
      schema: {
        tags,
        security,
        summary: 'Close a position in full, or part of it (volume in lots)',
        params: PositionParamsSchema,
        headers: RequiredIdempotencyHeadersSchema,
        body: ClosePositionBodySchema,
        response: { 200: CloseResponseSchema },
      },
    },
    async (request, reply) =>
      sendStored(
        reply,
        await service.closePosition({
          clientId: requireClient(request).clientId,
          accountId: account(request).id,
          positionId: request.params.positionId,
          key: requiredKey(request),
          volume: request.body?.volume,
        }),
      ),
  );

  app.get(
    '/api/trading/accounts/:id/deals',
    {
      config: clientOnly,
      preValidation: ownAccount,
      schema: {
        tags,
        security,
        summary: 'Deals (fills and closes), newest first, a page at a time',
        params: AccountParamsSchema,
        querystring: DealsQuerySchema,
        response: { 200: DealsPageSchema },
      },
    },
    async (request) =>
      service.listAccountDeals({
        account: account(request),
        cursor: request.query.cursor,
        limit: request.query.limit,
      }),
  );

  app.get(
    '/api/trading/accounts/:id/protections',
    {
      config: clientOnly,
      preValidation: ownAccount,
      schema: {
        tags,
        security,
        summary: 'Negative balance protections credited to the account, newest first',
        params: AccountParamsSchema,
        response: { 200: z.array(ProtectionViewSchema) },
      },
    },
    async (request) => service.listAccountProtections({ account: account(request) }),
  );

  app.get(
    '/api/trading/accounts/:id/swaps',
    {
      config: clientOnly,
      preValidation: ownAccount,
      schema: {
        tags,
        security,
        summary: 'Each night’s swap per position, newest first, a page at a time',
        params: AccountParamsSchema,
        // The deals' cursor and limit: a swap id, at most 200 a page.
        querystring: DealsQuerySchema,
        response: { 200: SwapsPageSchema },
      },
    },
    async (request) =>
      service.listAccountSwaps({
        account: account(request),
        cursor: request.query.cursor,
        limit: request.query.limit,
      }),
  );

  app.get(
    '/api/trading/accounts/:id/statement',
    {
      config: clientOnly,
      preValidation: ownAccount,
      schema: {
        tags,
        security,
        summary:
          'Statement of [from, to): deals, swaps, protections, transfers, opening and closing balance',
        description:
          'JSON by default. With `format=csv`: `text/csv; charset=utf-8` as an attachment ' +
          '(`statement-<kind>-<period>.csv`), first line "Simulated prices", then a header row, ' +
          'the opening balance, each line and the closing balance (docs/trading.md).',
        params: AccountParamsSchema,
        querystring: StatementQuerySchema,
        // The CSV is sent as text under its own content type, never through the JSON serializer.
        response: { 200: StatementSchema.or(z.string().describe('text/csv with format=csv')) },
      },
    },
    async (request, reply) => {
      const statement = await service.getStatement({
        account: account(request),
        from: request.query.from,
        to: request.query.to,
      });
      if (request.query.format !== 'csv') return statement;
      const file = statementCsvFile(statement);
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${file.fileName}"`)
        .header('cache-control', 'no-store')
        .send(file.text);
    },
  );
};
