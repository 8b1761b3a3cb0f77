import { screen } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { setToken } from '../../../lib/auth-tokens';
import { installFakeApi, type FakeApi } from '../../../testing/fake-api';
import { renderAt } from '../../../testing/render';
import { MarginCallBanner } from './margin-call-banner';

function account(kind: 'demo' | 'live', marginCall: boolean) {
  return {
    id: `${kind}-1`,
    kind,
    status: 'open',
    balanceMinor: 60_010,
    equityMinor: 55_010,
    usedMarginMinor: 55_010,
    freeMarginMinor: 0,
    marginLevel: '100.00',
    withdrawableMinor: 0,
    marginCall,
  };
}

let api: FakeApi;

beforeEach(() => {
  api = installFakeApi();
  setToken('user', 'token-1');
});

describe('MarginCallBanner', () => {
  it('warns on the dashboard while a trading account is in margin call, with a way to act', async () => {
    api.on('GET /api/trading/accounts', () => ({
      status: 200,
      body: [account('demo', false), account('live', true)],
    }));
    renderAt(<MarginCallBanner />, '/userDashboard');
    const banner = await screen.findByRole('alert');
    expect(banner.textContent).toContain('Margin call on your Live trading account');
    expect(banner.textContent).toContain('or move money in from your wallet.');
    expect(screen.getByRole('link', { name: 'Open the terminal' }).getAttribute('href')).toBe(
      '/userDashboard/trade',
    );
  });

  it('names every open account in margin call and leaves out an archived demo', async () => {
    api.on('GET /api/trading/accounts', () => ({
      status: 200,
      body: [{ ...account('demo', true), status: 'archived' }, account('live', true)],
    }));
    renderAt(<MarginCallBanner />, '/userDashboard');
    const banner = await screen.findByRole('alert');
    expect(banner.textContent).toContain('Margin call on your Live trading account:');
    expect(banner.textContent).not.toContain('Demo');
  });

  it('offers a reset, not a transfer, when only the demo account is in margin call', async () => {
    api.on('GET /api/trading/accounts', () => ({
      status: 200,
      body: [account('demo', true), account('live', false)],
    }));
    renderAt(<MarginCallBanner />, '/userDashboard');
    const banner = await screen.findByRole('alert');
    expect(banner.textContent).toContain('Margin call on your Demo trading account:');
    expect(banner.textContent).toContain('or reset the demo account.');
    expect(banner.textContent).not.toContain('wallet');
  });
});
