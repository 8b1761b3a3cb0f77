// Reading the audit log (docs/back-office-api.md): filterable, newest first with a keyset
// cursor, and CSV. There is no write route: rows come only with the actions they record.
import { Readable } from 'node:stream';
import { AuditPageSchema, AuditQuerySchema } from '@brokerdesk/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AuditService } from './audit.service.js';

const tags = ['staff audit'];
const security = [{ staffToken: [] }];
const config = { auth: 'staff', permission: 'audit:read' } as const;

export const auditRoutes: FastifyPluginAsyncZod<{ service: AuditService }> = async (
  app,
  { service },
) => {
  app.get(
    '/api/staff/audit',
    {
      config,
      schema: {
        tags,
        security,
        summary: 'The audit log, newest first; filter by staff, action prefix, target, dates',
        querystring: AuditQuerySchema,
        response: { 200: AuditPageSchema },
      },
    },
    async (request) => service.listAuditPage(request.query),
  );

  app.get(
    '/api/staff/audit.csv',
    {
      config,
      schema: {
        tags,
        security,
        summary: 'The audit log as CSV (same filters)',
        querystring: AuditQuerySchema.omit({ cursor: true, limit: true }),
      },
    },
    async (request, reply) =>
      reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', 'attachment; filename="audit-log.csv"')
        .header('cache-control', 'no-store')
        .send(Readable.from(service.auditCsvLines(request.query))),
  );
};
