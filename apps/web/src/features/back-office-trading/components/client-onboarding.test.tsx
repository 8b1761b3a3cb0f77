import { fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { signInAsStaff } from '../../../testing/back-office';
import { installFakeApi, type FakeApi } from '../../../testing/fake-api';
import { renderAt } from '../../../testing/render';
import type { ClientTradingProfile } from '../api/client-profile';
import { ClientTradingProfileSection } from './client-onboarding';

const PROFILE: ClientTradingProfile = {
  emailVerified: true,
  missingDocuments: [],
  disclosure: {
    version: '2026-12-07',
    acknowledgedVersion: '2026-12-07',
    acknowledgedAt: '2026-03-02T08:00:00.000Z',
    current: true,
  },
  test: {
    status: 'failed',
    takenAt: '2026-03-02T08:05:00.000Z',
    correct: 4,
    total: 6,
    passMark: 5,
    retakeAt: '2026-03-03T08:05:00.000Z',
  },
  category: 'retail',
  ready: false,
  categoryChange: null,
};

let api: FakeApi;
beforeEach(() => {
  api = installFakeApi();
  api.on('GET /api/staff/clients/client-1/trading-profile', { status: 200, body: PROFILE });
});

describe('ClientTradingProfileSection', () => {
  it('shows the category, the disclosure and the test result', async () => {
    signInAsStaff(api, 'support');
    renderAt(
      <ClientTradingProfileSection
        clientId="client-1"
        canSetCategory={false}
        onOutcome={vi.fn()}
      />,
    );
    const category = await screen.findByText('Category');
    expect(category.nextElementSibling?.textContent).toBe('Retail (the default)');
    expect(screen.getByText('Risk disclosure').nextElementSibling?.textContent).toContain(
      'Version 2026-12-07 acknowledged on',
    );
    expect(screen.getByText('Appropriateness test').nextElementSibling?.textContent).toContain(
      'Failed, 4 of 6 (pass mark 5)',
    );
    expect(screen.queryByRole('button', { name: 'Make professional' })).toBeNull();
  });

  it('changes the category only with a reason', async () => {
    signInAsStaff(api, 'compliance');
    api.on('PUT /api/staff/clients/client-1/trading-category', {
      status: 200,
      body: {
        ...PROFILE,
        category: 'professional',
        categoryChange: { at: '2026-03-02T09:00:00.000Z', by: 'ann', reason: 'Elective' },
      },
    });
    const onOutcome = vi.fn();
    renderAt(
      <ClientTradingProfileSection clientId="client-1" canSetCategory onOutcome={onOutcome} />,
    );
    fireEvent.click(await screen.findByRole('button', { name: 'Make professional' }));
    expect(await screen.findByText('Please give the reason for the change')).toBeTruthy();
    expect(api.requests.some((r) => r.method === 'PUT')).toBe(false);

    fireEvent.change(screen.getByRole('textbox', { name: /Reason/ }), {
      target: { value: 'Elective' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Make professional' }));
    await waitFor(() =>
      expect(onOutcome).toHaveBeenCalledWith({
        tone: 'success',
        text: 'The client is now professional: new positions open under its leverage.',
      }),
    );
    const sent = api.requests.find((r) => r.method === 'PUT');
    expect(sent?.body).toEqual({ category: 'professional', reason: 'Elective' });
    expect(screen.getByText('Category').nextElementSibling?.textContent).toContain(
      'Professional (set by ann on',
    );
  });
});
