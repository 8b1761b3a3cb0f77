// The dealing desk's trading controls (issue 19, decision 133): owner, operations, compliance
// and auditor read them; owner and operations change them, with a reason, audited. A client
// reads the mode they trade under.
import { TradingControlBodySchema } from '@brokerdesk/shared/trading';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireClient, requireStaffActor } from '../../plugins/auth.js';
import {
  ClientControlViewSchema,
  ClientModeSchema,
  ControlClientParamsSchema,
  TradingControlViewSchema,
  TradingControlsSchema,
  TradingStatusSchema,
} from './trading-controls.schemas.js';
import type { TradingControlsDesk } from './trading-controls.service.js';

const tags = ['staff trading'];
const security = [{ staffToken: [] }];
const read = { auth: 'staff', permission: 'trading:read' } as const;
const deal = { auth: 'staff', permission: 'trading:deal' } as const;

export const tradingControlsRoutes: FastifyPluginAsyncZod<{
  service: TradingControlsDesk;
}> = async (app, { service }) => {
  app.get(
    '/api/staff/trading/controls',
    {
      config: read,
      schema: {
        tags,
        security,
        summary: 'The platform’s trading mode and the clients not trading normally',
        response: { 200: TradingControlsSchema },
      },
    },
    async () => service.list(),
  );

  app.put(
    '/api/staff/trading/controls/platform',
    {
      config: deal,
      schema: {
        tags,
        security,
        summary:
          'Set the whole platform to normal, close only or halted, with a reason: in force at once',
        body: TradingControlBodySchema,
        response: { 200: TradingControlViewSchema },
      },
    },
    async (request) => service.changePlatform(requireStaffActor(request), request.body),
  );

  app.get(
    '/api/staff/trading/controls/clients/:clientId',
    {
      config: read,
      schema: {
        tags,
        security,
        summary:
          'One client’s own trading mode with its latest change (normal when never changed), and the platform’s',
        params: ControlClientParamsSchema,
        response: { 200: ClientModeSchema },
      },
    },
    async (request) => service.clientMode(request.params.clientId),
  );

  app.put(
    '/api/staff/trading/controls/clients/:clientId',
    {
      config: deal,
      schema: {
        tags,
        security,
        summary: 'Set one client to normal, close only or halted, with a reason: in force at once',
        params: ControlClientParamsSchema,
        body: TradingControlBodySchema,
        response: { 200: ClientControlViewSchema },
      },
    },
    async (request) =>
      service.changeClient(requireStaffActor(request), request.params.clientId, request.body),
  );

  app.get(
    '/api/trading/status',
    {
      config: { auth: 'client' },
      schema: {
        tags: ['trading'],
        security: [{ userToken: [] }],
        summary:
          'The mode the client trades under now (normal, close only or halted) and what it means for them',
        response: { 200: TradingStatusSchema },
      },
    },
    async (request) => service.statusFor(requireClient(request).clientId),
  );
};
