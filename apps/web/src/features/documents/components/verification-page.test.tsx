import { DOCUMENT_MESSAGES } from '@brokerdesk/shared';
import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { installFakeApi, type FakeApi } from '../../../testing/fake-api';
import { renderAt } from '../../../testing/render';
import { clientDocument, clientDocuments, FILE_BYTES } from '../../../testing/document-fixtures';
import { VerificationDocuments } from './verification-page';

const PATH = '/userDashboard/verification';

function card(name: string): HTMLElement {
  return screen.getByRole('region', { name });
}

function uploads(api: FakeApi) {
  return api.requests.filter((r) => r.method === 'POST' && r.path === '/api/documents');
}

let api: FakeApi;
beforeEach(() => {
  api = installFakeApi();
  window.localStorage.setItem('user-token', 'tok-1');
  vi.spyOn(console, 'error').mockImplementation(() => {});
});

describe('Verification page', () => {
  it('shows each kind with its status, the 3-month rule and the reason of a rejection', async () => {
    api.on('GET /api/documents', {
      status: 200,
      body: clientDocuments([
        clientDocument({
          id: 'r-1',
          kind: 'residence',
          status: 'rejected',
          reason: 'The bill is older than 3 months',
          originalName: 'bill.png',
          contentType: 'image/png',
        }),
        clientDocument({ id: 'i-1', kind: 'id', status: 'approved' }),
      ]),
    });
    renderAt(<VerificationDocuments />, PATH);

    const id = await waitFor(() => card('Proof of ID'));
    expect(within(id).getByText('Approved')).toBeTruthy();
    // An approved kind takes no new file.
    expect(within(id).queryByLabelText('Proof of ID file')).toBeNull();

    const residence = card('Proof of residence');
    expect(within(residence).getByText('Rejected')).toBeTruthy();
    expect(
      within(residence).getByText(/dated within the last 3 months: we check the date/),
    ).toBeTruthy();
    expect(within(residence).getByText('The bill is older than 3 months')).toBeTruthy();
    expect(within(residence).getByLabelText('Proof of residence file')).toBeTruthy();

    expect(within(card('Card front')).getByText('Not uploaded')).toBeTruthy();
    expect(screen.getByText('Action needed')).toBeTruthy();
    const history = screen.getByRole('table', { name: 'Your uploads, newest first' });
    expect(within(history).getAllByRole('row')).toHaveLength(3);
  });

  it('uploads the file itself with its name, then says so', async () => {
    const uploaded = clientDocument({ originalName: 'my passport.pdf' });
    let stored = clientDocuments();
    api.on('GET /api/documents', () => ({ status: 200, body: stored }));
    api.on('POST /api/documents', () => {
      stored = clientDocuments([uploaded]);
      return {
        status: 201,
        body: {
          message: DOCUMENT_MESSAGES.uploaded,
          document: uploaded,
          verification: stored.verification,
        },
      };
    });
    const { user } = renderAt(<VerificationDocuments />, PATH);

    const id = await waitFor(() => card('Proof of ID'));
    const file = new File([FILE_BYTES.pdf], 'my passport.pdf', { type: 'application/pdf' });
    await user.upload(within(id).getByLabelText('Proof of ID file'), file);
    await user.click(within(id).getByRole('button', { name: 'Upload (Proof of ID)' }));

    await waitFor(() =>
      expect(within(id).getByRole('status').textContent).toBe(DOCUMENT_MESSAGES.uploaded),
    );
    const [sent] = uploads(api);
    expect(sent?.headers.get('user-token')).toBe('tok-1');
    expect(sent?.headers.get('content-type')).toBe('application/octet-stream');
    expect(sent?.headers.get('x-file-name')).toBe('my%20passport.pdf');
    const url = (fetch as unknown as { mock: { calls: [string, RequestInit][] } }).mock.calls.find(
      ([input]) => String(input).startsWith('/api/documents?'),
    );
    expect(url?.[0]).toBe('/api/documents?kind=id');
    expect(url?.[1].body).toBe(file);
    await waitFor(() => expect(within(id).getByText('Pending review')).toBeTruthy());
  });

  it('checks the file before sending it: wrong type or over 10 MB sends nothing', async () => {
    api.on('GET /api/documents', { status: 200, body: clientDocuments() });
    const { user } = renderAt(<VerificationDocuments />, PATH);
    const id = await waitFor(() => card('Proof of ID'));
    const input = within(id).getByLabelText('Proof of ID file');

    await user.upload(
      input,
      new File([FILE_BYTES.html], 'passport.pdf', { type: 'application/pdf' }),
    );
    await waitFor(() =>
      expect(within(id).getByRole('alert').textContent).toBe(DOCUMENT_MESSAGES.wrongType),
    );
    expect(input.getAttribute('aria-invalid')).toBe('true');
    await user.click(within(id).getByRole('button', { name: 'Upload (Proof of ID)' }));
    expect(within(id).getByRole('alert').textContent).toBe(DOCUMENT_MESSAGES.wrongType);

    const big = new File([FILE_BYTES.pdf], 'big.pdf', { type: 'application/pdf' });
    Object.defineProperty(big, 'size', { value: 11 * 1024 * 1024 });
    await user.upload(input, big);
    await waitFor(() =>
      expect(within(id).getByRole('alert').textContent).toBe(DOCUMENT_MESSAGES.tooLarge),
    );
    await user.click(within(id).getByRole('button', { name: 'Upload (Proof of ID)' }));
    expect(uploads(api)).toEqual([]);
  });

  it("shows the server's refusal in its words", async () => {
    api.on('GET /api/documents', { status: 200, body: clientDocuments() });
    api.on('POST /api/documents', {
      status: 415,
      body: { message: DOCUMENT_MESSAGES.wrongType, code: 'UNSUPPORTED_MEDIA_TYPE' },
    });
    const { user } = renderAt(<VerificationDocuments />, PATH);
    const residence = await waitFor(() => card('Proof of residence'));
    await user.upload(
      within(residence).getByLabelText('Proof of residence file'),
      new File([FILE_BYTES.png], 'bill.png', { type: 'image/png' }),
    );
    await user.click(
      within(residence).getByRole('button', { name: 'Upload (Proof of residence)' }),
    );
    await waitFor(() =>
      expect(within(residence).getByRole('alert').textContent).toBe(DOCUMENT_MESSAGES.wrongType),
    );
  });

  it('asks for a file when none is chosen', async () => {
    api.on('GET /api/documents', { status: 200, body: clientDocuments() });
    const { user } = renderAt(<VerificationDocuments />, PATH);
    const front = await waitFor(() => card('Card front'));
    await user.click(within(front).getByRole('button', { name: 'Upload (Card front)' }));
    expect(within(front).getByRole('alert').textContent).toBe('Choose a file first.');
    expect(uploads(api)).toEqual([]);
  });

  it('says what the documents change, with the real rule and figures (decision 104)', async () => {
    api.on('GET /api/documents', { status: 200, body: clientDocuments([]) });
    api.on('GET /api/documents/limits', {
      status: 200,
      body: {
        missing: [
          { kind: 'id', state: 'not-uploaded' },
          { kind: 'residence', state: 'not-uploaded' },
        ],
        withdrawalsAllowed: false,
        depositLimitMinor: 200_000,
        depositedMinor: 50_000,
        depositRemainingMinor: 150_000,
      },
    });
    renderAt(<VerificationDocuments />, PATH);

    const unlocks = await screen.findByRole('list', { name: 'What your documents change' });
    expect(unlocks.textContent).toBe(
      'Withdrawals: open once both documents are approved.' +
        'Deposits: up to $2,000.00 in total before your documents are approved: $500.00 so far, ' +
        '$1,500.00 left.',
    );
    const text = (document.body.textContent ?? '').replace(/\s+/g, ' ');
    expect(text).toContain(
      'Withdrawals are paid only once your proof of ID and proof of residence are approved',
    );
    // The old claim was not what the platform did: deposits are allowed before documents.
    expect(text).not.toContain('We verify every account before money moves');
  });
});
