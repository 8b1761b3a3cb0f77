// @brokerdesk/shared/trading: the pure trading rules of docs/product.md §11 (specs, sessions, units,
// money formulas, order rules, candles) and the request schemas. No I/O here.
export * from './types.js';
export * from './specs.js';
export * from './sessions.js';
export * from './decimal.js';
export * from './rational.js';
export * from './messages.js';
export * from './money-rules.js';
export * from './figures.js';
export * from './order-rules.js';
export * from './candles.js';
export * from './statement.js';
export * from '../schemas/trading.js';
export * from './onboarding.js';
export * from './words.js';
