import { MARKET_TABS, SAMPLE_MARKET_QUOTES } from '@brokerdesk/shared';
import type { MarketsResponse } from '@brokerdesk/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../../test/test-app.js';
import type { TestApp } from '../../test/test-app.js';
import { SAMPLE_SERIES_DAYS, generateSampleSeries } from './market-data-provider.js';

describe('GET /api/markets', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t.close());

  it('serves the bundled sample quotes for all four tabs, marked as sample, cached 60 s', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/markets' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('public, max-age=60');
    const body = response.json<MarketsResponse>();
    expect(body.source).toBe('sample');
    expect(Number.isNaN(Date.parse(body.asOf))).toBe(false);
    expect(body.tabs.map((entry) => entry.tab)).toEqual([...MARKET_TABS]);
    for (const entry of body.tabs) {
      expect(entry.quotes).toEqual(SAMPLE_MARKET_QUOTES[entry.tab]);
      expect(entry.quotes.length).toBeGreaterThan(0);
    }
  });

  it('serves a 90-day daily series that is the same on every request', async () => {
    const first = (
      await t.app.inject({ method: 'GET', url: '/api/markets' })
    ).json<MarketsResponse>();
    const second = (
      await t.app.inject({ method: 'GET', url: '/api/markets' })
    ).json<MarketsResponse>();
    expect(first.series.symbol).toBe('BTC/USD');
    expect(first.series.points).toHaveLength(SAMPLE_SERIES_DAYS);
    expect(second.series).toEqual(first.series);
    const days = first.series.points.map((point) => point.time);
    expect([...days].sort()).toEqual(days);
    expect(new Set(days).size).toBe(days.length);
    expect(first.series.points.every((point) => point.value > 0)).toBe(true);
    // The series ends on the day the sample quotes are dated.
    expect(days.at(-1)).toBe(first.asOf.slice(0, 10));
  });
});

describe('generateSampleSeries', () => {
  it('is deterministic for a seed and ends on the given value', () => {
    const options = { seed: 7, days: 5, endDay: new Date('2020-01-05T00:00:00Z'), endValue: 100 };
    const series = generateSampleSeries(options);
    expect(generateSampleSeries(options)).toEqual(series);
    expect(series.map((point) => point.time)).toEqual([
      '2020-01-01',
      '2020-01-02',
      '2020-01-03',
      '2020-01-04',
      '2020-01-05',
    ]);
    expect(series.at(-1)?.value).toBe(100);
    expect(generateSampleSeries({ ...options, seed: 8 })).not.toEqual(series);
  });
});
