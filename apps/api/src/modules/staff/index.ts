// The staff module's only door: staff sign-in with TOTP, the first account, staff members and
// their invitations.
export { makeStaffService } from './staff.service.js';
export type { StaffService } from './staff.service.js';
export { makeStaffMembersService } from './staff-members.service.js';
export type { StaffMembersService } from './staff-members.service.js';
export { makeStaffInvitationService } from './staff-invitations.service.js';
export type { StaffInvitationService } from './staff-invitations.service.js';
export { staffRoutes } from './staff.routes.js';
export { staffMembersRoutes } from './staff-members.routes.js';
export { staffInvitationRoutes } from './staff-invitations.routes.js';
