// The staff sign-in feature's public surface: the sign-in page, the back office's shell (sign-out,
// session scope) and the gate its pages put around what a role may not do.
export { AdminLoginForm } from './components/admin-login-form';
export { PermissionGate } from './components/permission-gate';
export { useAdminLogout } from './api/admin-logout';
export { useSessionScope, type StaffSessionScope } from './api/get-session-scope';
