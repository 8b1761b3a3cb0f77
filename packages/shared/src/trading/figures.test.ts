import { describe, expect, it } from 'vitest';
import {
  compareStopOutPriority,
  fillKeepsFreeMargin,
  marginLevelText,
  negativeBalanceCreditMinor,
} from './figures.js';
import { rolloversBetween } from './sessions.js';

describe('margin check of a fill (§11.7)', () => {
  const positions = [{ marginMinor: 5_000, floatingPnlMinor: -1_000 }];

  it('accepts while free margin after the fill stays above zero, and not at exactly zero', () => {
    // balance 10,000 − 1,000 P/L − 5,000 margin = 4,000 free before the new position.
    const fill = (marginMinor: number, floatingPnlMinor: number) =>
      fillKeepsFreeMargin({
        balanceMinor: 10_000,
        positions,
        added: { marginMinor, floatingPnlMinor },
      });
    expect(fill(3_699, -300)).toBe(true);
    expect(fill(3_700, -300)).toBe(false);
    expect(fill(4_000, 0)).toBe(false);
  });
});

describe('stop-out order (§11.12)', () => {
  it('takes the largest loss first, then the larger margin, then the lower id', () => {
    const positions = [
      { id: 4, floatingPnlMinor: -500, marginMinor: 100 },
      { id: 2, floatingPnlMinor: -900, marginMinor: 100 },
      { id: 3, floatingPnlMinor: -500, marginMinor: 300 },
      { id: 1, floatingPnlMinor: -500, marginMinor: 100 },
      { id: 5, floatingPnlMinor: 200, marginMinor: 900 },
    ];
    expect([...positions].sort(compareStopOutPriority).map((p) => p.id)).toEqual([2, 3, 1, 4, 5]);
  });

  it('compares digit-string ids as numbers', () => {
    const a = { id: '10', floatingPnlMinor: 0, marginMinor: 0 };
    const b = { id: '9', floatingPnlMinor: 0, marginMinor: 0 };
    expect(compareStopOutPriority(a, b)).toBe(1);
  });
});

describe('negative balance protection (§11.12)', () => {
  it('credits exactly the deficit of a flat account, nothing while positions are open', () => {
    expect(negativeBalanceCreditMinor(-368_000, 0)).toBe(368_000);
    expect(negativeBalanceCreditMinor(-368_000, 1)).toBe(0);
    expect(negativeBalanceCreditMinor(0, 0)).toBe(0);
  });
});

describe('margin level text', () => {
  it('truncates toward zero and is null without margin', () => {
    expect(marginLevelText(17_000, 86_762)).toBe('19.59');
    expect(marginLevelText(-1, 1_000_000)).toBe('0.00');
    expect(marginLevelText(100, 0)).toBeNull();
  });
});

describe('rollovers between two times', () => {
  it('lists Monday–Friday 21:00 UTC instants in (after, until], skipping the weekend', () => {
    const t = (iso: string) => Date.parse(iso);
    expect(rolloversBetween(t('2026-12-03T21:00:00Z'), t('2026-12-08T21:00:00Z'))).toEqual([
      t('2026-12-04T21:00:00Z'),
      t('2026-12-07T21:00:00Z'),
      t('2026-12-08T21:00:00Z'),
    ]);
    expect(rolloversBetween(t('2026-12-04T21:00:00Z'), t('2026-12-06T23:00:00Z'))).toEqual([]);
  });
});
