// The account-links module's only door: e-mailed links to verify an address and reset a password.
export { makeAccountLinkService } from './account-links.service.js';
export type { AccountLinkService } from './account-links.service.js';
export { accountLinkRoutes } from './account-links.routes.js';
