import type { StaffRole } from './schemas/auth.js';

// What each staff role may do. The API checks it on every staff route (`config.permission`);
// the back office hides what a role cannot use. One table, so both sides agree.
export const STAFF_PERMISSIONS = {
  /** Read clients, their ledger, requests, tickets; the overview. */
  'clients:read': ['owner', 'operations', 'support', 'compliance', 'auditor'],
  /** Create clients, disable and enable them. */
  'clients:write': ['owner', 'operations'],
  /** Confirm and reject requests, post money, create subscriptions. */
  'money:write': ['owner', 'operations'],
  /** Approve or reject a client's verification documents (issue 6). */
  'documents:review': ['owner', 'operations', 'compliance'],
  /** Reply to tickets, close and reopen them. */
  'support:write': ['owner', 'operations', 'support'],
  /** The dealing desk's reads: positions across clients, exposure (issue 19). */
  'trading:read': ['owner', 'operations', 'compliance', 'auditor'],
  /** Act on clients' trading: close a position with a reason (issue 19). */
  'trading:deal': ['owner', 'operations'],
  /** Set a client's category, retail or professional, with a reason (decision 132). */
  'clients:categorise': ['owner', 'compliance'],
  /** Read and export the audit log. */
  'audit:read': ['owner', 'compliance', 'auditor'],
  /** Invite, disable and enable staff; revoke their sessions; reset their 2FA. */
  'staff:manage': ['owner'],
  /** Change one's own password (every role; decision 111). */
  'profile:write': ['owner', 'operations', 'support', 'compliance', 'auditor'],
} as const satisfies Record<string, readonly StaffRole[]>;

export type StaffPermission = keyof typeof STAFF_PERMISSIONS;

export function roleCan(role: StaffRole, permission: StaffPermission): boolean {
  return (STAFF_PERMISSIONS[permission] as readonly StaffRole[]).includes(role);
}
