// Reading the audit log (docs/back-office-api.md): a filtered page, newest first with a keyset
// cursor, and the same filters as CSV lines. Rows are written only with the actions they record.
import { AppError } from '@brokerdesk/shared';
import type { AuditEntry, AuditPage, AuditQuery } from '@brokerdesk/shared';
import type { Db } from '../../db/client.js';
import { csvLine } from '../../lib/csv.js';
import { isUuid } from '../../lib/ids.js';
import { findAuditPage } from './audit.repo.js';
import type { AuditFilters, AuditRow } from './audit.repo.js';

const CSV_PAGE = 1_000;
const CSV_MAX_ROWS = 100_000;

function toEntry(row: AuditRow): AuditEntry {
  return {
    id: row.id,
    at: row.createdAt.toISOString(),
    staffUsername: row.staffUsername,
    staffRole: row.staffRole,
    action: row.action,
    targetType: row.targetType,
    targetId: row.targetId,
    targetName: row.targetName,
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

export function makeAuditService({ db }: { db: Db }) {
  async function listAuditPage({ cursor, limit, ...filters }: AuditQuery): Promise<AuditPage> {
    if (cursor !== undefined && !isUuid(cursor)) {
      throw new AppError('VALIDATION_FAILED', 'Invalid cursor', { cursor: ['Invalid cursor'] });
    }
    const rows = await findAuditPage(db, filters, limit + 1, cursor);
    const page = rows.slice(0, limit);
    return {
      items: page.map(toEntry),
      nextCursor: rows.length > limit ? (page.at(-1)?.id ?? null) : null,
    };
  }

  /** The CSV's text, a page of rows per chunk, at most CSV_MAX_ROWS rows. */
  async function* auditCsvLines(filters: AuditFilters): AsyncGenerator<string> {
    yield csvLine(AUDIT_CSV_HEADER);
    let afterId: string | undefined;
    for (let written = 0; written < CSV_MAX_ROWS;) {
      const rows = await findAuditPage(db, filters, CSV_PAGE, afterId);
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

  return { listAuditPage, auditCsvLines };
}

export type AuditService = ReturnType<typeof makeAuditService>;
