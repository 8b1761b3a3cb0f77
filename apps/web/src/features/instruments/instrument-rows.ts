// The instrument tables of docs/origin.md §2, shaped for display from the origin's figures in the shared
// catalogue. Only presentation changes here (spacing, units); every figure carries over as is.
import {
  COMMODITY_FUTURES,
  ENERGY_AND_METALS,
  FOREX_INSTRUMENTS,
  SHARE_INDEXES,
  type ContractInstrument,
} from '@brokerdesk/shared';

export interface ForexRow {
  instrument: string;
  spread: string;
  leverage: string;
  tradingHours: string;
}

/** Shown where the origin quotes no ECN spread for an instrument. */
export const NOT_QUOTED = '—';

const tidy = (text: string) => text.trim().replace(/\s+/g, ' ');

/** '3(pips)' → '3 pips'. */
export function formatPips(spread: string): string {
  const match = /^\s*([\d.]+)\s*\(?\s*pips?\s*\)?\s*$/i.exec(spread);
  return match ? `${match[1]} pips` : tidy(spread);
}

/** '05:00 -15:00' → '05:00 - 15:00'; '24h' stays. */
export function formatHours(hours: string): string {
  return tidy(hours).replace(/\s*-\s*/g, ' - ');
}

export const forexRows: readonly ForexRow[] = FOREX_INSTRUMENTS.map((row) => ({
  instrument: tidy(row.instrument),
  spread: formatPips(row.spread),
  leverage: tidy(row.leverage),
  tradingHours: formatHours(row.tradingHours),
}));

const tidyContract = (row: ContractInstrument): ContractInstrument => ({
  instrument: tidy(row.instrument),
  spread: tidy(row.spread),
  ecnSpread: row.ecnSpread === undefined ? undefined : tidy(row.ecnSpread),
  leverage: tidy(row.leverage),
  contractSize: tidy(row.contractSize),
  minTrade: tidy(row.minTrade),
});

/** Energy carriers (UKOIL, USOIL). */
export const energyRows: readonly ContractInstrument[] = ENERGY_AND_METALS.map(tidyContract);

/**
 * Gold and silver. The origin lists them on its futures page; docs/origin.md §2 names them on the
 * energy-and-metals page too, so both pages show them from this one source.
 */
export const metalRows: readonly ContractInstrument[] = COMMODITY_FUTURES.filter((row) =>
  /XAU|XAG/.test(row.instrument),
).map(tidyContract);

export const carrierRows: readonly ContractInstrument[] = [...energyRows, ...metalRows];

export const futuresRows: readonly ContractInstrument[] = COMMODITY_FUTURES.map(tidyContract);

export const indexRows: readonly ContractInstrument[] = SHARE_INDEXES.map(tidyContract);
