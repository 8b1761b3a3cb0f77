// GET /api/trading/stream: Server-Sent Events of logged quotes (PRODUCT §11.19). Each
// connection gets the latest quote of its symbols at once, then `event: quote` for every tick,
// and a comment line at least every 15 s so proxies keep it open. Connections are counted per
// address (a limit answers 429) and all of them end cleanly when the app closes.
import { PassThrough } from 'node:stream';
import type { Tick } from './tick.js';
import { tickView } from './prices.service.js';

export const STREAM_KEEP_ALIVE_MS = 15_000;
/** Open streams one address may hold (a browser tab holds one). */
export const STREAM_MAX_PER_ADDRESS = 10;
/** A client this far behind (bytes buffered) is cut; it reconnects and starts fresh. */
const MAX_BUFFERED_BYTES = 1_000_000;

export interface StreamOptions {
  keepAliveMs?: number;
  maxPerAddress?: number;
}

interface OpenStream {
  stream: PassThrough;
  close(): void;
}

export function quoteEvent(tick: Pick<Tick, 'symbol' | 'bid' | 'ask' | 'timeMs'>): string {
  return `event: quote\ndata: ${JSON.stringify(tickView(tick))}\n\n`;
}

export function makeQuoteStreams({
  onTicks,
  latest,
  keepAliveMs = STREAM_KEEP_ALIVE_MS,
  maxPerAddress = STREAM_MAX_PER_ADDRESS,
}: {
  onTicks: (listener: (ticks: readonly Tick[]) => void) => () => void;
  latest: (symbol: string) => Tick | undefined;
} & StreamOptions) {
  const open = new Set<OpenStream>();
  const perAddress = new Map<string, number>();
  let closing = false;

  return {
    /** null when this address holds too many streams already (or the app is closing). */
    open({
      address,
      symbols,
      allSymbols,
    }: {
      address: string;
      symbols: readonly string[] | undefined;
      allSymbols: readonly string[];
    }): PassThrough | null {
      const held = perAddress.get(address) ?? 0;
      if (closing || held >= maxPerAddress) return null;
      perAddress.set(address, held + 1);
      const wanted = symbols ? new Set(symbols) : null;
      const stream = new PassThrough();
      let closed = false;

      const write = (text: string) => {
        if (closed) return;
        stream.write(text);
        if (stream.writableLength > MAX_BUFFERED_BYTES) entry.close();
      };
      const unsubscribe = onTicks((ticks) => {
        const text = ticks
          .filter((tick) => !wanted || wanted.has(tick.symbol))
          .map(quoteEvent)
          .join('');
        if (text) write(text);
      });
      const keepAlive = setInterval(() => write(`: keep-alive\n\n`), keepAliveMs);
      keepAlive.unref();

      const entry: OpenStream = {
        stream,
        close() {
          if (closed) return;
          closed = true;
          clearInterval(keepAlive);
          unsubscribe();
          open.delete(entry);
          const count = (perAddress.get(address) ?? 1) - 1;
          if (count <= 0) perAddress.delete(address);
          else perAddress.set(address, count);
          stream.end();
        },
      };
      open.add(entry);
      stream.on('close', entry.close);

      // The reconnect delay, then the latest quote of each symbol so a page can show prices now.
      const snapshot = (symbols ?? allSymbols)
        .map((symbol) => latest(symbol))
        .filter((tick): tick is Tick => tick !== undefined)
        .map(quoteEvent)
        .join('');
      write(`retry: 3000\n: connected\n\n${snapshot}`);
      return stream;
    },
    /** Ends every stream (the app is closing); new ones are refused from now on. */
    closeAll() {
      closing = true;
      for (const entry of [...open]) entry.close();
    },
    /** Ends a stream when its client goes away. */
    release(stream: PassThrough) {
      for (const entry of open) if (entry.stream === stream) entry.close();
    },
    count: () => open.size,
  };
}

export type QuoteStreams = ReturnType<typeof makeQuoteStreams>;
