import { candleBucket, CANDLE_PERIODS } from '@brokerdesk/shared/trading';
import type { CandlestickData, ISeriesApi, UTCTimestamp } from 'lightweight-charts';
import { useEffect, useId, useRef, useState } from 'react';
import { SelectField } from '../../../components/ui/select-field';
import { useCandles, type CandlePeriodName } from '../api/get-market';
import type { Candle } from '../api/types';
import type { LiveQuote } from '../hooks/use-quote-stream';
import { priceSourceLabel } from '../../../lib/price-source';

const PERIOD_NAMES: Record<CandlePeriodName, string> = {
  '1m': '1 minute',
  '5m': '5 minutes',
  '15m': '15 minutes',
  '1h': '1 hour',
  '1d': '1 day',
};

// The chart draws with numbers (lightweight-charts takes nothing else); it is a picture of the
// prices, never a source of them: the ticket and positions compute with integer points.
function toBar(candle: Candle): CandlestickData<UTCTimestamp> {
  return {
    time: Math.floor(Date.parse(candle.time) / 1000) as UTCTimestamp,
    open: Number(candle.open),
    high: Number(candle.high),
    low: Number(candle.low),
    close: Number(candle.close),
  };
}

/**
 * Candles from GET /api/trading/candles (built from the bid on the server), the last one moved
 * by the stream's quotes the way the server builds it (§11.16). lightweight-charts (~45 KB)
 * loads by dynamic import when the chart first shows, never with the portal's initial code.
 */
export function CandleChart({
  symbol,
  name,
  quote,
}: {
  symbol: string;
  name: string;
  quote: LiveQuote | undefined;
}) {
  const headingId = useId();
  const [period, setPeriod] = useState<CandlePeriodName>('1m');
  const candles = useCandles(symbol, period);
  const boxRef = useRef<HTMLDivElement>(null);
  const seriesRef = useRef<ISeriesApi<'Candlestick', UTCTimestamp> | null>(null);
  const lastRef = useRef<CandlestickData<UTCTimestamp> | null>(null);
  const [failed, setFailed] = useState(false);
  const data = candles.data;

  useEffect(() => {
    const box = boxRef.current;
    if (!box || !data) return;
    let cancelled = false;
    let remove: (() => void) | undefined;
    import('lightweight-charts')
      .then(({ createChart, CandlestickSeries }) => {
        if (cancelled) return;
        const chart = createChart(box, {
          autoSize: true,
          // The library's attribution is in the caption, as text.
          layout: {
            textColor: '#1f2937',
            background: { color: '#ffffff' },
            attributionLogo: false,
          },
          grid: { vertLines: { color: '#f3f4f6' }, horzLines: { color: '#e5e7eb' } },
          rightPriceScale: { borderVisible: false },
          timeScale: { borderVisible: false, timeVisible: true, secondsVisible: false },
        });
        const series = chart.addSeries(CandlestickSeries, {
          upColor: '#166534',
          downColor: '#991b1b',
          wickUpColor: '#166534',
          wickDownColor: '#991b1b',
          borderVisible: false,
        });
        const bars = data.candles.map(toBar);
        series.setData(bars);
        chart.timeScale().fitContent();
        seriesRef.current = series as ISeriesApi<'Candlestick', UTCTimestamp>;
        lastRef.current = bars.at(-1) ?? null;
        remove = () => chart.remove();
      })
      .catch(() => setFailed(true));
    return () => {
      cancelled = true;
      seriesRef.current = null;
      lastRef.current = null;
      remove?.();
    };
  }, [data]);

  // Each quote moves the current candle, or starts the next one.
  useEffect(() => {
    const series = seriesRef.current;
    if (!series || !quote || quote.symbol !== symbol) return;
    const timeMs = Date.parse(quote.time);
    if (Number.isNaN(timeMs)) return;
    const time = Math.floor(candleBucket(period, timeMs) / 1000) as UTCTimestamp;
    const bid = Number(quote.bid);
    const last = lastRef.current;
    let next: CandlestickData<UTCTimestamp>;
    if (last && last.time === time)
      next = { ...last, high: Math.max(last.high, bid), low: Math.min(last.low, bid), close: bid };
    else if (!last || last.time < time) next = { time, open: bid, high: bid, low: bid, close: bid };
    else return;
    lastRef.current = next;
    series.update(next);
  }, [quote, symbol, period]);

  const last = data?.candles.at(-1);
  const summary = !data
    ? candles.isError
      ? `The ${name} chart could not be loaded.`
      : `${name} chart: loading.`
    : last
      ? `${name}, ${PERIOD_NAMES[period]} candles of the bid: ${data.candles.length} shown, the last opened at ${last.open} and closed at ${last.close}.`
      : `${name}: no candles yet for this period.`;

  return (
    <section className="trade-card trade-chart" aria-labelledby={headingId}>
      <div className="trade-card-head">
        <h2 id={headingId} className="trade-card-title">
          {name} chart
        </h2>
        <span className="trade-source">{priceSourceLabel(data?.priceSource)}</span>
      </div>
      <SelectField
        label="Candle period"
        value={period}
        onChange={(event) => setPeriod(event.target.value as CandlePeriodName)}
        className="trade-period"
      >
        {CANDLE_PERIODS.map((p) => (
          <option key={p} value={p}>
            {PERIOD_NAMES[p]}
          </option>
        ))}
      </SelectField>
      <figure className="trade-chart-figure">
        <div ref={boxRef} className="trade-chart-box" aria-hidden="true" />
        <figcaption className="trade-chart-caption">
          {failed ? 'The chart could not be drawn. ' : ''}
          {summary} Chart drawn with{' '}
          <a href="https://www.tradingview.com/lightweight-charts/">
            TradingView Lightweight Charts™
          </a>
          .
        </figcaption>
      </figure>
    </section>
  );
}
