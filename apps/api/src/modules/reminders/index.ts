// The reminders module's only door: the calendar's e-mailed reminders.
export { makeReminderService } from './reminders.service.js';
export type { ReminderService } from './reminders.service.js';
export { reminderRoutes } from './reminders.routes.js';
