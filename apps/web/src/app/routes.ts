import { index, layout, route, type RouteConfig } from '@react-router/dev/routes';
import { PUBLIC_PAGES } from '../config/public-pages';

// The seed's paths, exactly (docs/origin.md §2). Public routes are pre-rendered (react-router.config.ts);
// the portal and back office are client-only behind token guards.
export default [
  layout('layouts/public-layout.tsx', [
    index('routes/home.tsx'),
    // /risk and /risks share one module, so each route carries its path as its id.
    ...PUBLIC_PAGES.map((page) =>
      route(page.path.slice(1), page.file, { id: `public${page.path}` }),
    ),
    // Unknown URLs, and '/__not-found' which the build pre-renders as the 404 page.
    route('*', 'routes/not-found.tsx'),
  ]),
  // The pre-rendered auth pages need no React Query (decision 070): kept out of its layout.
  layout('layouts/auth-layout.tsx', { id: 'auth-public' }, [
    route('userRegister', 'routes/user-register.tsx'),
    route('userLogin', 'routes/user-login.tsx'),
    route('passwordReset', 'routes/password-reset.tsx'),
  ]),
  layout('layouts/query-layout.tsx', [
    // Token pages opened from mailed links (SPA-only, never pre-rendered).
    layout('layouts/auth-layout.tsx', { id: 'auth-tokens' }, [
      route('verifyEmail', 'routes/verify-email.tsx'),
      route('setNewPassword', 'routes/set-new-password.tsx'),
    ]),
    route('userDashboard', 'layouts/portal-layout.tsx', [
      index('routes/user-dashboard.tsx', { id: 'user-dashboard-index' }),
      route('dashboard', 'routes/user-dashboard.tsx', { id: 'user-dashboard' }),
      route('trade', 'routes/portal/trade.tsx'),
      route('tradingStatement', 'routes/portal/trading-statement.tsx'),
      route('account', 'routes/portal/account.tsx'),
      route('support', 'routes/portal/support.tsx'),
      route('transactionHistory', 'routes/portal/transaction-history.tsx'),
      route('depositWithdrawal', 'routes/portal/deposit-withdrawal.tsx'),
      route('subscriptionTrade', 'routes/portal/subscription-trade.tsx'),
      route('packages', 'routes/portal/packages.tsx'),
      route('referral', 'routes/portal/referral.tsx'),
      route('verification', 'routes/portal/verification.tsx'),
    ]),
    route('adminLogin', 'routes/admin-login.tsx'),
    // Opened from the invitation mail (SPA-only, outside /adminDashboard: no sign-in yet).
    route('staffInvitation', 'routes/staff-invitation.tsx'),
    route('adminDashboard', 'layouts/admin-layout.tsx', [
      index('routes/admin-dashboard.tsx'),
      route('registration', 'routes/admin/registration.tsx'),
      route('subscription', 'routes/admin/subscription.tsx'),
      route('transaction', 'routes/admin/transaction.tsx'),
      route('clients', 'routes/admin/clients.tsx'),
      route('clients/:clientId', 'routes/admin/client-detail.tsx'),
      route('requests', 'routes/admin/requests.tsx'),
      route('support', 'routes/admin/support.tsx'),
      route('audit', 'routes/admin/audit.tsx'),
      route('trading', 'routes/admin/trading.tsx'),
      route('documents', 'routes/admin/documents.tsx'),
      route('staff', 'routes/admin/staff.tsx'),
      route('security', 'routes/admin/security.tsx'),
    ]),
  ]),
] satisfies RouteConfig;
