// docs/product.md §11.3: 2026-11-29 is a Sunday, 2026-11-30 a Monday, 2026-12-04 a Friday.
import { describe, expect, it } from 'vitest';
import { candleBucket, changePercent } from './candles.js';
import {
  isInWeeklyWindow,
  isOpen,
  isTradingRollover,
  nextRolloverAfter,
  tradingDayOf,
} from './sessions.js';
import { findSpec } from './specs.js';

const t = (iso: string) => Date.parse(iso);
const MS = 1;

describe('weekly window: Sunday 21:00 to Friday 21:00 UTC', () => {
  it('opens on Sunday 21:00 exactly and closes on Friday 21:00 exactly', () => {
    expect(isInWeeklyWindow(t('2026-11-29T21:00:00Z') - MS)).toBe(false);
    expect(isInWeeklyWindow(t('2026-11-29T21:00:00Z'))).toBe(true);
    expect(isInWeeklyWindow(t('2026-12-02T03:00:00Z'))).toBe(true);
    expect(isInWeeklyWindow(t('2026-12-04T21:00:00Z') - MS)).toBe(true);
    expect(isInWeeklyWindow(t('2026-12-04T21:00:00Z'))).toBe(false);
    expect(isInWeeklyWindow(t('2026-12-05T12:00:00Z'))).toBe(false);
  });
});

describe('instrument hours', () => {
  const eurusd = findSpec('EURUSD')!;
  const eurczk = findSpec('EURCZK')!; // 07:17 - 14:14
  const usdnok = findSpec('USDNOK')!; // 21:15 - 20:57 (catalogue: 21:57)

  it('24h is the whole weekly window', () => {
    expect(isOpen(eurusd, t('2026-11-29T21:00:00Z'))).toBe(true);
    expect(isOpen(eurusd, t('2026-11-29T21:00:00Z') - MS)).toBe(false);
    expect(isOpen(eurusd, t('2026-12-01T21:30:00Z'))).toBe(true);
    expect(isOpen(eurusd, t('2026-12-04T21:00:00Z'))).toBe(false);
  });

  it('S < E is open from S to E on Monday to Friday', () => {
    expect(isOpen(eurczk, t('2026-11-30T07:17:00Z') - MS)).toBe(false);
    expect(isOpen(eurczk, t('2026-11-30T07:17:00Z'))).toBe(true);
    expect(isOpen(eurczk, t('2026-11-30T14:14:00Z') - MS)).toBe(true);
    expect(isOpen(eurczk, t('2026-11-30T14:14:00Z'))).toBe(false);
    expect(isOpen(eurczk, t('2026-12-04T10:00:00Z'))).toBe(true);
    expect(isOpen(eurczk, t('2026-11-29T10:00:00Z'))).toBe(false);
    expect(isOpen(eurczk, t('2026-11-28T10:00:00Z'))).toBe(false);
  });

  it('S > E runs overnight: from S on Sunday to Thursday until E the next day', () => {
    expect(isOpen(usdnok, t('2026-11-29T21:15:00Z') - MS)).toBe(false);
    expect(isOpen(usdnok, t('2026-11-29T21:15:00Z'))).toBe(true);
    expect(isOpen(usdnok, t('2026-11-30T20:57:00Z') - MS)).toBe(true);
    expect(isOpen(usdnok, t('2026-11-30T20:57:00Z'))).toBe(false);
    expect(isOpen(usdnok, t('2026-11-30T21:10:00Z'))).toBe(false);
    expect(isOpen(usdnok, t('2026-11-30T21:15:00Z'))).toBe(true);
    expect(isOpen(usdnok, t('2026-12-04T20:56:00Z'))).toBe(true);
    expect(isOpen(usdnok, t('2026-12-04T20:57:00Z'))).toBe(false);
    expect(isOpen(usdnok, t('2026-12-04T21:15:00Z'))).toBe(false); // no Friday start
    expect(isOpen(usdnok, t('2026-11-28T22:00:00Z'))).toBe(false);
  });
});

describe('rollover and trading day', () => {
  it('finds the next 21:00 UTC strictly after a time', () => {
    expect(nextRolloverAfter(t('2026-11-30T20:59:59.999Z'))).toBe(t('2026-11-30T21:00:00Z'));
    expect(nextRolloverAfter(t('2026-11-30T21:00:00Z'))).toBe(t('2026-12-01T21:00:00Z'));
    expect(nextRolloverAfter(t('2026-11-30T23:00:00Z'))).toBe(t('2026-12-01T21:00:00Z'));
  });

  it('names trading day D for [D−1 21:00, D 21:00)', () => {
    expect(tradingDayOf(t('2026-11-29T21:00:00Z'))).toBe('2026-11-30');
    expect(tradingDayOf(t('2026-11-30T21:00:00Z') - MS)).toBe('2026-11-30');
    expect(tradingDayOf(t('2026-11-30T21:00:00Z'))).toBe('2026-12-01');
  });

  it('counts Monday to Friday 21:00 as rollovers, not the weekend', () => {
    expect(isTradingRollover(t('2026-12-04T21:00:00Z'))).toBe(true);
    expect(isTradingRollover(t('2026-12-05T21:00:00Z'))).toBe(false);
    expect(isTradingRollover(t('2026-11-29T21:00:00Z'))).toBe(false);
    expect(isTradingRollover(t('2026-11-30T21:00:01Z'))).toBe(false);
  });
});

describe('candles (§11.16)', () => {
  it('puts intraday buckets on UTC multiples of the period', () => {
    const at = t('2026-11-30T10:37:42.123Z');
    expect(candleBucket('1m', at)).toBe(t('2026-11-30T10:37:00Z'));
    expect(candleBucket('5m', at)).toBe(t('2026-11-30T10:35:00Z'));
    expect(candleBucket('15m', at)).toBe(t('2026-11-30T10:30:00Z'));
    expect(candleBucket('1h', at)).toBe(t('2026-11-30T10:00:00Z'));
  });

  it('makes a day [21:00, 21:00) labelled by its date, with no Sunday stub', () => {
    expect(candleBucket('1d', t('2026-11-29T21:00:00Z'))).toBe(t('2026-11-30T00:00:00Z'));
    expect(candleBucket('1d', t('2026-11-30T20:59:59.999Z'))).toBe(t('2026-11-30T00:00:00Z'));
    expect(candleBucket('1d', t('2026-11-30T21:00:00Z'))).toBe(t('2026-12-01T00:00:00Z'));
  });

  it('states the change from the previous daily close in %, 2 decimals', () => {
    expect(changePercent(110130, 110000)).toBe('0.12');
    expect(changePercent(109582, 110000)).toBe('-0.38');
    expect(changePercent(110000, 110000)).toBe('0.00');
    expect(changePercent(10005, 10000)).toBe('0.05');
    expect(changePercent(200005, 200000)).toBe('0.00'); // 0.0025% rounds to 0.00
    expect(changePercent(200010, 200000)).toBe('0.01'); // 0.005% rounds half away from zero
    expect(changePercent(199990, 200000)).toBe('-0.01');
  });
});
