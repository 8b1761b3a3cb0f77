// How the terminal writes and colours money that can be negative: a true minus sign (U+2212, the
// shared formatter's, as on the statement) and never a hyphen; green only above zero and red
// only below, so a zero P/L (an opening deal, a position at its open price) is neither.
import { screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { setToken } from '../../../lib/auth-tokens';
import { installFakeApi } from '../../../testing/fake-api';
import { renderAt } from '../../../testing/render';
import type { TradingAccount, TradingDeal, TradingPosition } from '../api/types';
import { AccountBar } from './account-bar';
import { HistoryPanel } from './history-panel';
import { PositionsPanel } from './positions-panel';

const MINUS = '\u2212';
const NAMES = new Map([['EURUSD', 'EUR/USD']]);
const PATH = '/userDashboard/trade';

function position(overrides: Partial<TradingPosition>): TradingPosition {
  return {
    id: '1',
    symbol: 'EURUSD',
    side: 'buy',
    volume: '0.10',
    openPrice: '1.10015',
    openTime: '2026-03-02T08:00:00.000Z',
    sl: null,
    tp: null,
    trailingPoints: null,
    marginMinor: 5_501,
    swapMinor: 0,
    floatingPnlMinor: 0,
    closePrice: '1.09985',
    ...overrides,
  };
}

function deal(overrides: Partial<TradingDeal>): TradingDeal {
  return {
    id: '1',
    positionId: '1',
    orderId: null,
    symbol: 'EURUSD',
    side: 'sell',
    volume: '0.10',
    price: '1.09985',
    time: '2026-03-02T08:00:00.000Z',
    pnlMinor: 0,
    swapMinor: 0,
    entry: 'out',
    reason: 'client',
    closedBy: 'client',
    ...overrides,
  };
}

beforeEach(() => {
  installFakeApi();
  setToken('user', 'token-1');
});

describe('the terminal’s signed money', () => {
  it('writes a position’s loss and swap with a minus sign and colours only gains and losses', async () => {
    const { user } = renderAt(
      <PositionsPanel
        accountId="7"
        positions={[
          position({ id: '1', floatingPnlMinor: -300, swapMinor: -45 }),
          position({ id: '2', volume: '0.20', floatingPnlMinor: 0 }),
          position({ id: '3', volume: '0.30', floatingPnlMinor: 150 }),
        ]}
        // No live quote: each position shows the server's last figure.
        quotes={new Map()}
        names={NAMES}
        priceSource="simulated"
        announce={() => {}}
      />,
      PATH,
    );
    const [loss, flat, gain] = screen.getAllByTestId('position-pnl');
    expect(loss?.textContent).toBe(`${MINUS}$3.00`);
    expect(loss?.className).toBe('trade-down');
    expect(flat?.textContent).toBe('$0.00');
    expect(flat?.className).toBe('');
    expect(gain?.textContent).toBe('$1.50');
    expect(gain?.className).toBe('trade-up');
    expect(screen.getByText(`${MINUS}$0.45`)).toBeTruthy();
    expect(document.body.textContent).not.toContain('-$');

    // The close dialog states the loss the same way.
    await user.click(screen.getByRole('button', { name: 'Close Buy 0.10 EUR/USD' }));
    const dialog = screen.getByRole('dialog');
    expect(within(dialog).getByText(`${MINUS}$3.00`).tagName).toBe('STRONG');
  });

  it('shows an opening deal’s $0.00 in neither green nor red, and a losing close in red', () => {
    renderAt(
      <HistoryPanel
        accountId={7}
        deals={[
          deal({ id: '3', pnlMinor: -300 }),
          deal({ id: '2', pnlMinor: 150, side: 'buy' }),
          deal({ id: '1', entry: 'in', reason: 'client', side: 'buy', price: '1.10015' }),
        ]}
        nextCursor={null}
        names={NAMES}
      />,
      PATH,
    );
    const pnl = screen
      .getAllByText('Profit/loss')
      .map((term) => term.nextElementSibling as HTMLElement);
    expect(pnl.map((figure) => [figure.textContent, figure.className])).toEqual([
      [`${MINUS}$3.00`, 'trade-down'],
      ['$1.50', 'trade-up'],
      ['$0.00', ''],
    ]);
  });

  it('writes a negative equity and free margin with a minus sign in the account bar', () => {
    const account: TradingAccount = {
      id: '7',
      kind: 'live',
      status: 'open',
      balanceMinor: 49_700,
      equityMinor: -1_500,
      usedMarginMinor: 5_501,
      freeMarginMinor: -7_001,
      marginLevel: null,
      withdrawableMinor: 0,
      marginCall: true,
    };
    renderAt(
      <AccountBar
        kind="live"
        onKindChange={() => {}}
        account={account}
        figures={null}
        loading={false}
        announce={() => {}}
      />,
      PATH,
    );
    const figure = (label: string) => screen.getByText(label).nextElementSibling?.textContent;
    expect(figure('Balance')).toBe('$497.00');
    expect(figure('Equity')).toBe(`${MINUS}$15.00`);
    expect(figure('Free margin')).toBe(`${MINUS}$70.01`);
  });
});
