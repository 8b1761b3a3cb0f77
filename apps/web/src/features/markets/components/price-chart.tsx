import type { PricePoint } from '@brokerdesk/shared';
import { useEffect, useRef, useState } from 'react';
import { SampleBadge } from './sample-badge';

export interface PriceChartProps {
  symbol: string;
  /** null until /api/markets answers. */
  points: readonly PricePoint[] | null;
  sample: boolean;
  /** The badge's words while `sample` (default "Sample data"). */
  label?: string;
}

/** How far before the chart scrolls into view its library starts loading. */
export const CHART_ROOT_MARGIN = '200px';

export function describeSeries(symbol: string, points: readonly PricePoint[]): string {
  const first = points[0];
  const last = points.at(-1);
  if (!first || !last) return `${symbol} daily closing prices: no data.`;
  const values = points.map((point) => point.value);
  return (
    `${symbol} daily closing prices from ${first.time} to ${last.time}: ` +
    `${first.value} at the start, ${last.value} at the end, ` +
    `lowest ${Math.min(...values)}, highest ${Math.max(...values)}.`
  );
}

/**
 * A line chart drawn by lightweight-charts, whose ~45 KB load only when the chart nears the
 * viewport (IntersectionObserver + dynamic import), never in the page's initial bundle. The box
 * keeps its height from the first paint, and a text summary describes the data.
 */
export function PriceChart({ symbol, points, sample, label }: PriceChartProps) {
  const boxRef = useRef<HTMLDivElement>(null);
  const [near, setNear] = useState(false);

  useEffect(() => {
    const box = boxRef.current;
    if (!box || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) {
          setNear(true);
          observer.disconnect();
        }
      },
      { rootMargin: CHART_ROOT_MARGIN },
    );
    observer.observe(box);
    return () => observer.disconnect();
  }, []);

  useEffect(() => {
    const box = boxRef.current;
    if (!near || !points || points.length === 0 || !box) return;
    let cancelled = false;
    let remove: (() => void) | undefined;
    import('lightweight-charts')
      .then(({ createChart, AreaSeries }) => {
        if (cancelled) return;
        const chart = createChart(box, {
          autoSize: true,
          // The attribution the library's licence asks for is in the caption, as text, so the
          // drawing itself holds nothing focusable and can stay hidden from assistive technology.
          layout: {
            textColor: '#1f2937',
            background: { color: '#ffffff' },
            attributionLogo: false,
          },
          grid: { vertLines: { visible: false }, horzLines: { color: '#e5e7eb' } },
          rightPriceScale: { borderVisible: false },
          timeScale: { borderVisible: false },
          handleScroll: false,
          handleScale: false,
        });
        const series = chart.addSeries(AreaSeries, {
          lineColor: '#1d4ed8',
          topColor: 'rgba(29, 78, 216, 0.28)',
          bottomColor: 'rgba(29, 78, 216, 0.02)',
          lineWidth: 2,
        });
        series.setData(points.map((point) => ({ time: point.time, value: point.value })));
        chart.timeScale().fitContent();
        remove = () => chart.remove();
      })
      .catch((error: unknown) => console.warn('Failed to load the price chart', error));
    return () => {
      cancelled = true;
      remove?.();
    };
  }, [near, points]);

  const summary = points ? describeSeries(symbol, points) : `${symbol} price chart: loading.`;

  return (
    <section className="price-chart" aria-labelledby="price-chart-title">
      <div className="container">
        <div className="markets-head">
          <h2 id="price-chart-title">{symbol} price</h2>
          {sample ? <SampleBadge label={label} /> : null}
        </div>
        <figure className="price-chart-figure" aria-label={`${symbol} price chart`}>
          <div ref={boxRef} className="price-chart-box" aria-hidden="true" />
          <figcaption className="price-chart-caption">
            {summary} Chart drawn with{' '}
            <a href="https://www.tradingview.com/lightweight-charts/">
              TradingView Lightweight Charts™
            </a>
            .
          </figcaption>
        </figure>
      </div>
    </section>
  );
}
