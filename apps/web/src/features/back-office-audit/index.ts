// The back office's audit log page.
export { AuditLog } from './components/audit-log';
