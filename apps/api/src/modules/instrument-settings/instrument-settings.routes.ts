// The dealing desk's instrument settings (issue 19, decision 130): owner, operations,
// compliance and auditor read them; owner and operations change them, with a reason, audited.
import { InstrumentSettingsBodySchema } from '@brokerdesk/shared/trading';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireStaffActor } from '../../plugins/auth.js';
import {
  HeldTickViewSchema,
  InstrumentSettingsListSchema,
  InstrumentSettingsViewSchema,
  InstrumentSymbolParamsSchema,
} from './instrument-settings.schemas.js';
import type { InstrumentSettingsDesk } from './instrument-settings.service.js';

const tags = ['staff trading'];
const security = [{ staffToken: [] }];

export const instrumentSettingsRoutes: FastifyPluginAsyncZod<{
  service: InstrumentSettingsDesk;
}> = async (app, { service }) => {
  app.get(
    '/api/staff/trading/instruments',
    {
      config: { auth: 'staff', permission: 'trading:read' },
      schema: {
        tags,
        security,
        summary:
          'Every instrument with the desk’s settings in force (trading on or off, spread markup, maximum volume, leverage cap, swap rates) beside the catalogue’s',
        response: { 200: InstrumentSettingsListSchema },
      },
    },
    async () => service.list(),
  );

  app.get(
    '/api/staff/trading/held-ticks',
    {
      config: { auth: 'staff', permission: 'trading:read' },
      schema: {
        tags,
        security,
        summary:
          'The latest 50 quotes the bad-tick filter held back, newest first, with what the next quote showed them to be',
        response: { 200: z.object({ heldTicks: z.array(HeldTickViewSchema) }) },
      },
    },
    async () => service.heldTicks(),
  );

  app.patch(
    '/api/staff/trading/instruments/:symbol',
    {
      config: { auth: 'staff', permission: 'trading:deal' },
      schema: {
        tags,
        security,
        summary:
          'Change an instrument’s settings with a reason: in force at once for new orders and quotes; swap rates from the next rollover',
        params: InstrumentSymbolParamsSchema,
        body: InstrumentSettingsBodySchema,
        response: { 200: InstrumentSettingsViewSchema },
      },
    },
    async (request) =>
      service.change({
        staff: requireStaffActor(request),
        symbol: request.params.symbol.toUpperCase(),
        body: request.body,
      }),
  );
};
