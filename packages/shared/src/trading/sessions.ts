// Trading time (docs/product.md §11.3, §11.18-1): UTC throughout, rollover at 21:00, the week open from
// Sunday 21:00 to Friday 21:00, and each instrument's catalogue hours inside that window.
import type { TradingSpec } from './specs.js';

const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;
const DAY_MS = 24 * HOUR_MS;
/** Rollover time of day: 21:00 UTC. */
export const ROLLOVER_MINUTE = 21 * 60;
const ROLLOVER_MS = ROLLOVER_MINUTE * MINUTE_MS;
/** Shifting a time by this much maps trading day D's [D−1 21:00, D 21:00) onto calendar day D. */
const TRADING_DAY_SHIFT_MS = DAY_MS - ROLLOVER_MS;

function floorDiv(a: number, b: number): number {
  return Math.floor(a / b);
}

/** 0 = Sunday … 6 = Saturday (1970-01-01 was a Thursday). */
function weekdayOfDayNumber(dayNumber: number): number {
  return (((dayNumber + 4) % 7) + 7) % 7;
}

function dayNumber(timeMs: number): number {
  return floorDiv(timeMs, DAY_MS);
}

function minuteOfDay(timeMs: number): number {
  return floorDiv(timeMs - dayNumber(timeMs) * DAY_MS, MINUTE_MS);
}

/** Sunday 21:00 (inclusive) to Friday 21:00 (exclusive), UTC. */
export function isInWeeklyWindow(timeMs: number): boolean {
  const tradingWeekday = weekdayOfDayNumber(dayNumber(timeMs + TRADING_DAY_SHIFT_MS));
  return tradingWeekday >= 1 && tradingWeekday <= 5;
}

/** The trading day a time belongs to, 'YYYY-MM-DD': D for [D−1 21:00, D 21:00). Outside the
 * weekly window this still names the calendar day the same shift gives (a Saturday or Sunday). */
export function tradingDayOf(timeMs: number): string {
  return new Date(dayNumber(timeMs + TRADING_DAY_SHIFT_MS) * DAY_MS).toISOString().slice(0, 10);
}

/** The next 21:00:00.000 UTC strictly after `timeMs` (any weekday; swaps skip weekends). */
export function nextRolloverAfter(timeMs: number): number {
  const today = dayNumber(timeMs) * DAY_MS + ROLLOVER_MS;
  return today > timeMs ? today : today + DAY_MS;
}

/** True when a rollover at `timeMs` (a 21:00 UTC instant) ends a trading day, Mon–Fri. */
export function isTradingRollover(timeMs: number): boolean {
  if (timeMs - dayNumber(timeMs) * DAY_MS !== ROLLOVER_MS) return false;
  const weekday = weekdayOfDayNumber(dayNumber(timeMs));
  return weekday >= 1 && weekday <= 5;
}

/** The Monday–Friday rollovers T with afterMs < T ≤ untilMs, oldest first (swaps catch up). */
export function rolloversBetween(afterMs: number, untilMs: number): number[] {
  const found: number[] = [];
  for (let t = nextRolloverAfter(afterMs); t <= untilMs; t += DAY_MS) {
    if (isTradingRollover(t)) found.push(t);
  }
  return found;
}

/** Parsed catalogue hours: null = 24h, else minutes of the day [start, end). */
export interface SessionHours {
  startMinute: number;
  endMinute: number;
}

const HOURS_PATTERN = /^\s*(\d{1,2}):(\d{2})\s*-\s*(\d{1,2}):(\d{2})\s*$/;
const parsedHours = new Map<string, SessionHours | null>();

/** '24h' → null; 'HH:MM - HH:MM' → minutes; anything else throws (a catalogue bug). */
export function parseHours(hours: string): SessionHours | null {
  const cached = parsedHours.get(hours);
  if (cached !== undefined) return cached;
  let result: SessionHours | null;
  if (hours.trim() === '24h') {
    result = null;
  } else {
    const m = HOURS_PATTERN.exec(hours);
    if (!m) throw new Error(`Unreadable trading hours: ${hours}`);
    const startMinute = Number(m[1]) * 60 + Number(m[2]);
    const endMinute = Number(m[3]) * 60 + Number(m[4]);
    if (startMinute >= 24 * 60 || endMinute >= 24 * 60 || startMinute === endMinute) {
      throw new Error(`Unreadable trading hours: ${hours}`);
    }
    result = { startMinute, endMinute };
  }
  parsedHours.set(hours, result);
  return result;
}

/**
 * Whether the instrument's session is open at `timeMs` (half-open intervals). '24h' = the whole
 * weekly window; 'S - E' with S < E: Mon–Fri from S to E that day; S > E: from S on Sun–Thu to E
 * the next day (Mon–Fri). Always within the weekly window. Staleness is the engine's concern.
 */
export function isOpen(spec: Pick<TradingSpec, 'hours'>, timeMs: number): boolean {
  if (!isInWeeklyWindow(timeMs)) return false;
  const hours = parseHours(spec.hours);
  if (hours === null) return true;
  const weekday = weekdayOfDayNumber(dayNumber(timeMs));
  const minute = minuteOfDay(timeMs);
  const { startMinute, endMinute } = hours;
  if (startMinute < endMinute) {
    return weekday >= 1 && weekday <= 5 && minute >= startMinute && minute < endMinute;
  }
  const lateSession = weekday >= 0 && weekday <= 4 && minute >= startMinute;
  const earlySession = weekday >= 1 && weekday <= 5 && minute < endMinute;
  return lateSession || earlySession;
}
