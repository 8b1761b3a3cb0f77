// The dealing desk's instrument settings (decision 130): what the price source, the trading
// engine and the desk read of an instrument as the desk has set it, and the desk's routes.
export { makeInstrumentSettings, effectiveSpec, SETTINGS_POLL_MS } from './instrument-settings.js';
export type {
  InstrumentSettings,
  SettingsRow,
  SettingsWithAuthor,
  SpecSettings,
} from './instrument-settings.js';
export { makeInstrumentSettingsDesk } from './instrument-settings.service.js';
export type { InstrumentSettingsDesk } from './instrument-settings.service.js';
export { instrumentSettingsRoutes } from './instrument-settings.routes.js';
