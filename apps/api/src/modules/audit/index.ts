// The audit module's only door: the append-only trail of staff actions (each module writes its
// rows with recordAudit in its own transaction) and the staff view of it.
export { recordAudit, staffActorId } from './audit.repo.js';
export type { StaffActor } from './audit.repo.js';
export { makeAuditService } from './audit.service.js';
export type { AuditService } from './audit.service.js';
export { auditRoutes } from './audit.routes.js';
