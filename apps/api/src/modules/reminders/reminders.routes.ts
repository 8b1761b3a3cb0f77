import { MESSAGES, ReminderBodySchema, ReminderResponseSchema } from '@brokerdesk/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireClient } from '../../plugins/auth.js';
import type { ReminderService } from './reminders.service.js';

export const reminderRoutes: FastifyPluginAsyncZod<{ service: ReminderService }> = async (
  app,
  { service },
) => {
  app.post(
    '/api/reminders',
    {
      // A mail per request: only to a verified address (checked with the token, before the
      // body), limited per IP here and per account in the service (issue 17).
      config: {
        auth: 'client',
        verifiedEmail: true,
        rateLimit: { max: 10, timeWindow: 60_000 },
      },
      schema: {
        tags: ['account'],
        summary: "E-mail the signed-in client at 08:00 (their time zone) on the calendar's date",
        body: ReminderBodySchema,
        response: { 201: ReminderResponseSchema },
      },
    },
    async (request, reply) => {
      const { clientId } = requireClient(request);
      const { sendAt, dateLabel } = await service.scheduleReminder({
        clientId,
        body: request.body,
      });
      return reply.code(201).send({
        message: `${MESSAGES.calendar.remindPrefix} ${dateLabel}`,
        sendAt: sendAt.toISOString(),
      });
    },
  );
};
