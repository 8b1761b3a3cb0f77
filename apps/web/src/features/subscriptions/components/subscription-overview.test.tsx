import { MESSAGES } from '@brokerdesk/shared';
import { screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { installFakeApi, type FakeApi } from '../../../testing/fake-api';
import { renderAt } from '../../../testing/render';
import { subscription } from '../testing/subscription';
import { SubscriptionOverview } from './subscription-overview';

function facts(region: HTMLElement): Record<string, string> {
  const pairs: Record<string, string> = {};
  for (const row of region.querySelectorAll('dl > div')) {
    pairs[row.querySelector('dt')?.textContent ?? ''] = row.querySelector('dd')?.textContent ?? '';
  }
  return pairs;
}

let api: FakeApi;

beforeEach(() => {
  api = installFakeApi();
  window.localStorage.setItem('user-token', 'tok-1');
});

describe('Subscriptions page', () => {
  it("says 'No active subscriptions' with a link to the packages", async () => {
    api.on('GET /api/subscriptions', { status: 200, body: { items: [] } });
    renderAt(<SubscriptionOverview />, '/userDashboard/subscriptionTrade');

    expect(await screen.findByText(MESSAGES.empty.subscriptions)).toBeTruthy();
    const link = screen.getByRole('link', { name: /packages/i });
    expect(link.getAttribute('href')).toBe('/userDashboard/packages');
    expect(screen.queryByRole('table')).toBeNull();
    expect(api.requests[0]?.headers.get('user-token')).toBe('tok-1');
  });

  it('shows the newest subscription’s fields, then the others in a table', async () => {
    api.on('GET /api/subscriptions', {
      status: 200,
      body: {
        items: [
          subscription({
            id: 'sub-3',
            planId: 'vip',
            planName: 'VIP',
            amountMinor: 2_000_000,
            profitPercent: 12.5,
            durationDays: 30,
            startDate: '2026-03-03',
            endDate: '2026-04-02',
          }),
          subscription({
            id: 'sub-2',
            planName: 'Gold',
            amountMinor: 1_000_000,
            status: 'Completed',
            startDate: '2026-01-05',
            endDate: '2026-01-12',
          }),
          subscription({ id: 'sub-1', planName: 'Basic', status: 'Cancelled' }),
        ],
      },
    });
    renderAt(<SubscriptionOverview />, '/userDashboard/subscriptionTrade');

    const latest = await screen.findByRole('region', { name: 'Latest subscription' });
    expect(facts(latest)).toEqual({
      Plan: 'VIP',
      Amount: '$20,000.00',
      // A figure staff typed says so (issue 16).
      'Profit percentage': '12.5% (set by staff)',
      Duration: '30 days',
      Status: 'Active',
      'Start date': '3 March 2026',
      'End date': '2 April 2026',
    });
    expect(within(latest).getByText('Active').className).toContain('active');
    expect(within(latest).getByText('Active').className).not.toContain('inactive');

    const others = screen.getByRole('region', { name: 'Past and other subscriptions' });
    const rows = within(others).getAllByRole('row').slice(1);
    expect(rows.map((row) => row.querySelector('th')?.textContent)).toEqual(['Gold', 'Basic']);
    expect(rows[0]?.textContent).toContain('5 January 2026');
    expect(within(rows[0] as HTMLElement).getByText('Completed').className).toContain('inactive');
  });

  it('offers a retry when the list cannot be loaded', async () => {
    api.on('GET /api/subscriptions', { status: 403, body: { message: 'Forbidden' } });
    const { user } = renderAt(<SubscriptionOverview />, '/userDashboard/subscriptionTrade');

    const alert = await screen.findByRole('alert');
    api.on('GET /api/subscriptions', { status: 200, body: { items: [] } });
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));

    expect(await screen.findByText(MESSAGES.empty.subscriptions)).toBeTruthy();
  });
});
