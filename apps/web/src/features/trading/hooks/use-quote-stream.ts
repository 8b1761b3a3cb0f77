import { useEffect, useRef, useState } from 'react';
import { env } from '../../../config/env';

/** A quote as the stream and GET /quotes carry it: decimal strings, ISO time. */
export interface LiveQuote {
  symbol: string;
  bid: string;
  ask: string;
  time: string;
}

export type StreamState =
  { status: 'connecting' } | { status: 'live' } | { status: 'dropped'; retryInSeconds: number };

/** Quotes reach React at most this often, however fast they arrive (~100 ticks/s simulated). */
export const FLUSH_MS = 250;
/** Reconnection waits 1 s, 2 s, 4 s … up to this. */
export const MAX_BACKOFF_MS = 30_000;

export function backoffMs(attempt: number): number {
  return Math.min(MAX_BACKOFF_MS, 1000 * 2 ** Math.max(0, attempt));
}

function isLiveQuote(value: unknown): value is LiveQuote {
  if (typeof value !== 'object' || value === null) return false;
  const v = value as Record<string, unknown>;
  return (
    typeof v.symbol === 'string' &&
    typeof v.bid === 'string' &&
    typeof v.ask === 'string' &&
    typeof v.time === 'string'
  );
}

/**
 * GET /api/trading/stream (public quotes, Server-Sent Events). Keeps the latest quote per symbol,
 * hands React a fresh map at most every FLUSH_MS, and reconnects with a doubling back-off when
 * the stream drops (the browser's own retry is replaced, so the page can say what is happening).
 * `seed` fills the map from GET /quotes before the first event arrives.
 */
export function useQuoteStream(seed: readonly LiveQuote[] | undefined) {
  const book = useRef(new Map<string, LiveQuote>());
  const [quotes, setQuotes] = useState<ReadonlyMap<string, LiveQuote>>(() => new Map());
  const [state, setState] = useState<StreamState>(() =>
    typeof EventSource === 'undefined'
      ? { status: 'dropped', retryInSeconds: 0 }
      : { status: 'connecting' },
  );
  const flushTimer = useRef<ReturnType<typeof setTimeout> | null>(null);

  const scheduleFlush = useRef(() => {
    if (flushTimer.current !== null) return;
    flushTimer.current = setTimeout(() => {
      flushTimer.current = null;
      setQuotes(new Map(book.current));
    }, FLUSH_MS);
  });

  useEffect(() => {
    if (!seed) return;
    let changed = false;
    for (const quote of seed) {
      const known = book.current.get(quote.symbol);
      // A stream event newer than the snapshot wins.
      if (!known || known.time < quote.time) {
        book.current.set(quote.symbol, {
          symbol: quote.symbol,
          bid: quote.bid,
          ask: quote.ask,
          time: quote.time,
        });
        changed = true;
      }
    }
    if (changed) scheduleFlush.current();
  }, [seed]);

  useEffect(() => {
    if (typeof EventSource === 'undefined') return;
    let source: EventSource | null = null;
    let retry: ReturnType<typeof setTimeout> | null = null;
    let attempt = 0;
    let stopped = false;

    const connect = () => {
      source = new EventSource(`${env.apiBaseUrl}/api/trading/stream`);
      source.onopen = () => {
        attempt = 0;
        setState({ status: 'live' });
      };
      source.addEventListener('quote', (event) => {
        let data: unknown;
        try {
          data = JSON.parse((event as MessageEvent<string>).data);
        } catch {
          return;
        }
        if (!isLiveQuote(data)) return;
        book.current.set(data.symbol, data);
        scheduleFlush.current();
      });
      source.onerror = () => {
        source?.close();
        source = null;
        if (stopped) return;
        const wait = backoffMs(attempt);
        attempt += 1;
        setState({ status: 'dropped', retryInSeconds: Math.round(wait / 1000) });
        retry = setTimeout(() => {
          setState({ status: 'connecting' });
          connect();
        }, wait);
      };
    };
    connect();
    return () => {
      stopped = true;
      source?.close();
      if (retry !== null) clearTimeout(retry);
      if (flushTimer.current !== null) clearTimeout(flushTimer.current);
      flushTimer.current = null;
    };
  }, []);

  return { quotes, state };
}
