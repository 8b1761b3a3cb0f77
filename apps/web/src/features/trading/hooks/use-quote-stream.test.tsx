import { act, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { backoffMs, FLUSH_MS, useQuoteStream, type LiveQuote } from './use-quote-stream';

/** A stand-in for the browser's EventSource that the test drives. */
class FakeEventSource {
  static instances: FakeEventSource[] = [];
  onopen: (() => void) | null = null;
  onerror: (() => void) | null = null;
  closed = false;
  private listeners = new Map<string, ((event: MessageEvent<string>) => void)[]>();
  constructor(readonly url: string) {
    FakeEventSource.instances.push(this);
  }
  addEventListener(type: string, listener: (event: MessageEvent<string>) => void) {
    this.listeners.set(type, [...(this.listeners.get(type) ?? []), listener]);
  }
  close() {
    this.closed = true;
  }
  emit(type: string, data: unknown) {
    const event = new MessageEvent<string>(type, { data: JSON.stringify(data) });
    for (const listener of this.listeners.get(type) ?? []) listener(event);
  }
}

function Probe({ seed }: { seed?: LiveQuote[] }) {
  const { quotes, state } = useQuoteStream(seed);
  return (
    <>
      <output data-testid="state">
        {state.status}
        {state.status === 'dropped' ? ` ${state.retryInSeconds}` : ''}
      </output>
      <output data-testid="eurusd">{quotes.get('EURUSD')?.bid ?? '—'}</output>
    </>
  );
}

const latest = () => FakeEventSource.instances.at(-1)!;
const text = (id: string) => screen.getByTestId(id).textContent;

beforeEach(() => {
  FakeEventSource.instances = [];
  vi.useFakeTimers();
  vi.stubGlobal('EventSource', FakeEventSource);
});
afterEach(() => {
  vi.useRealTimers();
});

describe('useQuoteStream', () => {
  it('listens to the public stream and shows quotes after the flush interval', () => {
    render(<Probe />);
    expect(latest().url).toBe('/api/trading/stream');
    act(() => latest().onopen?.());
    expect(text('state')).toBe('live');
    act(() =>
      latest().emit('quote', { symbol: 'EURUSD', bid: '1.10001', ask: '1.10031', time: 't1' }),
    );
    expect(text('eurusd')).toBe('—');
    act(() => vi.advanceTimersByTime(FLUSH_MS));
    expect(text('eurusd')).toBe('1.10001');
  });

  it('says the stream dropped and reconnects after 1 s, then 2 s, and resets after a success', () => {
    render(<Probe />);
    act(() => latest().onerror?.());
    expect(latest().closed).toBe(true);
    expect(text('state')).toBe('dropped 1');
    act(() => vi.advanceTimersByTime(999));
    expect(FakeEventSource.instances).toHaveLength(1);
    act(() => vi.advanceTimersByTime(1));
    expect(FakeEventSource.instances).toHaveLength(2);
    expect(text('state')).toBe('connecting');
    act(() => latest().onerror?.());
    expect(text('state')).toBe('dropped 2');
    act(() => vi.advanceTimersByTime(2000));
    expect(FakeEventSource.instances).toHaveLength(3);
    act(() => latest().onopen?.());
    act(() => latest().onerror?.());
    expect(text('state')).toBe('dropped 1');
  });

  it('backs off up to 30 s', () => {
    expect([0, 1, 2, 3, 4, 5, 6, 10].map(backoffMs)).toEqual([
      1000, 2000, 4000, 8000, 16000, 30000, 30000, 30000,
    ]);
  });

  it('ignores malformed events and closes the stream on unmount', () => {
    const { unmount } = render(<Probe />);
    act(() => {
      latest().emit('quote', { symbol: 'EURUSD', bid: 1.1 });
      vi.advanceTimersByTime(FLUSH_MS);
    });
    expect(text('eurusd')).toBe('—');
    const source = latest();
    unmount();
    expect(source.closed).toBe(true);
  });

  it('starts from the quotes snapshot, and a newer stream quote wins', () => {
    const seed = [
      { symbol: 'EURUSD', bid: '1.09990', ask: '1.10020', time: '2026-03-03T08:00:00Z' },
    ];
    render(<Probe seed={seed} />);
    act(() => vi.advanceTimersByTime(FLUSH_MS));
    expect(text('eurusd')).toBe('1.09990');
    act(() => {
      latest().emit('quote', {
        symbol: 'EURUSD',
        bid: '1.10005',
        ask: '1.10035',
        time: '2026-03-03T08:00:01Z',
      });
      vi.advanceTimersByTime(FLUSH_MS);
    });
    expect(text('eurusd')).toBe('1.10005');
  });
});
