// The dealing desk's trading controls (decision 133): the store the trading engine reads, the
// desk's service and its routes.
export { makeTradingControls, stricter, modeMessage } from './trading-controls.js';
export type { TradingControls } from './trading-controls.js';
export { makeTradingControlsDesk } from './trading-controls.service.js';
export type { TradingControlsDesk } from './trading-controls.service.js';
export { tradingControlsRoutes } from './trading-controls.routes.js';
