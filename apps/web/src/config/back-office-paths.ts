// The back office's addresses, apart from paths.ts so the public pages do not carry them (their
// first load is measured against a budget: bench/web-initial-js.mjs).
export const backOfficePaths = {
  adminDashboard: '/adminDashboard',
  adminRegistration: '/adminDashboard/registration',
  adminSubscription: '/adminDashboard/subscription',
  adminTransaction: '/adminDashboard/transaction',
  adminClients: '/adminDashboard/clients',
  adminClient: (clientId: string) => `/adminDashboard/clients/${encodeURIComponent(clientId)}`,
  adminRequests: '/adminDashboard/requests',
  adminSupport: '/adminDashboard/support',
  adminAudit: '/adminDashboard/audit',
  /** The dealing desk (issue 19). */
  adminTrading: '/adminDashboard/trading',
  adminDocuments: '/adminDashboard/documents',
  adminStaff: '/adminDashboard/staff',
  adminSecurity: '/adminDashboard/security',
} as const;
