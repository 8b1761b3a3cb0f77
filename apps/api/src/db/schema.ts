// The one database schema (Drizzle pg-core). Migrations in ./migrations are generated from it
// with `npm run db:generate -w @brokerdesk/api`; the database is the last guard, so the rules
// that must never break are CHECK / UNIQUE / foreign-key constraints here. The tables are
// defined in ./tables by subject; this file is the one every other file imports.
export * from './tables/accounts.js';
export * from './tables/money.js';
export * from './tables/records.js';
export * from './tables/referrals.js';
export * from './tables/prices.js';
export * from './tables/trading.js';
export * from './tables/onboarding.js';
