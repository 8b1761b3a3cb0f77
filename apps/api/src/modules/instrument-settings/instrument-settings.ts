// What the dealing desk sets of an instrument at run time (issue 19, decision 130): trading on
// or off, a spread markup, a maximum volume, a leverage cap and the swap rates. Every instance
// keeps the rows in force in memory, so an order's checks, the evaluator's triggers and the
// price source read them without a query; a change made here is applied at once, and other
// instances (PostgreSQL only: PGlite is one process) see it within a poll, a second by default.
// Swaps read the database instead, at the rollover's time, so a rate change applies from the
// next rollover even when a rollover is posted late.
import { AppError } from '@brokerdesk/shared';
import {
  TRADING_SPECS,
  findSpec,
  formatLots,
  parseLots,
  parseSwapRate,
} from '@brokerdesk/shared/trading';
import type { InstrumentSettingsBody, TradingSpec } from '@brokerdesk/shared/trading';
import type { FastifyBaseLogger } from 'fastify';
import { followChanges } from '../../db/change-follower.js';
import type { Db } from '../../db/client.js';
import {
  insertSettings,
  lockSymbolSettings,
  selectCurrentSettings,
  selectLatestSettingsId,
  selectSettingsBefore,
} from './instrument-settings.repo.js';
import type { SettingsRow, SettingsWithAuthor } from './instrument-settings.repo.js';

export type { SettingsRow, SettingsWithAuthor };

export const SETTINGS_POLL_MS = 1_000;

/** The settings a spec is made of: a row, or the catalogue's own values when there is none. */
export type SpecSettings = Pick<
  SettingsRow,
  | 'tradingEnabled'
  | 'spreadMarkupPoints'
  | 'maxVolume'
  | 'leverageCap'
  | 'swapLongHundredths'
  | 'swapShortHundredths'
  | 'badTickSpreads'
  | 'exposureLimitUsd'
>;

export function catalogueSettings(spec: TradingSpec): SpecSettings {
  return {
    tradingEnabled: true,
    spreadMarkupPoints: 0,
    maxVolume: null,
    leverageCap: null,
    swapLongHundredths: spec.swapLongHundredths,
    swapShortHundredths: spec.swapShortHundredths,
    badTickSpreads: null,
    exposureLimitUsd: null,
  };
}

/**
 * The catalogue's spec with the desk's settings (§11.2): the markup widens the spread and, with
 * it, the default stops level; the leverage is min(L, cap); the maximum volume and the swap
 * rates are the desk's.
 */
export function effectiveSpec(catalogue: TradingSpec, settings: SpecSettings | null): TradingSpec {
  if (!settings) return catalogue;
  return {
    ...catalogue,
    spreadPoints: catalogue.spreadPoints + settings.spreadMarkupPoints,
    stopsLevelPoints: catalogue.stopsLevelPoints + settings.spreadMarkupPoints,
    maxVolume: settings.maxVolume ?? catalogue.maxVolume,
    leverage:
      settings.leverageCap === null
        ? catalogue.leverage
        : Math.min(catalogue.leverage, settings.leverageCap),
    swapLongHundredths: settings.swapLongHundredths,
    swapShortHundredths: settings.swapShortHundredths,
  };
}

function invalid(field: string, message: string): AppError {
  return new AppError('VALIDATION_FAILED', message, { [field]: [message] });
}

/** A rate the shared schema has checked: "-5.00" → −500 hundredths of a point. */
function swapRateOf(text: string): number {
  const hundredths = parseSwapRate(text);
  if (hundredths === null)
    throw new Error(`swap rate ${text} passed the schema but not the parser`);
  return hundredths;
}

/** The body's changes on top of what is in force, checked against the catalogue. */
function nextSettings(
  catalogue: TradingSpec,
  current: SpecSettings,
  body: InstrumentSettingsBody,
): SpecSettings {
  let maxVolume = current.maxVolume;
  if (body.maxVolume !== undefined) {
    maxVolume = body.maxVolume === null ? null : parseLots(body.maxVolume);
    if (
      maxVolume !== null &&
      (maxVolume < catalogue.minVolume ||
        maxVolume > catalogue.maxVolume ||
        maxVolume % catalogue.volumeStep !== 0)
    ) {
      throw invalid(
        'maxVolume',
        `Maximum volume must be from ${formatLots(catalogue.minVolume)} to ${formatLots(catalogue.maxVolume)} lots in steps of ${formatLots(catalogue.volumeStep)}`,
      );
    }
  }
  const leverageCap = body.leverageCap === undefined ? current.leverageCap : body.leverageCap;
  if (leverageCap !== null && leverageCap > catalogue.leverage) {
    throw invalid(
      'leverageCap',
      `Leverage cap must not exceed the catalogue's 1:${catalogue.leverage}`,
    );
  }
  return {
    tradingEnabled: body.tradingEnabled ?? current.tradingEnabled,
    spreadMarkupPoints: body.spreadMarkupPoints ?? current.spreadMarkupPoints,
    maxVolume,
    leverageCap,
    swapLongHundredths:
      body.swapLongPoints === undefined
        ? current.swapLongHundredths
        : swapRateOf(body.swapLongPoints),
    swapShortHundredths:
      body.swapShortPoints === undefined
        ? current.swapShortHundredths
        : swapRateOf(body.swapShortPoints),
    badTickSpreads:
      body.badTickSpreads === undefined ? current.badTickSpreads : body.badTickSpreads,
    exposureLimitUsd:
      body.exposureLimitUsd === undefined ? current.exposureLimitUsd : body.exposureLimitUsd,
  };
}

export function makeInstrumentSettings({
  db,
  log,
  pollMs = SETTINGS_POLL_MS,
}: {
  db: Db;
  log?: FastifyBaseLogger;
  pollMs?: number;
}) {
  let rows = new Map<string, SettingsWithAuthor>();
  let specs = new Map<string, TradingSpec>();
  let latestId = 0;

  function apply(next: Map<string, SettingsWithAuthor>) {
    rows = next;
    specs = new Map(
      [...next.values()]
        .map((row) => {
          const catalogue = findSpec(row.symbol);
          return [row.symbol, catalogue ? effectiveSpec(catalogue, row) : undefined] as const;
        })
        .filter((entry): entry is readonly [string, TradingSpec] => entry[1] !== undefined),
    );
    latestId = Math.max(0, ...[...next.values()].map((row) => row.id));
  }

  async function reload(): Promise<void> {
    apply(new Map((await selectCurrentSettings(db)).map((row) => [row.symbol, row])));
  }

  const follower = followChanges({
    db,
    log,
    pollMs,
    what: 'instrument settings',
    latestId: selectLatestSettingsId,
    seenId: () => latestId,
    reload,
  });

  return {
    start: follower.start,
    stop: follower.stop,
    /** The spec orders, fills and prices use now: the catalogue's with the desk's settings. */
    spec(symbol: string): TradingSpec | undefined {
      return specs.get(symbol) ?? findSpec(symbol);
    },
    tradingEnabled(symbol: string): boolean {
      return rows.get(symbol)?.tradingEnabled ?? true;
    },
    markupPoints(symbol: string): number {
      return rows.get(symbol)?.spreadMarkupPoints ?? 0;
    },
    /** The book's largest net notional on the instrument, whole US$ (decision 135); null: none. */
    exposureLimitUsd(symbol: string): number | null {
      return rows.get(symbol)?.exposureLimitUsd ?? null;
    },
    /** The bad-tick filter's threshold in spreads (decision 134); null: off. */
    badTickSpreads(symbol: string): number | null {
      return rows.get(symbol)?.badTickSpreads ?? null;
    },
    /** The row in force (null: the catalogue's values), with who made it. */
    current(symbol: string): SettingsWithAuthor | null {
      return rows.get(symbol) ?? null;
    },
    /** Every catalogue instrument with its row in force. */
    all(): { catalogue: TradingSpec; settings: SettingsWithAuthor | null }[] {
      return TRADING_SPECS.map((catalogue) => ({
        catalogue,
        settings: rows.get(catalogue.symbol) ?? null,
      }));
    },
    /**
     * Writes a change in the caller's transaction (which audits it) and returns what was in
     * force before and after; `applied` makes it this instance's once the transaction commits.
     */
    async change(
      tx: Db,
      {
        symbol,
        body,
        staffId,
        effectiveAtMs,
      }: { symbol: string; body: InstrumentSettingsBody; staffId: string; effectiveAtMs: number },
    ): Promise<{ before: SpecSettings; after: SettingsRow }> {
      const catalogue = findSpec(symbol);
      if (!catalogue) throw new AppError('NOT_FOUND', 'Unknown instrument');
      const stored = await lockSymbolSettings(tx, symbol);
      const before = stored ?? catalogueSettings(catalogue);
      const next = nextSettings(catalogue, before, body);
      const after = await insertSettings(tx, {
        symbol,
        ...next,
        reason: body.reason,
        changedBy: staffId,
        effectiveAt: new Date(effectiveAtMs),
      });
      return { before, after };
    },
    /** After the change's transaction commits: in force on this instance at once. */
    applied(row: SettingsRow, changedByName: string): void {
      if (row.id <= (rows.get(row.symbol)?.id ?? 0)) return;
      apply(new Map(rows).set(row.symbol, { ...row, changedByName }));
    },
    /** The swap rates in force at a rollover, per symbol (§11.13: from the next rollover). */
    async swapRatesAt(
      handle: Db,
      rolloverMs: number,
    ): Promise<(spec: TradingSpec) => { long: number; short: number }> {
      const before = new Map(
        (await selectSettingsBefore(handle, rolloverMs)).map((row) => [row.symbol, row]),
      );
      return (spec) => {
        const row = before.get(spec.symbol);
        return row
          ? { long: row.swapLongHundredths, short: row.swapShortHundredths }
          : { long: spec.swapLongHundredths, short: spec.swapShortHundredths };
      };
    },
  };
}

export type InstrumentSettings = ReturnType<typeof makeInstrumentSettings>;
