// GET /api/activity/recent (no auth): anonymised recent events for the activity popup.
import { RecentActivitySchema } from '@brokerdesk/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { ActivityService } from './activity.service.js';

export interface ActivityRoutesOptions {
  service: ActivityService;
}

export const activityRoutes: FastifyPluginAsyncZod<ActivityRoutesOptions> = async (
  app,
  { service },
) => {
  app.get(
    '/api/activity/recent',
    {
      schema: {
        tags: ['activity'],
        summary: 'Recent anonymised platform events (country and time only) for the popup',
        response: { 200: RecentActivitySchema },
      },
    },
    async (_request, reply) => {
      // The popup polls every 20 s; answers are never stale and never shared.
      reply.header('Cache-Control', 'no-store');
      return service.listRecentActivity();
    },
  );
};
