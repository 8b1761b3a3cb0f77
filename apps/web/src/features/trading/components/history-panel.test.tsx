import { screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { setToken } from '../../../lib/auth-tokens';
import { fetchedUrls, installFakeApi, type FakeApi } from '../../../testing/fake-api';
import { renderAt } from '../../../testing/render';
import type { TradingDeal } from '../api/types';
import { HistoryPanel } from './history-panel';

const DEALS_PATH = '/api/trading/accounts/7/deals';

/** Deals with ids from `first` down, newest first, each a close of 0.10 EUR/USD. */
function deals(first: number, count: number): TradingDeal[] {
  return Array.from({ length: count }, (_, i) => ({
    id: String(first - i),
    positionId: String(first - i),
    orderId: null,
    symbol: 'EURUSD',
    side: 'sell',
    volume: '0.10',
    price: `1.${String(10_000 + first - i).padStart(5, '0')}`,
    time: '2026-03-02T08:00:00.000Z',
    pnlMinor: 100,
    swapMinor: 0,
    entry: 'out',
    reason: 'client',
    closedBy: 'client',
  })) as TradingDeal[];
}

const NAMES = new Map([['EURUSD', 'EUR/USD']]);
let api: FakeApi;

beforeEach(() => {
  api = installFakeApi();
  setToken('user', 'token-1');
});

describe('HistoryPanel', () => {
  it('shows the newest 50 deals, then older ones 50 at a time until there are no more', async () => {
    // 120 deals: the newest page (120…71) came with the terminal; 70…21, then 20…1 on request.
    api.on(`GET ${DEALS_PATH}`, (request) => {
      const cursor = fetchedUrls(DEALS_PATH).at(-1)?.searchParams.get('cursor');
      expect(request.path).toBe(DEALS_PATH);
      return cursor === '71'
        ? { status: 200, body: { deals: deals(70, 50), nextCursor: '21' } }
        : { status: 200, body: { deals: deals(20, 20), nextCursor: null } };
    });
    const { user } = renderAt(
      <HistoryPanel accountId={7} deals={deals(120, 50)} nextCursor="71" names={NAMES} />,
      '/userDashboard/trade',
    );
    const rows = () => screen.getAllByRole('heading', { level: 3 });
    expect(rows()).toHaveLength(50);
    expect(fetchedUrls(DEALS_PATH)).toHaveLength(0); // nothing older until asked

    await user.click(screen.getByRole('button', { name: 'Show older deals' }));
    await waitFor(() => expect(rows()).toHaveLength(100));
    expect(rows()[50]?.textContent).toContain('1.10070');

    await user.click(screen.getByRole('button', { name: 'Show older deals' }));
    await waitFor(() => expect(rows()).toHaveLength(120));
    expect(fetchedUrls(DEALS_PATH).map((url) => url.searchParams.get('cursor'))).toEqual([
      '71',
      '21',
    ]);
    expect(screen.queryByRole('button', { name: 'Show older deals' })).toBeNull();
  });

  it('offers nothing more when the newest page holds every deal', () => {
    renderAt(
      <HistoryPanel accountId={7} deals={deals(3, 3)} nextCursor={null} names={NAMES} />,
      '/userDashboard/trade',
    );
    expect(screen.getAllByRole('heading', { level: 3 })).toHaveLength(3);
    expect(screen.queryByRole('button', { name: 'Show older deals' })).toBeNull();
  });

  it('shows a negative balance protection as a credit above the deals, with what it means', () => {
    renderAt(
      <HistoryPanel
        accountId={7}
        deals={deals(2, 2)}
        nextCursor={null}
        names={NAMES}
        protections={[{ id: '1', amountMinor: 368_000, time: '2026-03-02T08:00:00.000Z' }]}
      />,
      '/userDashboard/trade',
    );
    const protections = screen.getByRole('list', { name: 'Negative balance protection' });
    expect(protections.textContent).toContain('$3,680.00');
    expect(protections.textContent).toContain('you cannot lose more than you put in');
    const headings = screen.getAllByRole('heading', { level: 3 });
    expect(headings[0]?.textContent).toBe('Negative balance protection');
    expect(headings).toHaveLength(3);
  });
});
