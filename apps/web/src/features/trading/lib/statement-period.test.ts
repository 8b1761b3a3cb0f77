import { STATEMENT_MESSAGES } from '@brokerdesk/shared/trading';
import { describe, expect, it } from 'vitest';
import { isDay, monthOf, periodErrors, periodOf } from './statement-period';

describe('the statement period', () => {
  it('defaults to the UTC month of now, first to last day', () => {
    expect(monthOf(Date.parse('2026-03-17T12:00:00Z'))).toEqual({
      from: '2026-03-01',
      to: '2026-03-31',
    });
    expect(monthOf(Date.parse('2028-02-29T23:59:59Z'))).toEqual({
      from: '2028-02-01',
      to: '2028-02-29',
    });
  });

  it('sends the last day included: to is the midnight after it', () => {
    expect(periodOf({ from: '2026-03-01', to: '2026-03-31' })).toEqual({
      from: '2026-03-01T00:00:00.000Z',
      to: '2026-04-01T00:00:00.000Z',
    });
  });

  it('refuses what the API would, with the shared words', () => {
    expect(periodErrors({ from: '2026-03-01', to: '2026-03-01' })).toEqual({});
    expect(periodErrors({ from: '2026-03-02', to: '2026-03-01' })).toEqual({
      to: STATEMENT_MESSAGES.periodOrder,
    });
    expect(periodErrors({ from: '2028-01-01', to: '2028-12-31' })).toEqual({});
    expect(periodErrors({ from: '2027-01-01', to: '2028-01-01' })).toEqual({});
    expect(periodErrors({ from: '2027-01-01', to: '2028-01-02' })).toEqual({
      to: STATEMENT_MESSAGES.periodTooLong,
    });
    expect(periodErrors({ from: '', to: '2026-02-30' })).toEqual({
      from: 'Choose the first day',
      to: 'Choose the last day',
    });
    expect(isDay('2026-02-28')).toBe(true);
    expect(isDay('2026-02-29')).toBe(false);
  });
});
