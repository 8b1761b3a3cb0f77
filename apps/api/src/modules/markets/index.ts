// The markets module's only door: the home page's quotes and price series.
export { makeMarketsService } from './markets.service.js';
export type { MarketsService } from './markets.service.js';
export { makeMarketDataProvider } from './market-data-provider.js';
export { marketsRoutes } from './markets.routes.js';
