import { DOCUMENT_MESSAGES, MESSAGES, type StaffDocument } from '@brokerdesk/shared';
import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { signInAsStaff, STAFF_TOKEN } from '../../../testing/back-office';
import { installFakeApi, lastQuery, type FakeApi } from '../../../testing/fake-api';
import { renderRoutes } from '../../../testing/render';
import { staffDocument } from '../../../testing/document-fixtures';
import { DocumentQueue } from './document-queue';

const PATH = '/adminDashboard/documents';

const PDF = staffDocument({ id: 'doc-pdf' });
const PNG = staffDocument({
  id: 'doc-png',
  kind: 'residence',
  originalName: 'bill.png',
  contentType: 'image/png',
  client: { id: 'client-2', name: 'Bo Chen', email: 'bo@example.com' },
});

function renderQueue(path = PATH) {
  return renderRoutes([{ path: PATH, element: <DocumentQueue /> }], path);
}

function answerQueue(api: FakeApi, items: StaffDocument[]) {
  api.on('GET /api/staff/documents', { status: 200, body: { items, nextCursor: null } });
}

function decisions(api: FakeApi) {
  return api.requests.filter((r) => r.method === 'POST');
}

let api: FakeApi;
let created: Blob[];
let revoked: string[];
beforeEach(() => {
  api = installFakeApi();
  created = [];
  revoked = [];
  vi.spyOn(URL, 'createObjectURL').mockImplementation((blob) => {
    created.push(blob as Blob);
    // A data: URL stands in for blob:, which happy-dom's frames cannot load.
    return `data:text/plain,file-${created.length}`;
  });
  vi.spyOn(URL, 'revokeObjectURL').mockImplementation((url) => {
    revoked.push(url);
  });
  api.on('GET /api/staff/documents/doc-pdf/file', { status: 200, body: '%PDF-1.4' });
  api.on('GET /api/staff/documents/doc-png/file', { status: 200, body: 'png' });
});

describe('DocumentQueue', () => {
  it('lists pending documents, oldest first, with client, kind, file and time', async () => {
    signInAsStaff(api, 'compliance');
    answerQueue(api, [PDF, PNG]);
    renderQueue();

    const table = await screen.findByRole('table', {
      name: /Documents waiting for review, oldest first/,
    });
    await waitFor(() => expect(within(table).getAllByRole('row')).toHaveLength(3));
    const cells = within(within(table).getAllByRole('row')[1] as HTMLElement)
      .getAllByRole('cell')
      .map((cell) => cell.textContent);
    expect(cells.slice(0, 3)).toEqual([
      'Ann Leeann@example.com',
      'Proof of ID',
      'passport.pdfPDF, 121 KB',
    ]);
    expect(lastQuery('/api/staff/documents').get('status')).toBe('pending');
  });

  it('shows a PDF in a frame from a blob fetched with the staff token, and approves it', async () => {
    signInAsStaff(api, 'owner');
    answerQueue(api, [PDF]);
    api.on('POST /api/staff/documents/doc-pdf/approve', {
      status: 200,
      body: {
        message: DOCUMENT_MESSAGES.approved,
        document: { ...PDF, status: 'approved', reviewedBy: 'owner-1' },
      },
    });
    const { user } = renderQueue();

    await user.click(await screen.findByRole('link', { name: 'Review Proof of ID of Ann Lee' }));
    const review = await screen.findByRole('region', { name: 'Proof of ID of Ann Lee' });
    const frame = await within(review).findByTitle('Proof of ID of Ann Lee: passport.pdf');
    expect(frame.getAttribute('src')).toBe('data:text/plain,file-1');
    expect(created[0]?.type).toBe('application/pdf');
    const fileRequest = api.requests.find((r) => r.path === '/api/staff/documents/doc-pdf/file');
    expect(fileRequest?.headers.get('x-auth-token')).toBe(STAFF_TOKEN);
    expect(within(review).getByRole('link', { name: 'Open in new tab' }).getAttribute('href')).toBe(
      'data:text/plain,file-1',
    );

    answerQueue(api, []);
    await user.click(
      within(review).getByRole('button', { name: 'Approve Proof of ID of Ann Lee' }),
    );
    await waitFor(() =>
      expect(screen.getByRole('status').textContent).toBe(
        'Proof of ID of Ann Lee approved. The client has been told by e-mail.',
      ),
    );
    expect(decisions(api).map((r) => r.path)).toEqual(['/api/staff/documents/doc-pdf/approve']);
    // The panel closed: its object URL is given back.
    await waitFor(() =>
      expect(screen.queryByRole('region', { name: 'Proof of ID of Ann Lee' })).toBeNull(),
    );
    expect(revoked).toContain('data:text/plain,file-1');
  });

  it('shows an image inline and rejects it with the reason the client will read', async () => {
    signInAsStaff(api, 'operations');
    answerQueue(api, [PNG]);
    api.on('POST /api/staff/documents/doc-png/reject', {
      status: 200,
      body: {
        message: DOCUMENT_MESSAGES.rejected,
        document: { ...PNG, status: 'rejected', reason: 'Older than 3 months' },
      },
    });
    const { user } = renderQueue(`${PATH}?document=doc-png`);

    const review = await screen.findByRole('region', { name: 'Proof of residence of Bo Chen' });
    const image = await within(review).findByRole('img', {
      name: 'Proof of residence of Bo Chen: bill.png',
    });
    expect(image.getAttribute('src')).toBe('data:text/plain,file-1');

    await user.click(
      within(review).getByRole('button', { name: 'Reject Proof of residence of Bo Chen' }),
    );
    const dialog = screen.getByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Reject document' }));
    expect(within(dialog).getByText(MESSAGES.money.reasonRequired)).toBeTruthy();
    expect(decisions(api)).toEqual([]);

    await user.type(within(dialog).getByLabelText('Reason'), 'Older than 3 months');
    await user.click(within(dialog).getByRole('button', { name: 'Reject document' }));
    await waitFor(() => expect(decisions(api)).toHaveLength(1));
    expect(decisions(api)[0]?.body).toEqual({ reason: 'Older than 3 months' });
    await waitFor(() =>
      expect(screen.getByRole('status').textContent).toBe(
        'Proof of residence of Bo Chen rejected. The client has been told by e-mail.',
      ),
    );
  });

  it('says when someone else decided first (409)', async () => {
    signInAsStaff(api, 'owner');
    answerQueue(api, [PDF]);
    api.on('POST /api/staff/documents/doc-pdf/approve', {
      status: 409,
      body: { message: DOCUMENT_MESSAGES.alreadyReviewed, code: 'CONFLICT' },
    });
    const { user } = renderQueue(`${PATH}?document=doc-pdf`);
    const review = await screen.findByRole('region', { name: 'Proof of ID of Ann Lee' });
    await user.click(
      within(review).getByRole('button', { name: 'Approve Proof of ID of Ann Lee' }),
    );
    await waitFor(() =>
      expect(screen.getByRole('alert').textContent).toBe(
        `Proof of ID of Ann Lee: ${DOCUMENT_MESSAGES.alreadyReviewed}`,
      ),
    );
  });

  it('lets a support member look but not decide', async () => {
    signInAsStaff(api, 'support');
    answerQueue(api, [PDF]);
    renderQueue(`${PATH}?document=doc-pdf`);
    const review = await screen.findByRole('region', { name: 'Proof of ID of Ann Lee' });
    await within(review).findByTitle('Proof of ID of Ann Lee: passport.pdf');
    expect(within(review).queryByRole('button', { name: /^Approve/ })).toBeNull();
    expect(within(review).queryByRole('button', { name: /^Reject/ })).toBeNull();
    await waitFor(() =>
      expect(screen.getByText(/Your role can view them but not decide them/)).toBeTruthy(),
    );
  });

  it('says so when the file cannot be loaded, and tries again', async () => {
    signInAsStaff(api, 'owner');
    answerQueue(api, [PDF]);
    api.on('GET /api/staff/documents/doc-pdf/file', {
      status: 404,
      body: { message: DOCUMENT_MESSAGES.notFound, code: 'NOT_FOUND' },
    });
    const { user } = renderQueue(`${PATH}?document=doc-pdf`);
    const review = await screen.findByRole('region', { name: 'Proof of ID of Ann Lee' });
    await within(review).findByText('We could not load this file.');
    api.on('GET /api/staff/documents/doc-pdf/file', { status: 200, body: '%PDF-1.4' });
    await user.click(within(review).getByRole('button', { name: 'Try again' }));
    await within(review).findByTitle('Proof of ID of Ann Lee: passport.pdf');
  });
});
