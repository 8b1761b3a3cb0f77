// The dealing desk's side of the instrument settings (issue 19, decision 130): the list with
// what is in force and what the catalogue says, and a change, audited in its own transaction
// and in force on this instance as soon as it commits.
import { findSpec, formatLots, formatPoints, formatSwapRate } from '@brokerdesk/shared/trading';
import type { InstrumentSettingsBody, TradingSpec } from '@brokerdesk/shared/trading';
import { AppError } from '@brokerdesk/shared';
import type { Db } from '../../db/client.js';
import { readHeldTicks } from '../prices/index.js';
import type { HeldTickRow } from '../prices/index.js';
import { recordAudit } from '../audit/index.js';
import type { StaffActor } from '../audit/index.js';
import { catalogueSettings, effectiveSpec } from './instrument-settings.js';
import type {
  InstrumentSettings,
  SettingsWithAuthor,
  SpecSettings,
} from './instrument-settings.js';
import type { HeldTickView, InstrumentSettingsView } from './instrument-settings.schemas.js';

/** The desk's list of held-back quotes: the latest this many. */
export const HELD_TICKS_SHOWN = 50;

function heldTickView(row: HeldTickRow): HeldTickView {
  const digits = findSpec(row.symbol)?.digits ?? 0;
  return {
    id: String(row.id),
    symbol: row.symbol,
    displayName: findSpec(row.symbol)?.displayName ?? row.symbol,
    bid: formatPoints(row.bid, digits),
    ask: formatPoints(row.ask, digits),
    lastBid: formatPoints(row.lastBid, digits),
    lastAsk: formatPoints(row.lastAsk, digits),
    time: row.time.toISOString(),
    thresholdSpreads: row.thresholdSpreads,
    outcome: row.outcome,
  };
}

function viewOf(catalogue: TradingSpec, row: SettingsWithAuthor | null): InstrumentSettingsView {
  const settings = row ?? catalogueSettings(catalogue);
  const spec = effectiveSpec(catalogue, settings);
  return {
    symbol: catalogue.symbol,
    displayName: catalogue.displayName,
    class: catalogue.class,
    tradingEnabled: settings.tradingEnabled,
    spreadMarkupPoints: settings.spreadMarkupPoints,
    catalogueSpreadPoints: catalogue.spreadPoints,
    spreadPoints: spec.spreadPoints,
    maxVolume: formatLots(spec.maxVolume),
    catalogueMaxVolume: formatLots(catalogue.maxVolume),
    minVolume: formatLots(catalogue.minVolume),
    volumeStep: formatLots(catalogue.volumeStep),
    catalogueLeverage: catalogue.leverage,
    leverageCap: settings.leverageCap,
    leverage: spec.leverage,
    swapLongPoints: formatSwapRate(settings.swapLongHundredths),
    swapShortPoints: formatSwapRate(settings.swapShortHundredths),
    catalogueSwapLongPoints: formatSwapRate(catalogue.swapLongHundredths),
    catalogueSwapShortPoints: formatSwapRate(catalogue.swapShortHundredths),
    badTickSpreads: settings.badTickSpreads,
    exposureLimitUsd: settings.exposureLimitUsd,
    lastChange: row
      ? {
          at: row.createdAt.toISOString(),
          effectiveAt: row.effectiveAt.toISOString(),
          by: row.changedByName,
          reason: row.reason,
        }
      : null,
  };
}

/** The audit's before/after: the settings as a person reads them. */
function auditOf(catalogue: TradingSpec, settings: SpecSettings) {
  const spec = effectiveSpec(catalogue, settings);
  return {
    tradingEnabled: settings.tradingEnabled,
    spreadMarkupPoints: settings.spreadMarkupPoints,
    maxVolume: formatLots(spec.maxVolume),
    leverageCap: settings.leverageCap,
    swapLongPoints: formatSwapRate(settings.swapLongHundredths),
    swapShortPoints: formatSwapRate(settings.swapShortHundredths),
    badTickSpreads: settings.badTickSpreads,
    exposureLimitUsd: settings.exposureLimitUsd,
  };
}

export function makeInstrumentSettingsDesk({
  db,
  settings,
  engineNow,
}: {
  db: Db;
  settings: InstrumentSettings;
  /** The engine's clock (replay time in replay mode): when a change takes effect. */
  engineNow: () => number;
}) {
  return {
    /** The quotes the bad-tick filter held back, newest first (decision 134). */
    async heldTicks(): Promise<{ heldTicks: HeldTickView[] }> {
      return { heldTicks: (await readHeldTicks(db, HELD_TICKS_SHOWN)).map(heldTickView) };
    },

    list(): { instruments: InstrumentSettingsView[] } {
      return {
        instruments: settings.all().map(({ catalogue, settings: row }) => viewOf(catalogue, row)),
      };
    },

    async change({
      staff,
      symbol,
      body,
    }: {
      staff: StaffActor;
      symbol: string;
      body: InstrumentSettingsBody;
    }): Promise<InstrumentSettingsView> {
      const catalogue = findSpec(symbol);
      if (!catalogue) throw new AppError('NOT_FOUND', 'Unknown instrument');
      const { after } = await db.transaction(async (tx) => {
        const change = await settings.change(tx, {
          symbol,
          body,
          staffId: staff.staffId,
          effectiveAtMs: engineNow(),
        });
        await recordAudit(tx, staff, {
          action: 'trading.instrument_settings',
          targetType: 'instrument',
          targetId: symbol,
          before: auditOf(catalogue, change.before),
          after: { ...auditOf(catalogue, change.after), reason: body.reason },
        });
        return change;
      });
      settings.applied(after, staff.username);
      return viewOf(catalogue, { ...after, changedByName: staff.username });
    },
  };
}

export type InstrumentSettingsDesk = ReturnType<typeof makeInstrumentSettingsDesk>;
