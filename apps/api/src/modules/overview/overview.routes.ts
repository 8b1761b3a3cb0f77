// GET /api/staff/overview: the back office's first page (overview.service.ts).
import { StaffOverviewSchema } from '@brokerdesk/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { OverviewService } from './overview.service.js';

export const overviewRoutes: FastifyPluginAsyncZod<{ service: OverviewService }> = async (
  app,
  { service },
) => {
  app.get(
    '/api/staff/overview',
    {
      config: { auth: 'staff', permission: 'clients:read' },
      schema: {
        tags: ['staff'],
        security: [{ staffToken: [] }],
        summary: 'Counts and money figures for the back office’s first page',
        response: { 200: StaffOverviewSchema },
      },
    },
    async () => service.getOverview(),
  );
};
