// The overview module's only door: the back office's first page of counts and totals.
export { makeOverviewService } from './overview.service.js';
export type { OverviewService } from './overview.service.js';
export { overviewRoutes } from './overview.routes.js';
