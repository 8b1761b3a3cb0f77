// The trading module's only door (docs/trading.md): demo and live accounts, orders, positions,
// deals, the tick evaluator, and their routes.
export { makeTradingService } from './trading.service.js';
export type { TradingService, TradingServiceDeps } from './trading.service.js';
export type { EngineHub, Tick } from './price-hub.js';
export { tradingRoutes } from './trading.routes.js';
export { staffTradingRoutes } from './trading-staff.routes.js';
export { onboardingRoutes } from './trading-onboarding.routes.js';
