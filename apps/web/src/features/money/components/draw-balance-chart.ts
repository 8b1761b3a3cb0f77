// Loaded only through a dynamic import (balance-chart.tsx), so lightweight-charts and this file
// form their own chunk, fetched when a client with balance history opens the dashboard.
import { centsToDollars, type BalanceHistory } from '@brokerdesk/shared';
import { AreaSeries, createChart, type UTCTimestamp } from 'lightweight-charts';

const usd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });

/** Draws the balance line into `box`; returns the function that removes it. */
export function drawBalanceChart(box: HTMLElement, points: BalanceHistory['points']): () => void {
  const chart = createChart(box, {
    autoSize: true,
    // The attribution the library's licence asks for is in the caption, as text.
    layout: { textColor: '#1f2937', background: { color: '#ffffff' }, attributionLogo: false },
    // Axis labels only: the figures themselves come from the ledger in cents.
    localization: { priceFormatter: (price: number) => usd.format(price) },
    grid: { vertLines: { visible: false }, horzLines: { color: '#e5e7eb' } },
    rightPriceScale: { borderVisible: false },
    timeScale: { borderVisible: false, timeVisible: true },
    handleScroll: false,
    handleScale: false,
  });
  const series = chart.addSeries(AreaSeries, {
    lineColor: '#1d4ed8',
    topColor: 'rgba(29, 78, 216, 0.28)',
    bottomColor: 'rgba(29, 78, 216, 0.02)',
    lineWidth: 2,
    priceFormat: { type: 'price', precision: 2, minMove: 0.01 },
  });
  series.setData(chartData(points));
  chart.timeScale().fitContent();
  return () => chart.remove();
}

/**
 * One value per second, the last of that second: the chart needs strictly rising times, while the
 * caption and the table keep every point the server sent.
 */
export function chartData(
  points: BalanceHistory['points'],
): { time: UTCTimestamp; value: number }[] {
  const data: { time: UTCTimestamp; value: number }[] = [];
  for (const point of points) {
    const time = Math.floor(Date.parse(point.at) / 1000) as UTCTimestamp;
    const value = centsToDollars(point.balanceMinor);
    const previous = data.at(-1);
    if (previous && previous.time >= time) previous.value = value;
    else data.push({ time, value });
  }
  return data;
}
