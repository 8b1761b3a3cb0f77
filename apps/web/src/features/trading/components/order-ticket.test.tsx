import { screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { setToken } from '../../../lib/auth-tokens';
import { installFakeApi, type FakeApi } from '../../../testing/fake-api';
import { renderAt } from '../../../testing/render';
import type { TradingInstrument } from '../api/types';
import type { LiveQuote } from '../hooks/use-quote-stream';
import { OrderTicket } from './order-ticket';

const EURUSD: TradingInstrument = {
  symbol: 'EURUSD',
  displayName: 'EUR/USD',
  class: 'forex',
  base: 'EUR',
  quote: 'USD',
  digits: 5,
  leverage: 200,
  maxVolume: '50.00',
  spreadPoints: 30,
  stopsLevelPoints: 30,
  tradingEnabled: true,
  open: true,
};

// PRODUCT §11.17 example 1: mid 1.10000, spread 30 points.
const QUOTES: ReadonlyMap<string, LiveQuote> = new Map([
  [
    'EURUSD',
    { symbol: 'EURUSD', bid: '1.09985', ask: '1.10015', time: '2026-03-02T08:00:00.000Z' },
  ],
]);
const ORDERS = 'POST /api/trading/accounts/7/orders';

let api: FakeApi;
let announced: string[];

function renderTicket(
  overrides: { instrument?: TradingInstrument; accountId?: number | null } = {},
) {
  announced = [];
  return renderAt(
    <OrderTicket
      accountId={overrides.accountId === undefined ? 7 : overrides.accountId}
      symbol="EURUSD"
      instrument={overrides.instrument ?? EURUSD}
      quotes={QUOTES}
      priceSource="replay"
      announce={(text) => announced.push(text)}
      now={() => Date.parse('2026-03-02T08:00:01.000Z')}
    />,
    '/userDashboard/trade',
  );
}

const input = (label: string) => screen.getByLabelText(label) as HTMLInputElement;
const figure = (term: string) =>
  screen.getByText(term, { selector: 'dt' }).nextElementSibling?.textContent;
const orderPosts = () => api.requests.filter((r) => `${r.method} ${r.path}` === ORDERS);

beforeEach(() => {
  api = installFakeApi();
  setToken('user', 'token-1');
});

describe('OrderTicket', () => {
  it('shows the margin and spread cost of buying 0.10 EUR/USD before sending (§11.17 example 1)', () => {
    renderTicket();
    expect(figure('Margin required')).toBe('$55.01');
    expect(figure('Spread cost')).toBe('$3.00');
    expect(screen.getByText('Simulated prices')).toBeTruthy();
  });

  it('recomputes the margin when the volume changes, and for a pending order at its price', async () => {
    const { user } = renderTicket();
    await user.clear(input('Volume (lots)'));
    await user.type(input('Volume (lots)'), '1');
    // ⌈100 × 100,000 × 110015 / (10^5 × 200)⌉ = 55,008 ¢.
    expect(figure('Margin required')).toBe('$550.08');
    await user.selectOptions(screen.getByLabelText('Order type'), 'limit');
    await user.type(input('Price'), '1.09000');
    // ⌈100 × 100,000 × 109000 / (10^5 × 200)⌉ = 54,500 ¢.
    expect(figure('Margin required')).toBe('$545.00');
  });

  it('refuses a volume off the step on its field and sends nothing', async () => {
    const { user } = renderTicket();
    await user.clear(input('Volume (lots)'));
    await user.type(input('Volume (lots)'), '0.001');
    await user.click(screen.getByRole('button', { name: /^Buy/ }));
    expect(input('Volume (lots)').getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByText(/Enter the volume in lots/)).toBeTruthy();
    expect(figure('Margin required')).toBe('—');
    expect(orderPosts()).toHaveLength(0);
  });

  it('refuses a stop loss above the bid on a buy, naming the highest valid level', async () => {
    const { user } = renderTicket();
    await user.type(input('Stop loss (optional)'), '1.09990');
    await user.click(screen.getByRole('button', { name: /^Buy/ }));
    // Reference for a buy is the bid 1.09985, less the stops level of 30 points.
    expect(screen.getByText('The stop loss must be at or below 1.09955.')).toBeTruthy();
    expect(orderPosts()).toHaveLength(0);
  });

  it('refuses a buy limit above the ask', async () => {
    const { user } = renderTicket();
    await user.selectOptions(screen.getByLabelText('Order type'), 'limit');
    await user.type(input('Price'), '1.20000');
    await user.click(screen.getByRole('button', { name: /^Buy/ }));
    expect(screen.getByText(/A buy limit must be at or below 1\.09985/)).toBeTruthy();
    expect(orderPosts()).toHaveLength(0);
  });

  it('sends a market buy with SL and TP and an Idempotency-Key, and announces the fill', async () => {
    api.on(ORDERS, {
      status: 201,
      body: {
        orders: [],
        position: {
          id: 1,
          symbol: 'EURUSD',
          side: 'buy',
          volume: '0.10',
          openPrice: '1.10015',
        },
      },
    });
    const { user } = renderTicket();
    await user.type(input('Stop loss (optional)'), '1.09500');
    await user.type(input('Take profit (optional)'), '1.11000');
    await user.click(screen.getByRole('button', { name: 'Buy 0.10 EUR/USD' }));
    await waitFor(() => expect(announced).toEqual(['Bought 0.10 EUR/USD at 1.10015.']));
    const [post] = orderPosts();
    expect(post?.body).toEqual({
      symbol: 'EURUSD',
      side: 'buy',
      type: 'market',
      volume: '0.10',
      sl: '1.09500',
      tp: '1.11000',
    });
    expect(post?.headers.get('Idempotency-Key')).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('shows the server’s refusal on the ticket and announces it', async () => {
    api.on(ORDERS, {
      status: 409,
      body: { code: 'INSUFFICIENT_MARGIN', message: 'Not enough free margin for this order.' },
    });
    const { user } = renderTicket();
    await user.click(screen.getByRole('button', { name: 'Buy 0.10 EUR/USD' }));
    expect(await screen.findByRole('alert')).toHaveProperty(
      'textContent',
      'Not enough free margin for this order.',
    );
    expect(announced).toEqual(['Order refused: Not enough free margin for this order.']);
  });

  it('sends each press with its own key, and keeps the button disabled while one is pending', async () => {
    api.on(ORDERS, 'pending');
    const { user } = renderTicket();
    await user.click(screen.getByRole('button', { name: 'Buy 0.10 EUR/USD' }));
    const sending = await screen.findByRole('button', { name: 'Sending…' });
    expect((sending as HTMLButtonElement).disabled).toBe(true);
    expect(orderPosts()).toHaveLength(1);
  });

  it('says the market is closed and disables sending', () => {
    renderTicket({ instrument: { ...EURUSD, open: false } });
    expect(screen.getByText(/market is closed/)).toBeTruthy();
    expect((screen.getByRole('button', { name: /^Buy/ }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('says the dealing desk suspended the instrument, and disables sending', () => {
    renderTicket({ instrument: { ...EURUSD, tradingEnabled: false } });
    expect(
      screen.getByText(
        'EUR/USD: The dealing desk has suspended new orders on this instrument. You can still close positions and cancel orders.',
      ),
    ).toBeTruthy();
    expect((screen.getByRole('button', { name: /^Buy/ }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('holds the volume to the maximum the desk set, not the catalogue’s', async () => {
    const { user } = renderTicket({ instrument: { ...EURUSD, maxVolume: '1.00' } });
    await user.clear(input('Volume (lots)'));
    await user.type(input('Volume (lots)'), '2');
    await user.click(screen.getByRole('button', { name: /^Buy/ }));
    expect(screen.getByText(/from 0\.01 to 1\.00 lots/)).toBeTruthy();
    expect(orderPosts()).toHaveLength(0);
  });

  it('asks for an account first', () => {
    renderTicket({ accountId: null });
    expect(screen.getByText('Open a demo or live account to trade.')).toBeTruthy();
  });
});

describe('OrderTicket, one cancels the other', () => {
  it('sends two pending orders as one OCO request, the second checked like the first', async () => {
    api.on(ORDERS, {
      status: 201,
      body: {
        orders: [
          { id: '11', side: 'buy', type: 'stop', volume: '0.10', price: '1.10200' },
          { id: '12', side: 'sell', type: 'stop', volume: '0.10', price: '1.09800' },
        ],
      },
    });
    const { user } = renderTicket();
    await user.selectOptions(screen.getByLabelText('Order type'), 'stop');
    await user.type(input('Price'), '1.10200');
    await user.click(screen.getByLabelText('Add a second order: one cancels the other (OCO)'));
    // A sell stop above the bid cannot be placed: said on its field, nothing sent.
    await user.type(input('Second order price'), '1.10100');
    await user.click(screen.getByRole('button', { name: /^Buy/ }));
    expect(screen.getByText(/A sell stop must be at or below 1\.09955/)).toBeTruthy();
    expect(orderPosts()).toHaveLength(0);

    await user.clear(input('Second order price'));
    await user.type(input('Second order price'), '1.09800');
    await user.click(screen.getByRole('button', { name: /^Buy/ }));
    await waitFor(() => expect(orderPosts()).toHaveLength(1));
    expect(orderPosts()[0]?.body).toEqual({
      oco: true,
      orders: [
        {
          symbol: 'EURUSD',
          side: 'buy',
          type: 'stop',
          volume: '0.10',
          price: '1.10200',
          timeInForce: 'GTC',
        },
        {
          symbol: 'EURUSD',
          side: 'sell',
          type: 'stop',
          volume: '0.10',
          price: '1.09800',
          timeInForce: 'GTC',
        },
      ],
    });
    await waitFor(() =>
      expect(announced).toEqual([
        'Buy stop 0.10 EUR/USD at 1.10200 and sell stop at 1.09800 placed: when one fills, the other is cancelled.',
      ]),
    );
  });
});
