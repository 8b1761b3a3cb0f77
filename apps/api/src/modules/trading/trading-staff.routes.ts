// Staff reads of the trading book (minimal until issue 19's dealing desk): open positions
// across clients and the net exposure per instrument. Read permission like other staff reads.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ExposureSchema, StaffPositionsSchema } from './trading.schemas.js';
import type { TradingService } from './trading.service.js';

const staffRead = { auth: 'staff', permission: 'clients:read' } as const;
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
};
