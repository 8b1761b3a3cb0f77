// The sessions module's only door: bearer sessions for clients and staff.
export { makeSessionService, SESSION_TTL_MS } from './sessions.service.js';
export type { SessionDevice, SessionService } from './sessions.service.js';
export { sessionRoutes } from './sessions.routes.js';
