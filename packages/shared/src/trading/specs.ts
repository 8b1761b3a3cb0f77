// One trading specification per catalogue row (docs/product.md §11.2 and its class table, with the
// choices of §11.18): 58 forex rows, BTC/USD, 2 energy, 4 metals and 8 indexes, in catalogue
// order. Derived from catalog/instruments.ts so the published tables and the engine agree.
import {
  COMMODITY_FUTURES,
  ENERGY_AND_METALS,
  FOREX_INSTRUMENTS,
  SHARE_INDEXES,
  type ContractInstrument,
  type ForexInstrument,
} from '../catalog/instruments.js';
import { SAMPLE_MARKET_QUOTES } from '../catalog/sample-quotes.js';
import { formatPoints } from './decimal.js';
import {
  addR,
  divR,
  mulR,
  parseDecimalRational,
  rational,
  roundHalfAwayFromZero,
  toSafeNumber,
  type Rational,
} from './rational.js';
import type { InstrumentClass } from './types.js';

export interface TradingSpec {
  symbol: string;
  displayName: string;
  class: InstrumentClass;
  base: string;
  quote: string;
  /** Decimals of a price; one point = 10^-digits. */
  digits: number;
  /** Pip size in points (forex and JPY 10, BTC 10, gold 1, silver 10, oil 1, indexes 100). */
  pipPoints: number;
  /** Pip size as a decimal string, e.g. "0.0001". */
  pipSize: string;
  spreadPoints: number;
  /** Display only (§11.18-4). */
  ecnSpreadPoints: number | null;
  /** Units of base per lot. */
  contractSize: number;
  /** Centilots. */
  minVolume: number;
  volumeStep: number;
  maxVolume: number;
  /** L of the catalogue's "1:L". */
  leverage: number;
  /** Lv, the minimum distance for pending prices, SL, TP and trailing; defaults to the spread. */
  stopsLevelPoints: number;
  /** Catalogue hours read as UTC: '24h' or 'HH:MM - HH:MM'. */
  hours: string;
  /** Swap per lot per night in hundredths of a point (−5.00 → −500); illustrative defaults. */
  swapLongHundredths: number;
  swapShortHundredths: number;
  /** Simulator anchor as a decimal string (§11.4); illustrative. */
  referencePrice: string;
}

interface ClassRules {
  digits: number;
  pipSize: string;
  contractSize: number;
  minVolume: number;
  volumeStep: number;
  maxVolume: number;
  swapLongHundredths: number;
  swapShortHundredths: number;
}

// The class table of §11.2 (volumes in centilots, swaps in hundredths of a point).
const FOREX: ClassRules = {
  digits: 5,
  pipSize: '0.0001',
  contractSize: 100_000,
  minVolume: 1,
  volumeStep: 1,
  maxVolume: 5_000,
  swapLongHundredths: -500,
  swapShortHundredths: -500,
};
const FOREX_JPY_HUF: ClassRules = { ...FOREX, digits: 3, pipSize: '0.01' };
const CRYPTO: ClassRules = {
  digits: 2,
  pipSize: '0.1',
  contractSize: 1,
  minVolume: 1,
  volumeStep: 1,
  maxVolume: 500,
  swapLongHundredths: -100_000,
  swapShortHundredths: -100_000,
};
const GOLD: ClassRules = {
  digits: 2,
  pipSize: '0.01',
  contractSize: 100,
  minVolume: 10,
  volumeStep: 1,
  maxVolume: 2_000,
  swapLongHundredths: -3_000,
  swapShortHundredths: -1_500,
};
const SILVER: ClassRules = { ...GOLD, digits: 3 };
const ENERGY: ClassRules = {
  digits: 2,
  pipSize: '0.01',
  contractSize: 100,
  minVolume: 10,
  volumeStep: 1,
  maxVolume: 5_000,
  swapLongHundredths: -500,
  swapShortHundredths: -500,
};
const INDEX: ClassRules = {
  digits: 2,
  pipSize: '1.00',
  contractSize: 1,
  minVolume: 1,
  volumeStep: 1,
  maxVolume: 10_000,
  swapLongHundredths: -5_000,
  swapShortHundredths: -5_000,
};

const INDEX_QUOTES: Record<string, string> = {
  AUS200: 'AUD',
  CAC40: 'EUR',
  DAX30: 'EUR',
  FTSE100: 'GBP',
  JPN225: 'JPY',
  USA30: 'USD',
  USA100: 'USD',
  USA500: 'USD',
};

// Illustrative anchors for instruments no sample quote names (§11.4): a plausible level of the
// sample quotes' era for each USD pair and non-currency factor. Crosses derive from their legs.
const ILLUSTRATIVE_REFERENCES: Record<string, string> = {
  USDCHF: '0.97000',
  NZDUSD: '0.66000',
  USDCAD: '1.31000',
  USDPLN: '3.85000',
  USDCZK: '22.80000',
  USDHUF: '300.000',
  USDNOK: '9.10000',
  USDSEK: '9.50000',
  USDTRY: '5.90000',
  USDRON: '4.28000',
  USDRUB: '63.50000',
  USDSGD: '1.35000',
  USDDKK: '6.70000',
  USDMXN: '18.90000',
  USDZAR: '14.50000',
  USDBRL: '4.10000',
  USDINR: '71.50000',
  USDCNH: '6.95000',
  USDILS: '3.45000',
  UKOIL: '62.00',
  XAUUSD: '1550.00',
  XAGUSD: '18.000',
  AUS200: '7000.00',
  CAC40: '6000.00',
  JPN225: '23500.00',
};

// Sample-quote names that are not symbols (§11.4, §11.18-16).
const SAMPLE_ALIASES: Record<string, string> = {
  UK100: 'FTSE100',
  Germany30: 'DAX30',
  US30: 'USA30',
  NAS100: 'USA100',
  'S&P500': 'USA500',
  'Crude OIL': 'USOIL',
};

function parseLeverage(text: string): number {
  const m = /^1:(\d+)$/.exec(text.trim());
  if (!m) throw new Error(`Unreadable leverage: ${text}`);
  return Number(m[1]);
}

/** Catalogue spread × pipSize ÷ point, which must be whole. */
function spreadToPoints(text: string, pipPoints: number): number {
  const m = /^\s*(\d+(?:\.\d+)?)/.exec(text);
  const value = m?.[1] === undefined ? null : parseDecimalRational(m[1]);
  if (value === null) throw new Error(`Unreadable spread: ${text}`);
  const points = mulR(value, rational(pipPoints));
  if (points.den !== 1n) throw new Error(`Spread ${text} is not a whole number of points`);
  return Number(points.num);
}

function pipPointsOf(rules: ClassRules): number {
  const pip = parseDecimalRational(rules.pipSize);
  if (pip === null) throw new Error(`Bad pip size ${rules.pipSize}`);
  return Number(mulR(pip, rational(10n ** BigInt(rules.digits))).num);
}

/** Catalogue hours in the form isOpen reads, with §11.18-9's USD/NOK reading. */
function normaliseHours(symbol: string, hours: string): string {
  if (symbol === 'USDNOK' && hours === '21:15 - 21:57') return '21:15 - 20:57';
  const m = /^\s*(\d{1,2}:\d{2})\s*-\s*(\d{1,2}:\d{2})\s*$/.exec(hours);
  return m ? `${m[1]} - ${m[2]}` : hours.trim();
}

type Draft = Omit<TradingSpec, 'referencePrice'>;

function draft(
  row: { symbol: string; displayName: string; class: InstrumentClass; base: string; quote: string },
  rules: ClassRules,
  source: { spread: string; ecnSpread?: string; leverage: string; hours: string },
): Draft {
  const pipPoints = pipPointsOf(rules);
  const spreadPoints = spreadToPoints(source.spread, pipPoints);
  return {
    ...row,
    digits: rules.digits,
    pipPoints,
    pipSize: rules.pipSize,
    spreadPoints,
    ecnSpreadPoints:
      source.ecnSpread === undefined ? null : spreadToPoints(source.ecnSpread, pipPoints),
    contractSize: rules.contractSize,
    minVolume: rules.minVolume,
    volumeStep: rules.volumeStep,
    maxVolume: rules.maxVolume,
    leverage: parseLeverage(source.leverage),
    stopsLevelPoints: spreadPoints,
    hours: normaliseHours(row.symbol, source.hours),
    swapLongHundredths: rules.swapLongHundredths,
    swapShortHundredths: rules.swapShortHundredths,
  };
}

/** A catalogue name's symbol: 'EUR/USD' → 'EURUSD', 'GOLD: XAUUSD' → 'XAUUSD', 'BP/TRY' → 'GBPTRY'. */
export function catalogueSymbol(name: string): string {
  const bare = name.trim().replace(/^(GOLD|SILVER):\s*/, '');
  const [base = '', quote] = bare.split('/');
  if (quote === undefined) return bare;
  return `${base === 'BP' ? 'GBP' : base}${quote}`; // §11.18-8
}

function forexDraft(row: ForexInstrument): Draft {
  const symbol = catalogueSymbol(row.instrument);
  const [rawBase = '', quote = ''] = row.instrument.split('/');
  const base = rawBase === 'BP' ? 'GBP' : rawBase;
  const crypto = base === 'BTC';
  const rules = crypto ? CRYPTO : quote === 'JPY' || quote === 'HUF' ? FOREX_JPY_HUF : FOREX;
  return draft(
    { symbol, displayName: `${base}/${quote}`, class: crypto ? 'crypto' : 'forex', base, quote },
    rules,
    { spread: row.spread, leverage: row.leverage, hours: row.tradingHours },
  );
}

function contractDraft(row: ContractInstrument, kind: 'energy' | 'metal' | 'index'): Draft {
  const symbol = catalogueSymbol(row.instrument);
  let base = symbol;
  let quote = 'USD';
  let rules = kind === 'energy' ? ENERGY : INDEX;
  if (kind === 'metal') {
    base = symbol.slice(0, 3);
    quote = symbol.slice(3);
    rules = base === 'XAG' ? SILVER : GOLD;
  } else if (kind === 'index') {
    const indexQuote = INDEX_QUOTES[symbol];
    if (indexQuote === undefined) throw new Error(`No quote currency for index ${symbol}`);
    quote = indexQuote;
  }
  const source = { spread: row.spread, leverage: row.leverage, hours: '24h' };
  return draft(
    { symbol, displayName: symbol, class: kind, base, quote },
    rules,
    row.ecnSpread === undefined ? source : { ...source, ecnSpread: row.ecnSpread },
  );
}

/** Exact value as a decimal string with at least `minDecimals` decimals (must terminate). */
function rationalToDecimal(r: Rational, minDecimals: number): string {
  for (let decimals = minDecimals; decimals <= minDecimals + 12; decimals += 1) {
    const scaled = r.num * 10n ** BigInt(decimals);
    if (scaled % r.den === 0n) return formatPoints(toSafeNumber(scaled / r.den), decimals);
  }
  throw new Error('Reference price does not terminate');
}

/** First sample row naming each symbol, tabs in order (§11.4): its exact mid. */
function sampleMids(): Map<string, Rational> {
  const mids = new Map<string, Rational>();
  for (const tab of ['popular', 'forex', 'futures', 'indexes'] as const) {
    for (const q of SAMPLE_MARKET_QUOTES[tab]) {
      const symbol = SAMPLE_ALIASES[q.name] ?? q.name.replace('/', '');
      const bid = parseDecimalRational(String(q.bid));
      const ask = parseDecimalRational(String(q.ask));
      if (mids.has(symbol) || bid === null || ask === null) continue;
      mids.set(symbol, divR(addR(bid, ask), rational(2)));
    }
  }
  return mids;
}

/** Symbols whose referencePrice is a sample quote's mid (the rest are illustrative levels). */
export const SAMPLE_ANCHORED_SYMBOLS: ReadonlySet<string> = new Set<string>();

function buildSpecs(): TradingSpec[] {
  const drafts: Draft[] = [
    ...FOREX_INSTRUMENTS.map(forexDraft),
    ...ENERGY_AND_METALS.map((row) => contractDraft(row, 'energy')),
    ...COMMODITY_FUTURES.map((row) => contractDraft(row, 'metal')),
    ...SHARE_INDEXES.map((row) => contractDraft(row, 'index')),
  ];
  const samples = sampleMids();
  const anchored = SAMPLE_ANCHORED_SYMBOLS as Set<string>;
  const known = new Map<string, Rational>();
  for (const d of drafts) {
    const sample = samples.get(d.symbol);
    const text = ILLUSTRATIVE_REFERENCES[d.symbol];
    if (sample !== undefined) anchored.add(d.symbol);
    const value = sample ?? (text === undefined ? undefined : parseDecimalRational(text));
    if (value) known.set(d.symbol, value);
  }
  // Value of one unit of a currency or metal in USD, from its USD pair's anchor.
  const usdValue = (asset: string): Rational | undefined => {
    if (asset === 'USD') return rational(1);
    const direct = known.get(`${asset}USD`);
    if (direct) return direct;
    const inverse = known.get(`USD${asset}`);
    return inverse ? divR(rational(1), inverse) : undefined;
  };
  return drafts.map((d) => {
    let value = known.get(d.symbol);
    if (value === undefined) {
      const base = usdValue(d.base);
      const quote = usdValue(d.quote);
      if (!base || !quote) throw new Error(`No reference price for ${d.symbol}`);
      const points = roundHalfAwayFromZero(
        mulR(divR(base, quote), rational(10n ** BigInt(d.digits))),
      );
      value = rational(points, 10n ** BigInt(d.digits));
    }
    return { ...d, referencePrice: rationalToDecimal(value, d.digits) };
  });
}

export const TRADING_SPECS: readonly TradingSpec[] = Object.freeze(buildSpecs());

const BY_SYMBOL = new Map(TRADING_SPECS.map((s) => [s.symbol, s]));

/** The spec of a symbol ('EURUSD'); undefined when the catalogue has none. */
export function findSpec(symbol: string): TradingSpec | undefined {
  return BY_SYMBOL.get(symbol);
}
