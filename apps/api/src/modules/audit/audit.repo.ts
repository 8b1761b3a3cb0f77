// The audit log: one row per staff action, written in the same database transaction as the
// action, so an action without its record (or a record without its action) cannot exist.
// The table refuses UPDATE and DELETE (migration 0003), so the only other functions read.
import type { AuditQuery } from '@brokerdesk/shared';
import { and, desc, eq, getTableColumns, gte, like, lte, sql } from 'drizzle-orm';
import type { SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { auditLog, clients, referralCommissions, staff } from '../../db/schema.js';
import type { StaffActor } from '../../plugins/auth.js';

// Who acted: the auth hook's view of the signed-in staff member (plugins/auth.ts).
export type { StaffActor };

export interface AuditEntry {
  action: string;
  targetType:
    | 'client'
    | 'transaction'
    | 'subscription'
    | 'ticket'
    | 'staff'
    | 'referral_commission'
    | 'instrument'
    | 'platform';
  targetId: string;
  before?: unknown;
  after?: unknown;
}

export function staffActorId(actor: StaffActor): string {
  return `staff:${actor.staffId}`;
}

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;
const wellFormed = (text: string) => text.replace(LONE_SURROGATE, '\uFFFD');

/**
 * `value` with every lone UTF-16 surrogate in its strings replaced by U+FFFD, as the text columns
 * store them: JSON.stringify writes a lone one as "\ud800", which PostgreSQL's jsonb refuses, so a
 * reason typed with one turned an audited action into a 500 (found by the hostile-input test).
 */
export function wellFormedJson(value: unknown): unknown {
  if (typeof value === 'string') return wellFormed(value);
  if (Array.isArray(value)) return value.map(wellFormedJson);
  const prototype = value !== null && typeof value === 'object' ? Object.getPrototypeOf(value) : 0;
  // Plain objects only: anything else (a Date) goes to JSON as it would have.
  if (prototype === Object.prototype || prototype === null) {
    return Object.fromEntries(
      Object.entries(value as object).map(([key, inner]) => [
        wellFormed(key),
        wellFormedJson(inner),
      ]),
    );
  }
  return value;
}

export async function recordAudit(tx: Db, actor: StaffActor, entry: AuditEntry): Promise<void> {
  await tx.insert(auditLog).values({
    staffId: actor.staffId,
    staffUsername: actor.username,
    staffRole: actor.role,
    action: entry.action,
    targetType: entry.targetType,
    targetId: entry.targetId,
    before: wellFormedJson(entry.before ?? null),
    after: wellFormedJson(entry.after ?? null),
    ip: actor.ip,
  });
}

export type AuditFilters = Omit<AuditQuery, 'cursor' | 'limit'>;
export type AuditRow = typeof auditLog.$inferSelect & { targetName: string | null };

/**
 * The name a person reads for the target: the client's or the staff member's, as they are now
 * (for a referral commission, the referrer's).
 * An id in a text column is compared as text, so a malformed one finds nothing.
 */
const targetName = sql<string | null>`case
  when ${auditLog.targetType} = 'client' then
    (select ${clients.firstName} || ' ' || ${clients.lastName} from ${clients}
      where ${clients.id}::text = ${auditLog.targetId})
  when ${auditLog.targetType} = 'staff' then
    (select ${staff.username} from ${staff} where ${staff.id}::text = ${auditLog.targetId})
  when ${auditLog.targetType} = 'referral_commission' then
    (select referrer.first_name || ' ' || referrer.last_name from ${referralCommissions} rc
      join ${clients} referrer on referrer.id = rc.referrer_id
      where rc.id::text = ${auditLog.targetId})
  when ${auditLog.targetType} = 'instrument' then ${auditLog.targetId}
  when ${auditLog.targetType} = 'platform' then 'The whole platform'
end`;

function conditions(filters: AuditFilters, afterId?: string): SQL | undefined {
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

/** Newest first; `afterId` continues after that row (a keyset cursor). */
export async function findAuditPage(
  db: Db,
  filters: AuditFilters,
  limit: number,
  afterId?: string,
): Promise<AuditRow[]> {
  return db
    .select({ ...getTableColumns(auditLog), targetName })
    .from(auditLog)
    .where(conditions(filters, afterId))
    .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
    .limit(limit);
}
