// The dealing desk's API (issue 19): open positions across clients, the net exposure per
// instrument and the risk rules' work (owner, operations, compliance and auditor read), and
// closing a client's position with a reason the client sees (owner and operations act; audited).
import {
  StaffClosePositionBodySchema,
  StaffCorrectDealBodySchema,
} from '@brokerdesk/shared/trading';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireStaffActor } from '../../plugins/auth.js';
import {
  CloseResponseSchema,
  CorrectDealResponseSchema,
  DeskRiskSchema,
  ExposureSchema,
  StaffClientTradingSchema,
  RequiredIdempotencyHeadersSchema,
  StaffPositionsSchema,
} from './trading.schemas.js';
import type { TradingService } from './trading.service.js';

const staffRead = { auth: 'staff', permission: 'trading:read' } as const;
const staffDeal = { auth: 'staff', permission: 'trading:deal' } as const;
const StaffPositionParamsSchema = z.object({ positionId: z.string().max(40) });
const StaffDealParamsSchema = z.object({ dealId: z.string().max(40) });
const tags = ['staff trading'];
const security = [{ staffToken: [] }];

export const staffTradingRoutes: FastifyPluginAsyncZod<{ service: TradingService }> = async (
  app,
  { service },
) => {
  app.get(
    '/api/staff/trading/positions',
    {
      config: staffRead,
      schema: {
        tags,
        security,
        summary: 'Open positions across clients with floating P/L (newest first, up to 500)',
        response: { 200: StaffPositionsSchema },
      },
    },
    async () => service.staff.listPositions(),
  );

  app.get(
    '/api/staff/trading/exposure',
    {
      config: staffRead,
      schema: {
        tags,
        security,
        summary: 'The book’s open volume per instrument on live accounts: long, short and net',
        response: { 200: ExposureSchema },
      },
    },
    async () => service.staff.exposure(),
  );

  app.get(
    '/api/staff/trading/risk',
    {
      config: staffRead,
      schema: {
        tags,
        security,
        summary:
          'Accounts in a margin call with their figures now, and the latest stop-outs and negative balance protections',
        response: { 200: DeskRiskSchema },
      },
    },
    async () => service.staff.risk(),
  );

  app.get(
    '/api/staff/clients/:clientId/trading',
    {
      config: staffRead,
      schema: {
        tags,
        security,
        summary:
          'One client’s trading accounts with their figures now, open positions and latest deals',
        params: z.object({ clientId: z.string().max(64) }),
        response: { 200: StaffClientTradingSchema },
      },
    },
    async (request) => service.staff.clientTrading(request.params.clientId),
  );

  app.post(
    '/api/staff/trading/positions/:positionId/close',
    {
      config: staffDeal,
      schema: {
        tags,
        security,
        summary:
          'Close a client’s position in full or in part (volume in lots) with a reason the client sees',
        params: StaffPositionParamsSchema,
        headers: RequiredIdempotencyHeadersSchema,
        body: StaffClosePositionBodySchema,
        response: { 200: CloseResponseSchema },
      },
    },
    async (request, reply) => {
      const key = request.headers['idempotency-key'];
      if (typeof key !== 'string') throw new Error('Idempotency-Key missing after validation');
      const answer = await service.closeForStaff({
        staff: requireStaffActor(request),
        positionId: request.params.positionId,
        key,
        body: request.body,
      });
      // A stored answer (a repeat of the key answers the first's status and body).
      return (reply as FastifyReply).code(answer.status).send(answer.body);
    },
  );

  app.post(
    '/api/staff/trading/deals/:dealId/correct',
    {
      config: staffDeal,
      schema: {
        tags,
        security,
        summary:
          'Correct the price a deal was filled at, with a reason the client sees; each P/L it changes is reversed and posted again',
        params: StaffDealParamsSchema,
        headers: RequiredIdempotencyHeadersSchema,
        body: StaffCorrectDealBodySchema,
        response: { 200: CorrectDealResponseSchema },
      },
    },
    async (request, reply) => {
      const key = request.headers['idempotency-key'];
      if (typeof key !== 'string') throw new Error('Idempotency-Key missing after validation');
      const answer = await service.corrections.correctDeal({
        staff: requireStaffActor(request),
        dealId: request.params.dealId,
        key,
        body: request.body,
      });
      return (reply as FastifyReply).code(answer.status).send(answer.body);
    },
  );
};
