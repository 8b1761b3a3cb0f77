import { screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { setToken } from '../../../lib/auth-tokens';
import { fetchedUrls, installFakeApi, type FakeApi } from '../../../testing/fake-api';
import { renderAt } from '../../../testing/render';
import { formatCents } from '@brokerdesk/shared';
import type { TradingDeal, TradingSwap } from '../api/types';
import { HistoryPanel } from './history-panel';

const DEALS_PATH = '/api/trading/accounts/7/deals';
const SWAPS_PATH = '/api/trading/accounts/7/swaps';

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

    await user.click(screen.getByRole('button', { name: 'Show older history' }));
    await waitFor(() => expect(rows()).toHaveLength(100));
    expect(rows()[50]?.textContent).toContain('1.10070');

    await user.click(screen.getByRole('button', { name: 'Show older history' }));
    await waitFor(() => expect(rows()).toHaveLength(120));
    expect(fetchedUrls(DEALS_PATH).map((url) => url.searchParams.get('cursor'))).toEqual([
      '71',
      '21',
    ]);
    expect(screen.queryByRole('button', { name: 'Show older history' })).toBeNull();
  });

  it('offers nothing more when the newest page holds every deal', () => {
    renderAt(
      <HistoryPanel accountId={7} deals={deals(3, 3)} nextCursor={null} names={NAMES} />,
      '/userDashboard/trade',
    );
    expect(screen.getAllByRole('heading', { level: 3 })).toHaveLength(3);
    expect(screen.queryByRole('button', { name: 'Show older history' })).toBeNull();
  });

  it('shows a corrected deal at its corrected price, with what it was and the desk’s reason', () => {
    const [deal] = deals(5, 1);
    const corrected = {
      ...deal,
      price: '1.10025',
      pnlMinor: 100,
      correction: {
        originalPrice: '1.09025',
        originalPnlMinor: -9_900,
        reason: 'Filled on a feed spike',
        time: '2026-03-02T09:00:00.000Z',
      },
    } as TradingDeal;
    renderAt(
      <HistoryPanel accountId={7} deals={[corrected]} nextCursor={null} names={NAMES} />,
      '/userDashboard/trade',
    );
    expect(screen.getByRole('heading', { level: 3 }).textContent).toContain('at 1.10025');
    const note = screen.getByText(/Corrected by the dealing desk/);
    expect(note.textContent).toContain('“Filled on a feed spike”');
    expect(note.textContent).toContain(
      `It was filled at 1.09025 with a profit/loss of ${formatCents(-9_900)}; that was reversed and the corrected amount posted.`,
    );
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

  it('shows each night’s swap as its own line among the deals, Wednesday’s as three nights', () => {
    const swaps: TradingSwap[] = [
      swap(2, '2026-03-04T21:00:00.000Z', -150, 3),
      swap(1, '2026-03-02T21:00:00.000Z', -50, 1),
    ];
    const twoDeals = deals(2, 2).map((deal, i) => ({
      ...deal,
      time: i === 0 ? '2026-03-05T09:00:00.000Z' : '2026-03-02T09:00:00.000Z',
    }));
    renderAt(
      <HistoryPanel
        accountId={7}
        deals={twoDeals}
        nextCursor={null}
        names={NAMES}
        swaps={swaps}
        swapsCursor={null}
      />,
      '/userDashboard/trade',
    );
    const titles = screen.getAllByRole('heading', { level: 3 }).map((h) => h.textContent);
    expect(titles).toEqual([
      'Sell 0.10 EUR/USD at 1.10002',
      'Swap · EUR/USD · buy 0.10',
      'Swap · EUR/USD · buy 0.10',
      'Sell 0.10 EUR/USD at 1.10001',
    ]);
    const [wednesday, monday] = screen
      .getAllByRole('listitem')
      .filter((item) => item.textContent?.startsWith('Swap'));
    expect(wednesday?.textContent).toContain(`Swap charged${formatCents(-150)}`);
    expect(wednesday?.textContent).toContain('3 (Wednesday counts the weekend)');
    expect(wednesday?.querySelector('time')?.getAttribute('datetime')).toBe(
      '2026-03-04T21:00:00.000Z',
    );
    expect(monday?.textContent).toContain(formatCents(-50));
    expect(monday?.textContent).not.toContain('Nights');
  });

  it('holds back older swaps until the deals of their nights are loaded', async () => {
    // The newest deal page ends on Thursday; Monday's swap waits for the older deals.
    api.on(`GET ${DEALS_PATH}`, {
      status: 200,
      body: {
        deals: [{ ...deals(1, 1)[0], time: '2026-03-02T09:00:00.000Z' }],
        nextCursor: null,
      },
    });
    const { user } = renderAt(
      <HistoryPanel
        accountId={7}
        deals={[{ ...deals(2, 1)[0]!, time: '2026-03-05T09:00:00.000Z' }]}
        nextCursor="2"
        names={NAMES}
        swaps={[swap(1, '2026-03-02T21:00:00.000Z', -50, 1)]}
        swapsCursor={null}
      />,
      '/userDashboard/trade',
    );
    expect(screen.getAllByRole('heading', { level: 3 })).toHaveLength(1);
    await user.click(screen.getByRole('button', { name: 'Show older history' }));
    await waitFor(() => expect(screen.getAllByRole('heading', { level: 3 })).toHaveLength(3));
    expect(screen.getAllByRole('heading', { level: 3 })[1]?.textContent).toBe(
      'Swap · EUR/USD · buy 0.10',
    );
    expect(fetchedUrls(SWAPS_PATH)).toHaveLength(0); // every swap was in the newest page
    expect(screen.queryByRole('button', { name: 'Show older history' })).toBeNull();
  });

  it('links to the account’s statement and to the trade confirmations switch', () => {
    renderAt(
      <HistoryPanel accountId={7} deals={[]} nextCursor={null} names={NAMES} />,
      '/userDashboard/trade',
    );
    expect(screen.getByRole('link', { name: 'Statement' }).getAttribute('href')).toBe(
      '/userDashboard/tradingStatement?account=7',
    );
    expect(screen.getByRole('link', { name: 'E-mail confirmations' }).getAttribute('href')).toBe(
      '/userDashboard/account',
    );
  });
});

function swap(
  id: number,
  rolloverAt: string,
  amountMinor: number,
  multiplier: number,
): TradingSwap {
  return {
    id: String(id),
    positionId: '1',
    symbol: 'EURUSD',
    side: 'buy',
    volume: '0.10',
    multiplier,
    amountMinor,
    rolloverAt,
  };
}
