// The audit log: one row per staff action, written in the same database transaction as the
// action, so an action without its record (or a record without its action) cannot exist.
// The table refuses UPDATE and DELETE (migration 0003), so there is no other function here.
import type { StaffRole } from '@brokerdesk/shared';
import type { Db } from '../../db/client.js';
import { auditLog } from '../../db/schema.js';

/** Who acted, as the auth hook saw them, and from where. */
export interface StaffActor {
  staffId: string;
  username: string;
  role: StaffRole;
  ip: string;
}

export interface AuditEntry {
  action: string;
  targetType: 'client' | 'transaction' | 'subscription' | 'ticket' | 'staff';
  targetId: string;
  before?: unknown;
  after?: unknown;
}

export function staffActorId(actor: StaffActor): string {
  return `staff:${actor.staffId}`;
}

export async function recordAudit(tx: Db, actor: StaffActor, entry: AuditEntry): Promise<void> {
  await tx.insert(auditLog).values({
    staffId: actor.staffId,
    staffUsername: actor.username,
    staffRole: actor.role,
    action: entry.action,
    targetType: entry.targetType,
    targetId: entry.targetId,
    before: entry.before ?? null,
    after: entry.after ?? null,
    ip: actor.ip,
  });
}
