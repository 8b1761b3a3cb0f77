import type { StaffOverview as Overview } from '@brokerdesk/shared';
import { screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { signInAsStaff, STAFF_TOKEN } from '../../../testing/back-office';
import { installFakeApi, type FakeApi } from '../../../testing/fake-api';
import { renderRoutes } from '../../../testing/render';
import { StaffOverview } from './staff-overview';

function overview(overrides: Partial<Overview> = {}): Overview {
  return {
    newClients: { today: 3, last7Days: 12, last30Days: 40 },
    pendingRequests: { total: 7, underOneHour: 2, underOneDay: 1, olderThanOneDay: 4 },
    deposits: { todayMinor: 50_000, monthMinor: 1_234_567 },
    withdrawals: { todayMinor: 0, monthMinor: 250_000 },
    openTickets: 5,
    daily: [
      { date: '2026-03-01', depositsMinor: 100_000, withdrawalsMinor: 0 },
      { date: '2026-03-02', depositsMinor: 0, withdrawalsMinor: 25_000 },
      { date: '2026-03-03', depositsMinor: 50_000, withdrawalsMinor: 10_000 },
    ],
    ...overrides,
  };
}

function renderOverview() {
  return renderRoutes([{ path: '/adminDashboard', element: <StaffOverview /> }], '/adminDashboard');
}

/** "Label: value" for each figure of a group. */
function figures(groupName: string): string[] {
  const group = screen.getByRole('region', { name: groupName });
  return within(group)
    .getAllByRole('term')
    .map((term) => `${term.textContent}: ${term.nextElementSibling?.textContent}`);
}

let api: FakeApi;
beforeEach(() => {
  api = installFakeApi();
  signInAsStaff(api, 'support');
});

describe('StaffOverview', () => {
  it('shows new clients, pending requests by age, money today and this month, open tickets', async () => {
    api.on('GET /api/staff/overview', { status: 200, body: overview() });
    renderOverview();

    await screen.findByRole('region', { name: 'New clients' });
    expect(figures('New clients')).toEqual(['Today: 3', 'Last 7 days: 12', 'Last 30 days: 40']);
    expect(figures('Pending requests by age')).toEqual([
      'Under 1 hour: 2',
      '1 to 24 hours: 1',
      'Over 24 hours: 4 Overdue',
    ]);
    expect(figures('Deposits')).toEqual(['Today: $500.00', 'This month: $12,345.67']);
    expect(figures('Withdrawals')).toEqual(['Today: $0.00', 'This month: $2,500.00']);
    expect(figures('Support')).toEqual(['Open tickets: 5']);
    expect(
      screen.getByRole('link', { name: 'Review 7 pending requests' }).getAttribute('href'),
    ).toBe('/adminDashboard/requests');
    expect(screen.getByRole('link', { name: 'Open the support inbox' }).getAttribute('href')).toBe(
      '/adminDashboard/support',
    );
    const older = screen.getByText('Over 24 hours').closest('div');
    expect(older?.className).toContain('bo-stat--alert');
    expect(
      api.requests.find((r) => r.path === '/api/staff/overview')?.headers.get('x-auth-token'),
    ).toBe(STAFF_TOKEN);
    expect(await screen.findByText(/signed in with the support role/)).toBeTruthy();
  });

  it('does not flag old requests when there are none', async () => {
    api.on('GET /api/staff/overview', {
      status: 200,
      body: overview({
        pendingRequests: { total: 1, underOneHour: 1, underOneDay: 0, olderThanOneDay: 0 },
      }),
    });
    renderOverview();
    await screen.findByRole('region', { name: 'Pending requests by age' });
    expect(screen.queryByText('Overdue')).toBeNull();
    expect(screen.getByRole('link', { name: 'Review 1 pending request' })).toBeTruthy();
  });

  it('gives the 30-day chart a text alternative: a summary and a table of every day', async () => {
    api.on('GET /api/staff/overview', { status: 200, body: overview() });
    renderOverview();

    const table = await screen.findByRole('table', {
      name: 'Deposits and withdrawals per day, last 30 days',
    });
    const rows = within(table)
      .getAllByRole('row')
      .slice(1)
      .map((row) => row.textContent);
    expect(rows).toEqual([
      '01-03-2026$1,000.00$0.00',
      '02-03-2026$0.00$250.00',
      '03-03-2026$500.00$100.00',
    ]);
    const figure = screen.getByRole('figure');
    expect(within(figure).getByText(/^From 01-03-2026 to 03-03-2026/).textContent).toBe(
      'From 01-03-2026 to 03-03-2026: deposits $1,500.00, withdrawals $350.00. Tallest bar: $1,000.00.',
    );
    // The drawing itself is hidden from assistive technology; the bars are to scale.
    const svg = figure.querySelector('svg');
    expect(svg?.getAttribute('aria-hidden')).toBe('true');
    const heights = Array.from(svg?.querySelectorAll('rect') ?? [], (rect) =>
      rect.getAttribute('height'),
    );
    expect(heights).toEqual(['160', '0', '0', '40', '80', '16']);
  });

  it('offers a retry when the overview cannot load', async () => {
    api.on('GET /api/staff/overview', { status: 404, body: { message: 'Not found' } });
    const { user } = renderOverview();
    expect(await screen.findByText('We could not load the overview.')).toBeTruthy();

    api.on('GET /api/staff/overview', { status: 200, body: overview() });
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('region', { name: 'New clients' })).toBeTruthy();
  });
});
