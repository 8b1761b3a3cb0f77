// The staff module's only door: staff sign-in with TOTP, the first account, and staff members.
export { makeStaffService } from './staff.service.js';
export type { StaffService } from './staff.service.js';
export { staffRoutes } from './staff.routes.js';
export { staffMembersRoutes } from './staff-members.routes.js';
