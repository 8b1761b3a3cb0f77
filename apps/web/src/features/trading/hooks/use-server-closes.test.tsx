import { renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { TradingDeal, TradingOrder } from '../api/types';
import { useServerCloses } from './use-server-closes';

const NAMES = new Map([['EURUSD', 'EUR/USD']]);

function deal(overrides: Partial<TradingDeal>): TradingDeal {
  return {
    id: '1',
    positionId: '1',
    orderId: null,
    symbol: 'EURUSD',
    side: 'buy',
    volume: '0.10',
    price: '1.09900',
    time: '2026-03-02T08:00:00.000Z',
    pnlMinor: 0,
    swapMinor: 0,
    entry: 'in',
    reason: 'client',
    closedBy: null,
    ...overrides,
  };
}

const pendingLimit = { id: '5', symbol: 'EURUSD' } as unknown as TradingOrder;

describe('useServerCloses', () => {
  it('announces a pending order filled on the server, a stop loss, never a market fill', () => {
    const announced: string[] = [];
    const announce = (text: string) => announced.push(text);
    type Props = { deals: TradingDeal[]; orders: TradingOrder[] };
    const { rerender } = renderHook(
      ({ deals, orders }: Props) => useServerCloses(deals, NAMES, announce, '7', orders),
      { initialProps: { deals: [deal({ id: '1', orderId: '2' })], orders: [pendingLimit] } },
    );
    expect(announced).toEqual([]); // what was there on load is not news

    rerender({
      deals: [
        deal({ id: '4', orderId: '9', side: 'sell', price: '1.09985' }), // a market order's fill
        deal({ id: '3', orderId: '5' }), // the pending buy limit, filled
        deal({ id: '1', orderId: '2' }),
      ],
      orders: [],
    });
    expect(announced).toEqual(['Pending order filled: bought 0.10 EUR/USD at 1.09900.']);

    rerender({
      deals: [
        deal({
          id: '6',
          positionId: '3',
          entry: 'out',
          reason: 'sl',
          side: 'sell',
          price: '1.09700',
          pnlMinor: -2000,
        }),
        deal({ id: '4', orderId: '9' }),
        deal({ id: '3', orderId: '5' }),
      ],
      orders: [],
    });
    expect(announced.at(-1)).toBe('Stop loss: closed 0.10 EUR/USD at 1.09700, \u2212$20.00.');
    expect(announced).toHaveLength(2);
  });
});
