// The activity module's only door: the public popup's anonymised recent events.
export { makeActivityService } from './activity.service.js';
export type { ActivityService } from './activity.service.js';
export { activityRoutes } from './activity.routes.js';
