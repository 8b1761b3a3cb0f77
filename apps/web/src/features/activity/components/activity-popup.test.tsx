import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { installFakeApi } from '../../../testing/fake-api';
import {
  ACTIVITY_POLL_MS,
  ACTIVITY_VISIBLE_MS,
  ActivityPopup,
  describeActivity,
} from './activity-popup';

const GERMANY = { kind: 'account-opened', country: 'Germany', at: '2026-01-01T10:00:00.000Z' };
const KENYA = { kind: 'account-opened', country: 'Kenya', at: '2026-01-01T09:58:00.000Z' };

/** Lets the pending fetch promise chain settle under fake timers. */
async function flush(ms = 0) {
  await act(async () => {
    await vi.advanceTimersByTimeAsync(ms);
  });
}

const activityRequests = (api: ReturnType<typeof installFakeApi>) =>
  api.requests.filter((r) => r.path === '/api/activity/recent').length;

describe('ActivityPopup', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    vi.setSystemTime(new Date('2026-01-01T10:01:00.000Z'));
  });
  afterEach(() => vi.useRealTimers());

  it('renders nothing before the first answer', () => {
    const api = installFakeApi().on('GET /api/activity/recent', 'pending');
    const { container } = render(<ActivityPopup />);
    expect(container.innerHTML).toBe('');
    expect(activityRequests(api)).toBe(1);
  });

  it('shows an event, hides it after 8 s and fetches again at 20 s', async () => {
    const api = installFakeApi().on('GET /api/activity/recent', {
      status: 200,
      body: { enabled: true, events: [GERMANY, KENYA] },
    });
    render(<ActivityPopup />);
    await flush();
    const region = screen.getByRole('status');
    expect(region.getAttribute('aria-live')).toBe('polite');
    expect(region.textContent).toContain('A client from GERMANY just opened an account');

    await flush(ACTIVITY_VISIBLE_MS - 1);
    expect(screen.getByText(/GERMANY/)).toBeTruthy();
    await flush(1);
    expect(screen.queryByText(/GERMANY/)).toBeNull();
    expect(activityRequests(api)).toBe(1);

    await flush(ACTIVITY_POLL_MS - ACTIVITY_VISIBLE_MS);
    expect(activityRequests(api)).toBe(2);
    expect(screen.getByRole('status').textContent).toContain(
      'A client from KENYA just opened an account',
    );
  });

  it('stays hidden when there is no event', async () => {
    const api = installFakeApi().on('GET /api/activity/recent', {
      status: 200,
      body: { enabled: true, events: [] },
    });
    render(<ActivityPopup />);
    await flush(ACTIVITY_POLL_MS);
    expect(activityRequests(api)).toBe(2);
    expect(screen.getByRole('status').textContent).toBe('');
  });

  it('stays hidden when the operator switched it off', async () => {
    installFakeApi().on('GET /api/activity/recent', {
      status: 200,
      body: { enabled: false, events: [GERMANY] },
    });
    render(<ActivityPopup />);
    await flush();
    expect(screen.getByRole('status').textContent).toBe('');
  });

  it('stays hidden and only warns when the fetch fails', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    installFakeApi().on('GET /api/activity/recent', 'network-error');
    render(<ActivityPopup />);
    await flush();
    expect(screen.getByRole('status').textContent).toBe('');
    expect(warn).toHaveBeenCalledWith('Failed to fetch recent activity', expect.anything());
    expect(error).not.toHaveBeenCalled();
  });

  it('skips its turns while the tab is in the background', async () => {
    const api = installFakeApi().on('GET /api/activity/recent', {
      status: 200,
      body: { enabled: true, events: [] },
    });
    render(<ActivityPopup />);
    await flush();
    const visibility = vi.spyOn(document, 'visibilityState', 'get').mockReturnValue('hidden');
    await flush(ACTIVITY_POLL_MS * 2);
    expect(activityRequests(api)).toBe(1);
    visibility.mockReturnValue('visible');
    await flush(ACTIVITY_POLL_MS);
    expect(activityRequests(api)).toBe(2);
  });

  it('says when an older event happened instead of "just"', async () => {
    installFakeApi().on('GET /api/activity/recent', {
      status: 200,
      body: {
        enabled: true,
        events: [{ kind: 'account-opened', country: 'Chile', at: '2026-01-01T07:30:00.000Z' }],
      },
    });
    render(<ActivityPopup />);
    await flush();
    expect(screen.getByRole('status').textContent).toContain(
      'A client from CHILE opened an account 2 hours ago',
    );
    expect(screen.getByRole('status').textContent).not.toContain('just');
  });

  it('closes for the rest of the visit', async () => {
    const api = installFakeApi().on('GET /api/activity/recent', {
      status: 200,
      body: { enabled: true, events: [GERMANY] },
    });
    render(<ActivityPopup />);
    await flush();
    fireEvent.click(screen.getByRole('button', { name: 'Close notification' }));
    expect(screen.queryByText(/GERMANY/)).toBeNull();
    await flush(ACTIVITY_POLL_MS * 2);
    expect(activityRequests(api)).toBe(1);
    expect(screen.queryByText(/GERMANY/)).toBeNull();
  });
});

describe('describeActivity', () => {
  const NOW = Date.parse('2026-01-01T12:00:00.000Z');
  const at = (msAgo: number) => new Date(NOW - msAgo).toISOString();

  it('names only the country, in capitals, and the plan for subscriptions', () => {
    expect(describeActivity({ kind: 'account-opened', country: 'Germany', at: at(0) }, NOW)).toBe(
      'A client from GERMANY just opened an account',
    );
    expect(
      describeActivity(
        { kind: 'plan-subscribed', country: 'Kenya', at: at(60_000), planName: 'Gold' },
        NOW,
      ),
    ).toBe('A client from KENYA just subscribed to the Gold plan');
  });

  // Issue 16: an event up to 24 h old was shown as "just" happened.
  it('says when an event older than a few minutes happened', () => {
    const opened = (msAgo: number) =>
      describeActivity({ kind: 'account-opened', country: 'Germany', at: at(msAgo) }, NOW);
    expect(opened(4 * 60_000)).toBe('A client from GERMANY just opened an account');
    expect(opened(5 * 60_000)).toBe('A client from GERMANY opened an account 5 minutes ago');
    expect(opened(2 * 3_600_000 + 60_000)).toBe(
      'A client from GERMANY opened an account 2 hours ago',
    );
    expect(opened(3_600_000)).toBe('A client from GERMANY opened an account 1 hour ago');
    expect(opened(3 * 86_400_000)).toBe('A client from GERMANY opened an account 3 days ago');
    expect(
      describeActivity(
        { kind: 'plan-subscribed', country: 'Kenya', at: at(23 * 3_600_000), planName: 'Gold' },
        NOW,
      ),
    ).toBe('A client from KENYA subscribed to the Gold plan 23 hours ago');
  });
});
