import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { signInAsStaff } from '../../../testing/back-office';
import { installFakeApi, type FakeApi } from '../../../testing/fake-api';
import { renderAt } from '../../../testing/render';
import { clientDocuments, staffDocument } from '../../../testing/document-fixtures';
import { ClientDocuments } from './client-documents';

const REJECTED = staffDocument({
  id: 'doc-old',
  status: 'rejected',
  reason: 'Blurred',
  reviewedBy: 'owner-1',
  reviewedAt: '2026-03-02T10:00:00.000Z',
});
const PENDING = staffDocument({ id: 'doc-new', originalName: 'passport-2.pdf' });

let api: FakeApi;
beforeEach(() => {
  api = installFakeApi();
  vi.spyOn(URL, 'createObjectURL').mockImplementation(() => 'data:text/plain,file');
  vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => {});
  api.on('GET /api/staff/clients/client-1/documents', {
    status: 200,
    body: { items: [PENDING, REJECTED], verification: clientDocuments([PENDING]).verification },
  });
  api.on('GET /api/staff/documents/doc-new/file', { status: 200, body: '%PDF-1.4' });
  api.on('GET /api/staff/documents/doc-old/file', { status: 200, body: '%PDF-1.4' });
});

function renderSection() {
  const outcomes: unknown[] = [];
  const rendered = renderAt(
    <ClientDocuments clientId="client-1" onOutcome={(outcome) => outcomes.push(outcome)} />,
    '/adminDashboard/clients/client-1',
  );
  return { ...rendered, outcomes };
}

describe('ClientDocuments', () => {
  it("lists a client's uploads with status and reason, and the verification status", async () => {
    signInAsStaff(api, 'auditor');
    renderSection();
    const table = await screen.findByRole('table', {
      name: 'Verification documents, newest first',
    });
    await waitFor(() => expect(within(table).getAllByRole('row')).toHaveLength(3));
    expect(within(table).getByText('Blurred')).toBeTruthy();
    expect(screen.getByText('Action needed')).toBeTruthy();
  });

  it('opens one for review, with the decision for a role that may decide', async () => {
    signInAsStaff(api, 'compliance');
    const { user } = renderSection();
    const review = await screen.findByRole('button', { name: 'Review Proof of ID of Ann Lee' });
    await user.click(review);
    const panel = await screen.findByRole('region', { name: 'Proof of ID of Ann Lee' });
    expect(within(panel).getByText('passport-2.pdf')).toBeTruthy();
    expect(
      within(panel).getByRole('button', { name: 'Approve Proof of ID of Ann Lee' }),
    ).toBeTruthy();
    expect(review.getAttribute('aria-expanded')).toBe('true');
  });

  it('shows a decided one without decision buttons', async () => {
    signInAsStaff(api, 'owner');
    const { user } = renderSection();
    await screen.findByRole('table', { name: 'Verification documents, newest first' });
    const [, viewRejected] = await screen.findAllByRole('button', {
      name: /Proof of ID of Ann Lee/,
    });
    await user.click(viewRejected as HTMLElement);
    const panel = await screen.findByRole('region', { name: 'Proof of ID of Ann Lee' });
    expect(within(panel).getByText('Blurred')).toBeTruthy();
    expect(within(panel).getByText(/by owner-1/)).toBeTruthy();
    expect(within(panel).queryByRole('button', { name: /^Approve/ })).toBeNull();
  });
});
