// The health module's only door: liveness and readiness for load balancers.
export { makeHealthService } from './health.service.js';
export type { HealthService } from './health.service.js';
export { healthRoutes } from './health.routes.js';
