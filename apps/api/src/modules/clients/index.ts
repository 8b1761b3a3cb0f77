// The clients module's only door: client accounts (registration, sign-in, dashboard, password)
// and the back office's view of clients. The login lock-out is lib/login-lockout.ts (shared with
// staff sign-in).
export { makeClientService } from './clients.service.js';
export type { ClientService } from './clients.service.js';
export { makeStaffClientService } from './staff-clients.service.js';
export type { StaffClientService } from './staff-clients.service.js';
export { clientRoutes } from './clients.routes.js';
export { staffClientRoutes } from './staff-clients.routes.js';
// Password links (account-links) act on the client's credentials.
export {
  findClientCredentialsByEmail,
  findClientPasswordHash,
  updateClientPasswordHash,
} from './clients.repo.js';
