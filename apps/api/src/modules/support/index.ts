// The support module's only door: tickets from the contact and dashboard forms, and the staff
// inbox.
export { makeSupportService } from './support.service.js';
export type { SupportService } from './support.service.js';
export { makeStaffSupportService } from './staff-support.service.js';
export type { StaffSupportService } from './staff-support.service.js';
export { supportRoutes } from './support.routes.js';
export { staffSupportRoutes } from './staff-support.routes.js';
export { findClientTickets } from './support.repo.js';
export { toSupportTicket } from './support.view.js';
