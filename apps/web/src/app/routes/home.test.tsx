import { render, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { installFakeApi } from '../../testing/fake-api';
import Home from './home';

function renderHome() {
  const router = createMemoryRouter([{ path: '/', element: <Home /> }], {
    initialEntries: ['/'],
  });
  return render(<RouterProvider router={router} />);
}

describe('home page (default demonstration content)', () => {
  it('has one h1, claims no regulation and says what is illustrative', () => {
    installFakeApi().on('GET /api/markets', 'pending');
    const { container } = renderHome();
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
    expect(container.textContent).not.toMatch(/regulated|authorised by|licensed|secured funds/i);
    expect(screen.getByRole('heading', { name: 'Transparent records' })).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Clear fees' })).toBeTruthy();
    expect(screen.getByText('Illustrative reviews')).toBeTruthy();
    expect(screen.getAllByText('Not available in this demonstration')).toHaveLength(3);
    expect(screen.getByText(/This site is a demonstration/)).toBeTruthy();
    expect(container.textContent).not.toMatch(/\bROI\b|daily return|% daily/i);
    // Before /api/markets answers, the widget shows the bundled quotes, labelled.
    expect(screen.getByRole('tab', { name: 'Popular' }).getAttribute('aria-selected')).toBe('true');
    const widget = screen.getByRole('region', { name: 'Global markets' });
    expect(within(widget).getByText('Sample data')).toBeTruthy();
  });

  it('links the steps to registration and login', () => {
    installFakeApi().on('GET /api/markets', 'pending');
    renderHome();
    expect(screen.getByRole('link', { name: 'LOGIN ACCOUNT' }).getAttribute('href')).toBe(
      '/userLogin',
    );
    for (const link of screen.getAllByRole('link', { name: 'OPEN LIVE ACCOUNT' })) {
      expect(link.getAttribute('href')).toBe('/userRegister');
    }
  });

  it('fills the ticker, chart summary and widget from /api/markets, labelled sample data', async () => {
    installFakeApi().on('GET /api/markets', {
      status: 200,
      body: {
        source: 'sample',
        asOf: '2020-02-07T21:00:00.000Z',
        tabs: [
          { tab: 'popular', quotes: [{ name: 'TEST/USD', bid: 1, ask: 2, changePercent: 0.5 }] },
        ],
        series: { symbol: 'BTC/USD', interval: '1d', points: [{ time: '2020-02-07', value: 9 }] },
      },
    });
    renderHome();
    const prices = await screen.findByRole('region', { name: 'Prices' });
    expect(await screen.findAllByText('TEST/USD')).toHaveLength(2); // ticker and widget
    expect(prices.textContent).toContain('Sample data');
    expect(prices.textContent).toContain('+0.50%');
    expect(screen.getByRole('figure').textContent).toContain(
      'BTC/USD daily closing prices from 2020-02-07',
    );
  });

  it('says "Simulated prices" when /api/markets serves the simulator\'s prices', async () => {
    installFakeApi().on('GET /api/markets', {
      status: 200,
      body: {
        source: 'simulated',
        asOf: '2026-03-02T08:00:00.000Z',
        tabs: [
          {
            tab: 'popular',
            quotes: [{ name: 'EUR/USD', bid: 1.1, ask: 1.1003, changePercent: 0 }],
          },
        ],
        series: { symbol: 'BTC/USD', interval: '1d', points: [{ time: '2026-03-02', value: 9 }] },
      },
    });
    renderHome();
    const prices = await screen.findByRole('region', { name: 'Prices' });
    await waitFor(() => expect(prices.textContent).toContain('Simulated prices'));
    expect(prices.textContent).not.toContain('Sample data');
    const widget = screen.getByRole('region', { name: 'Global markets' });
    expect(within(widget).getByText('Simulated prices')).toBeTruthy();
  });

  it('keeps the pre-rendered sample table when /api/markets fails', async () => {
    const api = installFakeApi().on('GET /api/markets', { status: 500, body: {} });
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    renderHome();
    await screen.findByText('Loading prices…');
    await waitFor(() =>
      expect(warn).toHaveBeenCalledWith('Failed to fetch market data', expect.anything()),
    );
    expect(api.requests.filter((r) => r.path === '/api/markets')).toHaveLength(1);
    expect(screen.getByText('BTC/USD', { selector: 'th' })).toBeTruthy();
  });
});
