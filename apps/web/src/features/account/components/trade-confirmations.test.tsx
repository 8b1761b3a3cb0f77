import { TRADING_MESSAGES } from '@brokerdesk/shared/trading';
import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { installFakeApi, type FakeApi } from '../../../testing/fake-api';
import { renderAt } from '../../../testing/render';
import {
  LOAD_PREFERENCES_FAILED,
  SAVE_PREFERENCE_FAILED,
  TradeConfirmations,
} from './trade-confirmations';

function region(): HTMLElement {
  return screen.getByRole('region', { name: 'E-mail notifications' });
}

function toggle(): HTMLInputElement {
  return within(region()).getByRole('switch', { name: 'Trade confirmations' });
}

function status(): string {
  return within(region()).getByRole('status').textContent ?? '';
}

function saves() {
  return api.requests.filter((request) => request.method === 'PUT');
}

let api: FakeApi;

beforeEach(() => {
  api = installFakeApi();
  window.localStorage.setItem('user-token', 'tok-1');
  api.on('GET /api/account/preferences', { status: 200, body: { tradeConfirmations: false } });
});

describe('Trade confirmations switch', () => {
  it('is a described switch, off until the client turns it on', async () => {
    renderAt(<TradeConfirmations />, '/userDashboard/account');
    await waitFor(() => expect(toggle().checked).toBe(false));
    const hint = document.getElementById(toggle().getAttribute('aria-describedby') ?? '');
    expect(hint?.textContent).toContain('each order filled and each position closed');
    expect(within(region()).getByText('Off')).toBeTruthy();
  });

  it('saves when flipped with the keyboard and announces the server’s answer', async () => {
    api.on('PUT /api/account/preferences', {
      status: 200,
      body: { tradeConfirmations: true, message: TRADING_MESSAGES.tradeConfirmationsOn },
    });
    const { user } = renderAt(<TradeConfirmations />, '/userDashboard/account');
    await waitFor(() => expect(toggle().checked).toBe(false));
    toggle().focus();
    await user.keyboard(' ');
    await waitFor(() => expect(status()).toBe(TRADING_MESSAGES.tradeConfirmationsOn));
    expect(toggle().checked).toBe(true);
    expect(document.activeElement).toBe(toggle());
    expect(saves().map((request) => request.body)).toEqual([{ tradeConfirmations: true }]);
  });

  it('shows the new position and “Saving…” while saving, and takes no second flip', async () => {
    api.on('PUT /api/account/preferences', 'pending');
    const { user } = renderAt(<TradeConfirmations />, '/userDashboard/account');
    await waitFor(() => expect(toggle().checked).toBe(false));
    await user.click(toggle());
    await waitFor(() => expect(status()).toBe('Saving…'));
    expect(toggle().checked).toBe(true);
    expect(toggle().getAttribute('aria-disabled')).toBe('true');
    await user.click(toggle());
    expect(toggle().checked).toBe(true);
    expect(saves()).toHaveLength(1);
  });

  it('puts the switch back and says so when the save fails', async () => {
    api.on('PUT /api/account/preferences', { status: 500, body: { message: 'Internal error' } });
    const { user } = renderAt(<TradeConfirmations />, '/userDashboard/account');
    await waitFor(() => expect(toggle().checked).toBe(false));
    await user.click(toggle());
    await waitFor(() => expect(status()).toBe(SAVE_PREFERENCE_FAILED));
    expect(toggle().checked).toBe(false);
  });

  it('offers to try again when the choice cannot be loaded', async () => {
    // A 429 (not retried by the query client): the panel shows at once.
    api.on('GET /api/account/preferences', {
      status: 429,
      body: { message: 'Too many requests', code: 'RATE_LIMITED' },
    });
    const { user } = renderAt(<TradeConfirmations />, '/userDashboard/account');
    await waitFor(() =>
      expect(within(region()).getByRole('button', { name: 'Try again' })).toBeTruthy(),
    );
    expect(region().textContent).toContain(LOAD_PREFERENCES_FAILED);
    expect(within(region()).queryByRole('switch')).toBeNull();
    api.on('GET /api/account/preferences', { status: 200, body: { tradeConfirmations: true } });
    await user.click(within(region()).getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(toggle().checked).toBe(true));
  });
});
