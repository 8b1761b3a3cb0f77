import { MESSAGES, REFERRAL_MESSAGES } from '@brokerdesk/shared';
import type { ReferralOverview as Overview } from '@brokerdesk/shared';
import { act, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { installFakeApi, type FakeApi } from '../../../testing/fake-api';
import { renderAt } from '../../../testing/render';
import { ReferralOverview } from './referral-overview';

const OVERVIEW: Overview = {
  code: 'ADA7Q2',
  bonusBp: 1000,
  holdDays: 30,
  capMinor: 25_000,
  pendingMinor: 0,
  releasedMinor: 0,
  commissions: [],
  referrals: [
    {
      name: 'Grace Hopper',
      emailMasked: 'g•••@example.com',
      status: 'Funded',
      joinedAt: '2026-02-14T09:30:00.000Z',
    },
    {
      name: 'Alan Turing',
      emailMasked: 'a•••@example.org',
      status: 'Registered',
      joinedAt: '2026-03-01T12:00:00.000Z',
    },
  ],
};

function linkInput(): HTMLInputElement {
  return screen.getByLabelText('Your referral link', { selector: 'input' });
}

async function renderReferral(overview: Overview = OVERVIEW) {
  api.on('GET /api/referrals', { status: 200, body: overview });
  const view = renderAt(<ReferralOverview />, '/userDashboard/referral');
  await screen.findByLabelText('Your referral link', { selector: 'input' });
  return view;
}

let api: FakeApi;

beforeEach(() => {
  api = installFakeApi();
  window.localStorage.setItem('user-token', 'tok-1');
});

afterEach(() => {
  vi.useRealTimers();
});

describe('Referral page', () => {
  it('shows the full registration link with ?ref=CODE, read-only, and the bonus rate', async () => {
    await renderReferral();

    expect(screen.getByRole('heading', { level: 1, name: 'Refer Users' })).toBeTruthy();
    expect(linkInput().value).toBe(`${window.location.origin}/userRegister?ref=ADA7Q2`);
    expect(linkInput().readOnly).toBe(true);
    expect(document.body.textContent).toContain(
      'you earn 10% of each of their confirmed deposits as Ref. Bonus',
    );
    expect(api.requests[0]?.headers.get('user-token')).toBe('tok-1');
  });

  it("says 'Copied' for two seconds after copying the link", async () => {
    await renderReferral();
    const writeText = vi.spyOn(navigator.clipboard, 'writeText').mockResolvedValue(undefined);
    vi.useFakeTimers();

    const button = screen.getByRole('button', { name: /^Copy( |$)/ });
    await act(async () => {
      fireEvent.click(button);
    });

    expect(writeText).toHaveBeenCalledWith(`${window.location.origin}/userRegister?ref=ADA7Q2`);
    expect(button.textContent).toBe(MESSAGES.money.copied);
    act(() => vi.advanceTimersByTime(1_999));
    expect(button.textContent).toBe('Copied');
    act(() => vi.advanceTimersByTime(1));
    expect(button.textContent).toBe('Copy');
  });

  it('selects the link for copying by hand when the clipboard refuses', async () => {
    await renderReferral();
    vi.spyOn(navigator.clipboard, 'writeText').mockRejectedValue(new Error('denied'));

    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: /^Copy( |$)/ }));
    });

    const input = linkInput();
    expect(screen.getByRole('button', { name: /^Copy( |$)/ })).toBeTruthy();
    expect(document.activeElement).toBe(input);
    expect(input.selectionStart).toBe(0);
    expect(input.selectionEnd).toBe(input.value.length);
  });

  it('lists the referred clients with masked e-mails', async () => {
    await renderReferral();

    const table = screen.getByRole('table');
    const rows = within(table).getAllByRole('row');
    expect(rows[0]?.textContent).toBe('NameEmailStatusJoined');
    expect(rows[1]?.textContent).toBe('Grace Hopperg•••@example.comFunded14 February 2026');
    expect(rows[2]?.textContent).toContain('Alan Turing');
    expect(rows[2]?.textContent).toContain('a•••@example.org');
    expect(table.textContent).not.toContain('grace@');
    expect(screen.queryByText(MESSAGES.empty.referrals)).toBeNull();
  });

  it("says 'You haven't referred anyone yet.' when nobody has registered", async () => {
    await renderReferral({ ...OVERVIEW, bonusBp: 250, referrals: [] });

    expect(screen.getByText("You haven't referred anyone yet.")).toBeTruthy();
    expect(screen.queryByRole('table')).toBeNull();
    expect(document.body.textContent).toContain('you earn 2.5% of each');
  });

  it('shows the commission terms: the holding period and the limit per referred client', async () => {
    await renderReferral();

    expect(document.body.textContent).toContain(
      'Each commission is paid 30 days after the deposit is confirmed, if the deposit is not reversed and they withdraw nothing in that time. One referred client can earn you at most $250.00.',
    );
    expect(screen.getByText(REFERRAL_MESSAGES.noCommissions)).toBeTruthy();
  });

  it('lists pending and released commission with the date each releases, and why one is held or voided', async () => {
    const commission = {
      referredName: 'Grace Hopper',
      earnedMinor: 10_000,
      createdAt: '2026-11-02T09:00:00.000Z',
      releasedAt: null,
      voidedAt: null,
      voidCause: null,
      reason: null,
      waitsForWithdrawal: false,
    } as const;
    await renderReferral({
      ...OVERVIEW,
      pendingMinor: 15_000,
      releasedMinor: 2_500,
      commissions: [
        {
          ...commission,
          id: 'c1',
          amountMinor: 10_000,
          state: 'pending',
          releaseAt: '2026-12-02T09:00:00.000Z',
        },
        {
          ...commission,
          id: 'c2',
          amountMinor: 5_000,
          earnedMinor: 5_000,
          state: 'held',
          releaseAt: '2026-12-01T09:00:00.000Z',
        },
        {
          ...commission,
          id: 'c3',
          amountMinor: 2_500,
          state: 'released',
          releaseAt: '2026-11-20T09:00:00.000Z',
          releasedAt: '2026-11-20T09:01:00.000Z',
        },
        {
          ...commission,
          id: 'c4',
          referredName: 'Alan Turing',
          amountMinor: 4_000,
          earnedMinor: 4_000,
          state: 'voided',
          releaseAt: '2026-11-30T09:00:00.000Z',
          voidedAt: '2026-11-03T09:00:00.000Z',
          voidCause: 'withdrawal',
        },
        {
          ...commission,
          id: 'c5',
          amountMinor: 1_000,
          earnedMinor: 1_000,
          state: 'voided',
          releaseAt: '2026-11-30T09:00:00.000Z',
          voidedAt: '2026-11-04T09:00:00.000Z',
          voidCause: 'staff',
          reason: 'Same person as the referrer',
        },
      ],
    });

    const section = screen.getByRole('heading', { level: 2, name: 'Your commission' });
    expect(section.parentElement?.textContent).toContain('Pending: $150.00 · Released: $25.00');
    const table = screen.getByRole('region', { name: 'Your commission' });
    const rows = within(table).getAllByRole('row');
    expect(rows[0]?.textContent).toBe('Referred clientAmountStatusWhen');
    expect(rows[1]?.textContent).toBe('Grace Hopper$100.00PendingReleases on 2 December 2026');
    expect(rows[2]?.textContent).toBe(`Grace Hopper$50.00Held for review${REFERRAL_MESSAGES.held}`);
    // 10% was $100.00; the limit per referred client left room for $25.00.
    expect(rows[3]?.textContent).toBe(
      'Grace Hopper$25.00Cut to fit the $250.00 limit per referred clientReleasedReleased on 20 November 2026',
    );
    expect(rows[4]?.textContent).toBe(
      'Alan Turing$40.00VoidedVoided: the referred client withdrew money before the release date.',
    );
    expect(rows[5]?.textContent).toContain('Voided by our staff: Same person as the referrer');
  });
});
