import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { installFakeApi, type FakeApi } from '../../../testing/fake-api';
import { renderAt } from '../../../testing/render';
import { clientDocument, clientDocuments } from '../../../testing/document-fixtures';
import { VerificationStatusPanel } from './verification-status-panel';

let api: FakeApi;
beforeEach(() => {
  api = installFakeApi();
  window.localStorage.setItem('user-token', 'tok-1');
});

describe('VerificationStatusPanel', () => {
  it('shows Verified with both required documents approved', async () => {
    api.on('GET /api/documents', {
      status: 200,
      body: clientDocuments([
        clientDocument({ id: 'a', kind: 'residence', status: 'approved' }),
        clientDocument({ id: 'b', kind: 'id', status: 'approved' }),
      ]),
    });
    renderAt(<VerificationStatusPanel />, '/userDashboard/dashboard');
    const panel = await screen.findByRole('region', { name: 'Verification' });
    await waitFor(() => expect(within(panel).getByRole('list')).toBeTruthy());
    expect(within(panel).getAllByText('Verified')).toHaveLength(2); // the account and the e-mail
    const items = within(panel)
      .getAllByRole('listitem')
      .map((li) => li.textContent);
    expect(items).toEqual([
      'Proof of ID Approved',
      'Proof of residence Approved',
      'E-mail address Verified',
    ]);
    expect(
      within(panel).getByRole('link', { name: 'See your documents' }).getAttribute('href'),
    ).toBe('/userDashboard/verification');
  });

  it('asks for documents when none is uploaded', async () => {
    api.on('GET /api/documents', {
      status: 200,
      body: clientDocuments([], { emailVerified: false }),
    });
    renderAt(<VerificationStatusPanel />, '/userDashboard/dashboard');
    const panel = await screen.findByRole('region', { name: 'Verification' });
    await waitFor(() => expect(within(panel).getByText('Not started')).toBeTruthy());
    expect(within(panel).getByText('Not verified')).toBeTruthy();
    expect(within(panel).getByRole('link', { name: 'Upload documents' })).toBeTruthy();
  });
});
