import type { StaffRole } from '@brokerdesk/shared';

export const ROLE_LABELS: Record<StaffRole, string> = {
  owner: 'Owner',
  operations: 'Operations',
  support: 'Support',
  compliance: 'Compliance',
  auditor: 'Auditor',
};

/** What each role may do (permissions.ts, in words). */
export const ROLE_DESCRIPTIONS: Record<StaffRole, string> = {
  owner: 'everything, including staff accounts',
  operations: 'clients, requests, money and tickets',
  support: 'tickets; reads clients',
  compliance: 'audit log; reads clients',
  auditor: 'reads everything',
};
