import { MESSAGES } from '@brokerdesk/shared';
import type { DashboardResponse } from '@brokerdesk/shared';
import { screen, waitFor, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { dashboardResponse } from '../../../testing/dashboard-response';
import { installFakeApi, type FakeApi } from '../../../testing/fake-api';
import { renderAt } from '../../../testing/render';
import { subscription } from '../testing/subscription';
import { PackagesOverview } from './packages-overview';

function dashboard(balance: number): DashboardResponse {
  return dashboardResponse({
    finances: [{ deposited: balance, profit: 0, bonus: 0, refBonus: 0, balance }],
  });
}

const BASIC = subscription({
  startDate: '2026-03-03T10:00:00.000Z',
  endDate: '2026-03-10T10:00:00.000Z',
});

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

function subscribeButton(plan: string): HTMLButtonElement {
  return screen.getByRole('button', { name: `Subscribe to the ${plan} plan` });
}

/** The confirmation that comes before any money moves: its Subscribe sends the request. */
async function confirmSubscription(user: UserEvent, plan: string) {
  const dialog = await screen.findByRole('dialog', { name: `Subscribe to the ${plan} plan?` });
  await user.click(within(dialog).getByRole('button', { name: 'Subscribe' }));
}

function subscribeRequests() {
  return api.requests.filter((r) => r.method === 'POST' && r.path === '/api/subscriptions');
}

function renderPackages() {
  return renderAt(<PackagesOverview />, '/userDashboard/packages');
}

let api: FakeApi;

beforeEach(() => {
  api = installFakeApi();
  window.localStorage.setItem('user-token', 'tok-1');
  api.on('GET /api/userDashboard/send/', { status: 200, body: dashboard(1512.5) });
});

describe('Packages page', () => {
  it('shows the balance and the weekly and monthly plans, with no return promised', async () => {
    const { container } = renderPackages();

    expect(await screen.findByText('$1,512.50')).toBeTruthy();
    const weekly = screen.getByRole('region', { name: 'Weekly Plans' });
    const monthly = screen.getByRole('region', { name: 'Monthly Plans' });
    expect(within(weekly).getAllByRole('button', { name: /^Subscribe to the/ })).toHaveLength(4);
    expect(within(monthly).getAllByRole('button', { name: /^Subscribe to the/ })).toHaveLength(4);
    const basic = within(weekly).getByRole('heading', { name: 'Basic' }).closest('li');
    expect(basic?.textContent).toContain('$1,000.00');
    expect(basic?.textContent).toContain('Deposit bonus10%');
    expect(basic?.textContent).toContain('Duration1 week');
    const platinum = within(monthly).getByRole('heading', { name: 'Platinum' }).closest('li');
    expect(platinum?.textContent).toContain('Spreads from1.2');
    // A service the operator must provide: not shown by the default install (issue 16, item 2).
    expect(platinum?.textContent).not.toContain('Daily signals');
    expect(container.textContent).not.toMatch(/ROI|daily return|% daily|return on|guarantee/i);
  });

  it('asks first: plan, price, bonus and the balance left; Cancel sends nothing', async () => {
    const { user } = renderPackages();
    await screen.findByText('$1,512.50');
    await user.click(subscribeButton('Basic'));

    const dialog = await screen.findByRole('dialog', { name: 'Subscribe to the Basic plan?' });
    const figures = dialog.textContent ?? '';
    expect(figures).toContain('Basic (7 days)');
    expect(figures).toContain('Price, paid now from your balance$1,000.00');
    expect(figures).toContain('Deposit bonus, credited now$100.00 (10%)');
    expect(figures).toContain('Your available balance$1,512.50');
    // $1,512.50 − $1,000.00 + $100.00
    expect(figures).toContain('Left after subscribing$612.50');
    const cancel = within(dialog).getByRole('button', { name: 'Cancel' });
    expect(document.activeElement).toBe(cancel);

    await user.click(cancel);

    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(subscribeButton('Basic'));
    expect(subscribeRequests()).toHaveLength(0);
  });

  it('says the balance is short in the confirmation when it is', async () => {
    const { user } = renderPackages();
    await screen.findByText('$1,512.50');
    await user.click(subscribeButton('Gold'));

    const dialog = await screen.findByRole('dialog', { name: 'Subscribe to the Gold plan?' });
    expect(dialog.textContent).toContain('Your balance is less than the price.');
    expect(dialog.textContent).not.toContain('Left after subscribing');
  });

  it('posts {planId: "basic"} with the token and an Idempotency-Key, pending meanwhile', async () => {
    api.on('POST /api/subscriptions', 'pending');
    const { user } = renderPackages();
    await user.click(subscribeButton('Basic'));
    await confirmSubscription(user, 'Basic');

    const pending = await screen.findByRole('button', { name: 'Subscribing to the Basic plan…' });
    expect(pending.textContent).toBe('Subscribing…');
    expect((pending as HTMLButtonElement).disabled).toBe(true);
    expect(subscribeButton('Gold').disabled).toBe(true);
    const [request] = subscribeRequests();
    expect(request?.body).toEqual({ planId: 'basic' });
    expect(request?.headers.get('user-token')).toBe('tok-1');
    expect(request?.headers.get('Idempotency-Key')).toMatch(UUID);
  });

  it('opens the processing dialog with the plan name; Close returns focus to Subscribe', async () => {
    api.on('POST /api/subscriptions', {
      status: 201,
      body: { message: MESSAGES.subscription.success, subscription: BASIC },
    });
    const { user } = renderPackages();
    await screen.findByText('$1,512.50');
    await user.click(subscribeButton('Basic'));
    await confirmSubscription(user, 'Basic');

    const dialog = await screen.findByRole('dialog', { name: MESSAGES.subscription.processing });
    expect(dialog.textContent).toContain('Your Subscription is being processed!');
    expect(dialog.textContent).toContain('Basic');
    expect(dialog.textContent).toContain('Status: Active, until');
    expect(dialog.hasAttribute('open')).toBe(true);
    const close = within(dialog).getByRole('button', { name: 'Close' });
    expect(document.activeElement).toBe(close);

    await user.click(close);

    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(subscribeButton('Basic'));
  });

  it('re-reads the balance after subscribing', async () => {
    api.on('POST /api/subscriptions', {
      status: 201,
      body: { message: MESSAGES.subscription.success, subscription: BASIC },
    });
    const { user } = renderPackages();
    await screen.findByText('$1,512.50');
    api.on('GET /api/userDashboard/send/', { status: 200, body: dashboard(512.5) });
    await user.click(subscribeButton('Basic'));
    await confirmSubscription(user, 'Basic');

    expect(await screen.findByText('$512.50')).toBeTruthy();
  });

  it('says Insufficient funds with a Deposit link on a 409 INSUFFICIENT_FUNDS; Escape closes', async () => {
    api.on('POST /api/subscriptions', {
      status: 409,
      body: { message: 'Insufficient funds', code: 'INSUFFICIENT_FUNDS' },
    });
    const { user } = renderPackages();
    await user.click(subscribeButton('Gold'));
    await confirmSubscription(user, 'Gold');

    const dialog = await screen.findByRole('dialog', { name: 'Subscription Failed' });
    expect(within(dialog).getByText('Insufficient funds')).toBeTruthy();
    const deposit = within(dialog).getByRole('link', { name: 'Deposit' });
    expect(deposit.getAttribute('href')).toBe('/userDashboard/depositWithdrawal');

    await user.keyboard('{Escape}');

    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(subscribeButton('Gold'));
  });

  it('says the subscription failed on any other error, and a new press uses a new key', async () => {
    api.on('POST /api/subscriptions', { status: 500, body: { message: 'Internal error' } });
    const { user } = renderPackages();
    await user.click(subscribeButton('Basic'));
    await confirmSubscription(user, 'Basic');

    const dialog = await screen.findByRole('dialog', { name: 'Subscription Failed' });
    expect(dialog.textContent).toContain(MESSAGES.subscription.failure);
    expect(within(dialog).queryByRole('link', { name: 'Deposit' })).toBeNull();
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    await user.click(subscribeButton('Basic'));
    await confirmSubscription(user, 'Basic');
    await screen.findByRole('dialog', { name: 'Subscription Failed' });

    const keys = subscribeRequests().map((r) => r.headers.get('Idempotency-Key'));
    expect(keys).toHaveLength(2);
    expect(keys[0]).not.toBe(keys[1]);
  });

  it('follows the Deposit link to the deposit page', async () => {
    api.on('POST /api/subscriptions', {
      status: 409,
      body: { message: 'Insufficient funds', code: 'INSUFFICIENT_FUNDS' },
    });
    const { user } = renderPackages();
    await user.click(subscribeButton('Basic'));
    await confirmSubscription(user, 'Basic');
    const dialog = await screen.findByRole('dialog', { name: 'Subscription Failed' });
    await user.click(within(dialog).getByRole('link', { name: 'Deposit' }));

    await waitFor(() =>
      expect(screen.getByTestId('location').textContent).toBe('/userDashboard/depositWithdrawal'),
    );
  });
});
