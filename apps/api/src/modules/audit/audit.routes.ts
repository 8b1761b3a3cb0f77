// Reading the audit log (docs/back-office-api.md): filterable, newest first with a keyset
// cursor, and CSV. There is no write route: rows come only with the actions they record.
import { Readable } from 'node:stream';
import { AppError, AuditPageSchema, AuditQuerySchema } from '@brokerdesk/shared';
import type { AuditEntry, AuditPage, AuditQuery } from '@brokerdesk/shared';
import { and, desc, eq, gte, like, lte, sql } from 'drizzle-orm';
import type { SQL } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Db } from '../../db/client.js';
import { auditLog } from '../../db/schema.js';
import { csvLine } from '../../lib/csv.js';
import { isUuid } from '../../lib/ids.js';

const CSV_PAGE = 1_000;
const CSV_MAX_ROWS = 100_000;
const tags = ['staff audit'];
const security = [{ staffToken: [] }];
const config = { auth: 'staff', permission: 'audit:read' } as const;

type Filters = Omit<AuditQuery, 'cursor' | 'limit'>;
type AuditRow = typeof auditLog.$inferSelect;

function conditions(filters: Filters, afterId?: string): SQL | undefined {
  const parts: (SQL | undefined)[] = [
    filters.staff
      ? eq(sql`lower(${auditLog.staffUsername})`, filters.staff.toLowerCase())
      : undefined,
    // A prefix: "deposit." matches deposit.confirm and deposit.reject.
    filters.action
      ? like(auditLog.action, `${filters.action.replace(/[\\%_]/g, (c) => `\\${c}`)}%`)
      : undefined,
    filters.targetId ? eq(auditLog.targetId, filters.targetId) : undefined,
    filters.from ? gte(auditLog.createdAt, new Date(filters.from)) : undefined,
    filters.to ? lte(auditLog.createdAt, new Date(filters.to)) : undefined,
    afterId
      ? sql`(${auditLog.createdAt}, ${auditLog.id}) < (select created_at, id from audit_log where id = ${afterId})`
      : undefined,
  ];
  return and(...parts);
}

async function findPage(db: Db, filters: Filters, limit: number, afterId?: string) {
  return db
    .select()
    .from(auditLog)
    .where(conditions(filters, afterId))
    .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
    .limit(limit);
}

function toEntry(row: AuditRow): AuditEntry {
  return {
    id: row.id,
    at: row.createdAt.toISOString(),
    staffUsername: row.staffUsername,
    staffRole: row.staffRole,
    action: row.action,
    targetType: row.targetType,
    targetId: row.targetId,
    before: row.before,
    after: row.after,
    ip: row.ip,
  };
}

export const AUDIT_CSV_HEADER = [
  'Time',
  'Staff',
  'Role',
  'Action',
  'Target type',
  'Target id',
  'Before',
  'After',
  'IP',
  'Id',
] as const;

export const auditRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
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
    async (request): Promise<AuditPage> => {
      const { cursor, limit, ...filters } = request.query;
      if (cursor !== undefined && !isUuid(cursor)) {
        throw new AppError('VALIDATION_FAILED', 'Invalid cursor', { cursor: ['Invalid cursor'] });
      }
      const rows = await findPage(db, filters, limit + 1, cursor);
      const page = rows.slice(0, limit);
      return {
        items: page.map(toEntry),
        nextCursor: rows.length > limit ? (page.at(-1)?.id ?? null) : null,
      };
    },
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
    async (request, reply) => {
      const filters = request.query;
      async function* lines() {
        yield csvLine(AUDIT_CSV_HEADER);
        let afterId: string | undefined;
        for (let written = 0; written < CSV_MAX_ROWS;) {
          const rows = await findPage(db, filters, CSV_PAGE, afterId);
          if (rows.length === 0) return;
          yield rows
            .map((row) =>
              csvLine([
                row.createdAt.toISOString(),
                row.staffUsername,
                row.staffRole,
                row.action,
                row.targetType,
                row.targetId ?? '',
                row.before === null ? '' : JSON.stringify(row.before),
                row.after === null ? '' : JSON.stringify(row.after),
                row.ip ?? '',
                row.id,
              ]),
            )
            .join('');
          written += rows.length;
          afterId = rows.at(-1)?.id;
          if (rows.length < CSV_PAGE) return;
        }
      }
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', 'attachment; filename="audit-log.csv"')
        .header('cache-control', 'no-store')
        .send(Readable.from(lines()));
    },
  );
};
