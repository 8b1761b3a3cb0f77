import type { StaffReferralCommission } from '@brokerdesk/shared';
import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { signInAsStaff } from '../../../testing/back-office';
import { installFakeApi, lastQuery, type FakeApi } from '../../../testing/fake-api';
import { renderAt } from '../../../testing/render';
import { ClientReferralCommissions, HeldReferralCommissions } from './referral-commissions';

const HELD: StaffReferralCommission = {
  id: 'rc-1',
  referredName: 'Grace Hopper',
  amountMinor: 5_000,
  earnedMinor: 5_000,
  state: 'held',
  createdAt: '2026-11-02T09:00:00.000Z',
  releaseAt: '2026-12-02T09:00:00.000Z',
  releasedAt: null,
  voidedAt: null,
  voidCause: null,
  reason: null,
  waitsForWithdrawal: false,
  referrer: { id: 'client-1', name: 'Ann Lee' },
  referred: { id: 'client-2', name: 'Grace Hopper', email: 'grace@example.com' },
  depositId: 'dep-1',
  capMinor: 25_000,
  signals: ['email-domain-and-ip', 'same-document'],
  reviewedAt: null,
  reviewReason: null,
};
const RELEASED: StaffReferralCommission = {
  ...HELD,
  id: 'rc-2',
  amountMinor: 2_500,
  earnedMinor: 10_000,
  state: 'released',
  signals: [],
  releasedAt: '2026-11-30T09:00:00.000Z',
};

let api: FakeApi;
beforeEach(() => {
  api = installFakeApi();
  api.on('GET /api/staff/referral-commissions', { status: 200, body: { items: [HELD, RELEASED] } });
});

function renderClientSection() {
  const outcomes: { tone: string; text: string }[] = [];
  const rendered = renderAt(
    <ClientReferralCommissions clientId="client-1" onOutcome={(o) => outcomes.push(o)} />,
    '/adminDashboard/clients/client-1',
  );
  return { ...rendered, outcomes };
}

describe('ClientReferralCommissions', () => {
  it('shows each commission with its state, release date and why it is held', async () => {
    signInAsStaff(api, 'auditor');
    renderClientSection();
    const table = await screen.findByRole('table', { name: /^Commission this client earned/ });
    await waitFor(() => expect(within(table).getAllByRole('row')).toHaveLength(3));
    const [, held, released] = within(table).getAllByRole('row');
    expect(held?.textContent).toContain('Held for review');
    expect(held?.textContent).toContain('2 December 2026');
    expect(held?.textContent).toContain(
      'Same e-mail domain and the same registration IP address as the referrer',
    );
    expect(held?.textContent).toContain('A document file identical to one the referrer uploaded');
    expect(released?.textContent).toContain('Released 30 November 2026');
    expect(released?.textContent).toContain('Cut to fit the $250.00 limit (10% was $100.00)');
    // An auditor reads; no decisions.
    expect(within(table).queryByRole('button')).toBeNull();
    expect(lastQuery('/api/staff/referral-commissions').toString()).toBe('clientId=client-1');
  });

  it('releases a held commission with a reason, and says so', async () => {
    signInAsStaff(api, 'operations');
    api.on('POST /api/staff/referral-commissions/rc-1/release', {
      status: 200,
      body: {
        message: 'Commission released. It is paid on its release date, or now if that has passed.',
        commission: { ...HELD, state: 'pending', reviewReason: 'Checked' },
      },
    });
    const { user, outcomes } = renderClientSection();
    await user.click(
      await screen.findByRole('button', {
        name: 'Release commission of $50.00 on Grace Hopper’s deposit',
      }),
    );
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Release commission' }));
    expect(
      await within(dialog).findByText('Please give a reason the client will see'),
    ).toBeTruthy();
    await user.type(within(dialog).getByLabelText('Reason'), 'Colleagues; IDs checked');
    await user.click(within(dialog).getByRole('button', { name: 'Release commission' }));

    await waitFor(() => expect(outcomes).toHaveLength(1));
    expect(outcomes[0]).toEqual({
      tone: 'success',
      text: 'Commission released. It is paid on its release date, or now if that has passed.',
    });
    const sent = api.requests.find((request) => request.method === 'POST');
    expect(sent?.body).toEqual({ reason: 'Colleagues; IDs checked' });
  });
});

describe('HeldReferralCommissions', () => {
  it('asks for held commissions only and shows a failure in the dialog', async () => {
    signInAsStaff(api, 'owner');
    api.on('POST /api/staff/referral-commissions/rc-1/void', {
      status: 409,
      body: { code: 'CONFLICT', message: 'Only a pending or held commission can be voided' },
    });
    const { user } = renderAt(<HeldReferralCommissions />, '/adminDashboard/requests');
    expect(
      await screen.findByRole('heading', { name: 'Referral commission held for review' }),
    ).toBeTruthy();
    await user.click(
      await screen.findByRole('button', {
        name: 'Void commission of $50.00 on Grace Hopper’s deposit',
      }),
    );
    const dialog = await screen.findByRole('dialog');
    await user.type(within(dialog).getByLabelText('Reason'), 'Same person');
    await user.click(within(dialog).getByRole('button', { name: 'Void commission' }));
    expect(
      await within(dialog).findByText('Only a pending or held commission can be voided'),
    ).toBeTruthy();
    expect(lastQuery('/api/staff/referral-commissions').toString()).toBe('state=held');
  });
});
