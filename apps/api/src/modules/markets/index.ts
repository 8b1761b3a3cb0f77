// The markets module's only door: the home page's quotes and price series, read from the price
// hub (modules/prices), with the bundled sample as the fallback before any tick exists.
export { makeMarketsService } from './markets.service.js';
export type { MarketsService } from './markets.service.js';
export { marketsRoutes } from './markets.routes.js';
