// The prices module's only door: the price hub (sources, tick log, candles, leader, fan-out),
// its public routes (instruments, quotes, stream, candles) and the tick log reader the engine
// uses to resume (docs/prices.md).
export { makePriceHub } from './hub.js';
export type { PriceHub, PriceHubDeps, TickListener, ClockListener } from './hub.js';
export type { Tick } from './tick.js';
export {
  selectTicksAfter as readTicksAfter,
  selectLatestTicksAt as readLatestTicksAt,
} from './prices.repo.js';
export { rebuildCandles, pruneTicks } from './maintenance.js';
export { selectHeldTicks as readHeldTicks } from './held-ticks.repo.js';
export type { HeldTickRow } from './held-ticks.repo.js';
export type { FeedAdapter, FeedQuote } from './sources/feed-adapter.js';
export { quoteFromFeed } from './sources/feed-adapter.js';
export { makePricesService } from './prices.service.js';
export type { PricesService, QuoteView, CandleView } from './prices.service.js';
export { pricesRoutes } from './prices.routes.js';
