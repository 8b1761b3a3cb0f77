import type { StaffTicket } from '@brokerdesk/shared';
import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { signInAsStaff, STAFF_TOKEN } from '../../../testing/back-office';
import { fetchedUrls, installFakeApi, lastQuery, type FakeApi } from '../../../testing/fake-api';
import { renderRoutes } from '../../../testing/render';
import { SupportInbox } from './support-inbox';

const PATH = '/adminDashboard/support';
const LIST = '/api/staff/tickets';

function ticket(overrides: Partial<StaffTicket> = {}): StaffTicket {
  return {
    id: 'tk-1',
    subject: 'Card payment',
    status: 'open',
    createdAt: '2026-03-02T08:00:00.000Z',
    updatedAt: '2026-03-03T14:05:09.000Z',
    messages: [
      {
        id: 'm-1',
        author: 'client',
        body: 'Where is my <script>alert(1)</script> deposit?\nSent Monday.',
        createdAt: '2026-03-02T08:00:00.000Z',
      },
    ],
    client: { id: 'c-1', name: 'Ann Lee', email: 'ann@example.com' },
    replyEmail: null,
    ...overrides,
  };
}

const CLIENT_TICKET = ticket();
const VISITOR_TICKET = ticket({
  id: 'tk-2',
  subject: '',
  client: null,
  replyEmail: 'visitor@example.com',
  messages: [
    {
      id: 'm-9',
      author: 'visitor',
      body: 'Do you accept Skrill?',
      createdAt: '2026-03-01T08:00:00.000Z',
    },
  ],
});

function renderInbox(search = '') {
  return renderRoutes([{ path: PATH, element: <SupportInbox /> }], `${PATH}${search}`);
}

function gets(api: FakeApi, path: string) {
  return api.requests.filter((r) => r.method === 'GET' && r.path === path);
}

let api: FakeApi;
beforeEach(() => {
  api = installFakeApi();
});

describe('SupportInbox', () => {
  it('lists open tickets by default with the client or the visitor’s address', async () => {
    signInAsStaff(api, 'support');
    api.on(`GET ${LIST}`, { status: 200, body: { items: [CLIENT_TICKET, VISITOR_TICKET] } });
    renderInbox();

    const first = await screen.findByRole('link', { name: /Card payment/ });
    expect(first.textContent).toContain('Ann Lee · ann@example.com');
    expect(first.textContent).toContain('Open');
    expect(first.textContent).toContain('Updated');
    const visitor = screen.getByRole('link', { name: /No subject/ });
    expect(visitor.textContent).toContain('Visitor · visitor@example.com');
    expect(lastQuery(LIST).get('status')).toBe('open');
    expect(gets(api, LIST)[0]?.headers.get('x-auth-token')).toBe(STAFF_TOKEN);
    expect(screen.getByLabelText<HTMLSelectElement>('Status').value).toBe('open');
    expect(screen.getByText('Choose a ticket to read the conversation.')).toBeTruthy();
  });

  it('keeps the status filter in the address and asks the API for it', async () => {
    signInAsStaff(api, 'support');
    api.on(`GET ${LIST}`, { status: 200, body: { items: [] } });
    const { user, router } = renderInbox();
    await screen.findByText('No open tickets.');

    await user.selectOptions(screen.getByLabelText('Status'), 'closed');
    await waitFor(() => expect(lastQuery(LIST).get('status')).toBe('closed'));
    expect(router.state.location.search).toBe('?status=closed');
    expect(await screen.findByText('No closed tickets.')).toBeTruthy();

    await user.selectOptions(screen.getByLabelText('Status'), 'all');
    await waitFor(() => expect(lastQuery(LIST).get('status')).toBe('all'));
    expect(fetchedUrls(LIST).map((url) => url.searchParams.get('status'))).toEqual([
      'open',
      'closed',
      'all',
    ]);
  });

  it('shows the selected conversation as plain text', async () => {
    signInAsStaff(api, 'support');
    api
      .on(`GET ${LIST}`, { status: 200, body: { items: [CLIENT_TICKET] } })
      .on(`GET ${LIST}/tk-1`, { status: 200, body: CLIENT_TICKET });
    const { user, router } = renderInbox();

    await user.click(await screen.findByRole('link', { name: /Card payment/ }));

    const conversation = await screen.findByRole('article', { name: 'Card payment' });
    expect(router.state.location.search).toBe('?ticket=tk-1');
    const body = within(conversation).getByText(/Where is my/);
    expect(body.textContent).toBe('Where is my <script>alert(1)</script> deposit?\nSent Monday.');
    expect(conversation.querySelector('script')).toBeNull();
    expect(within(conversation).getByRole('link', { name: 'Ann Lee' }).getAttribute('href')).toBe(
      '/adminDashboard/clients/c-1',
    );
    expect(screen.getByRole('link', { name: /Card payment/ }).getAttribute('aria-current')).toBe(
      'true',
    );
    await waitFor(() => expect(document.activeElement?.textContent).toBe('Card payment'));
  });

  it('will not send an empty reply, then posts the reply and refetches the inbox', async () => {
    signInAsStaff(api, 'support');
    let replied = false;
    const answered = ticket({
      status: 'answered',
      messages: [
        ...CLIENT_TICKET.messages,
        {
          id: 'm-2',
          author: 'staff',
          body: 'It arrived today.',
          createdAt: '2026-03-03T15:00:00.000Z',
        },
      ],
    });
    api
      .on(`GET ${LIST}`, () => ({ status: 200, body: { items: replied ? [] : [CLIENT_TICKET] } }))
      .on(`GET ${LIST}/tk-1`, () => ({ status: 200, body: replied ? answered : CLIENT_TICKET }))
      .on(`POST ${LIST}/tk-1/reply`, () => {
        replied = true;
        return { status: 200, body: answered };
      });
    const { user } = renderInbox('?ticket=tk-1');
    const conversation = await screen.findByRole('article', { name: 'Card payment' });

    await user.click(within(conversation).getByRole('button', { name: 'Send reply' }));
    expect(await within(conversation).findByText('Please write your message')).toBeTruthy();
    expect(api.requests.some((r) => r.method === 'POST')).toBe(false);

    await user.type(within(conversation).getByLabelText('Reply'), '  It arrived today.  ');
    await user.click(within(conversation).getByRole('button', { name: 'Send reply' }));

    expect(await screen.findByText('Reply sent to ann@example.com.')).toBeTruthy();
    const post = api.requests.find((r) => r.method === 'POST');
    expect(post?.path).toBe(`${LIST}/tk-1/reply`);
    expect(post?.body).toEqual({ message: 'It arrived today.' });
    expect(post?.headers.get('x-auth-token')).toBe(STAFF_TOKEN);
    await waitFor(() => expect(gets(api, LIST)).toHaveLength(2));
    await waitFor(() => expect(gets(api, `${LIST}/tk-1`)).toHaveLength(2));
    expect(await screen.findByText('No open tickets.')).toBeTruthy();
    expect(within(conversation).getByText('It arrived today.')).toBeTruthy();
    expect(within(conversation).getByText('Answered')).toBeTruthy();
    expect(within(conversation).getByLabelText<HTMLTextAreaElement>('Reply').value).toBe('');
  });

  it('closes and reopens a ticket', async () => {
    signInAsStaff(api, 'operations');
    let current = CLIENT_TICKET;
    api
      .on(`GET ${LIST}`, () => ({ status: 200, body: { items: [current] } }))
      .on(`GET ${LIST}/tk-1`, () => ({ status: 200, body: current }))
      .on(`POST ${LIST}/tk-1/close`, () => {
        current = { ...CLIENT_TICKET, status: 'closed' };
        return { status: 200, body: current };
      })
      .on(`POST ${LIST}/tk-1/reopen`, () => {
        current = { ...CLIENT_TICKET, status: 'open' };
        return { status: 200, body: current };
      });
    const { user } = renderInbox('?status=all&ticket=tk-1');
    const conversation = await screen.findByRole('article', { name: 'Card payment' });

    await user.click(within(conversation).getByRole('button', { name: 'Close ticket' }));
    expect(await within(conversation).findByText('Ticket closed.')).toBeTruthy();
    expect(within(conversation).getByText('Closed', { selector: '.pill' })).toBeTruthy();

    await user.click(within(conversation).getByRole('button', { name: 'Reopen ticket' }));
    expect(await within(conversation).findByText('Ticket reopened.')).toBeTruthy();
    expect(api.requests.filter((r) => r.method === 'POST').map((r) => r.path)).toEqual([
      `${LIST}/tk-1/close`,
      `${LIST}/tk-1/reopen`,
    ]);
    await waitFor(() => expect(gets(api, LIST).length).toBeGreaterThanOrEqual(3));
  });

  it('shows no reply box or close button to a role without support:write', async () => {
    signInAsStaff(api, 'auditor');
    api
      .on(`GET ${LIST}`, { status: 200, body: { items: [CLIENT_TICKET] } })
      .on(`GET ${LIST}/tk-1`, { status: 200, body: CLIENT_TICKET });
    renderInbox('?ticket=tk-1');
    const conversation = await screen.findByRole('article', { name: 'Card payment' });
    await waitFor(() =>
      expect(api.requests.some((r) => r.path === '/api/adminDashboard/adminDashboard')).toBe(true),
    );
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(within(conversation).queryByLabelText('Reply')).toBeNull();
    expect(within(conversation).queryByRole('button')).toBeNull();
  });
});
