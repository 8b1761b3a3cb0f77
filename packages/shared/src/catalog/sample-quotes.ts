// Sample quotes carried over from the origin site for the markets widget. They are illustrative
// and must be labelled "sample data" wherever they are shown. Kept apart from the instrument
// tables so the home page loads only these few rows.
export interface MarketQuote {
  name: string;
  bid: number;
  ask: number;
  changePercent: number;
}

export type MarketTab = 'popular' | 'forex' | 'futures' | 'indexes';

export const SAMPLE_MARKET_QUOTES: Record<MarketTab, readonly MarketQuote[]> = {
  popular: [
    {
      name: 'BTC/USD',
      bid: 8812.66,
      ask: 8842.66,
      changePercent: 1.02,
    },
    {
      name: 'EUR/USD',
      bid: 1.11505,
      ask: 1.1152,
      changePercent: 0.22,
    },
    {
      name: 'GBP/USD',
      bid: 1.30291,
      ask: 1.30308,
      changePercent: 0.08,
    },
    {
      name: 'UK100',
      bid: 7628.95,
      ask: 7631.65,
      changePercent: -0.03,
    },
    {
      name: 'Crude OIL',
      bid: 57.95,
      ask: 58.01,
      changePercent: -0.38,
    },
  ],
  forex: [
    {
      name: 'EUR/JPY',
      bid: 122.535,
      ask: 122.554,
      changePercent: 0.12,
    },
    {
      name: 'AUD/USD',
      bid: 0.6903,
      ask: 0.69047,
      changePercent: -0.01,
    },
    {
      name: 'EUR/USD',
      bid: 1.11505,
      ask: 1.1152,
      changePercent: 0.22,
    },
    {
      name: 'GBP/USD',
      bid: 1.30291,
      ask: 1.30308,
      changePercent: 0.08,
    },
    {
      name: 'USD/JPY',
      bid: 109.887,
      ask: 109.9,
      changePercent: -0.1,
    },
  ],
  futures: [
    {
      name: 'Germany30',
      bid: 13409.55,
      ask: 13411.25,
      changePercent: -0.37,
    },
    {
      name: 'USA30',
      bid: 28507.0,
      ask: 28510.0,
      changePercent: 0.0,
    },
    {
      name: 'NAS100',
      bid: 8301.0,
      ask: 8302.0,
      changePercent: 0.0,
    },
    {
      name: 'S&P500',
      bid: 2798.0,
      ask: 2798.5,
      changePercent: 0.0,
    },
    {
      name: 'DollarIndex',
      bid: 96.955,
      ask: 96.97,
      changePercent: 0.0,
    },
  ],
  indexes: [
    {
      name: 'ChinaA50',
      bid: 14432.05,
      ask: 14467.05,
      changePercent: -0.7,
    },
    {
      name: 'Germany30',
      bid: 13316.0,
      ask: 13318.0,
      changePercent: 0.0,
    },
    {
      name: 'UK100',
      bid: 7628.95,
      ask: 7631.65,
      changePercent: -0.03,
    },
    {
      name: 'US30',
      bid: 29071.5,
      ask: 29074.5,
      changePercent: 0.32,
    },
    {
      name: 'NASDAQ100',
      bid: 9044.29,
      ask: 9046.09,
      changePercent: -0.07,
    },
  ],
};
