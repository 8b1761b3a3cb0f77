// GET /api/userDashboard/send/ as the portal's tests answer it (shared schema).
import type { DashboardResponse } from '@brokerdesk/shared';

/** Ada Lovelace of Kenya, e-mail verified, with no money yet; `userInfo` overrides any of it. */
export function dashboardResponse(
  userInfo: Partial<DashboardResponse['userInfo']> = {},
): DashboardResponse {
  return {
    userInfo: {
      firstName: 'Ada',
      lastName: 'Lovelace',
      email: 'ada@example.com',
      country: 'Kenya',
      phone: '447700900123',
      emailVerified: true,
      finances: [],
      transactions: [],
      subscriptions: [],
      ...userInfo,
    },
  };
}
