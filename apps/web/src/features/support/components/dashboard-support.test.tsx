import { MESSAGES } from '@brokerdesk/shared';
import type { SupportTicket } from '@brokerdesk/shared';
import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { installFakeApi, type FakeApi } from '../../../testing/fake-api';
import { renderAt } from '../../../testing/render';
import { DashboardSupport } from './dashboard-support';

const TICKET_ID = '3f1c6d2e-8a4b-4c1d-9e2f-0a1b2c3d4e5f';

const ANSWERED: SupportTicket = {
  id: 't-1',
  subject: 'Withdrawal timing',
  status: 'answered',
  createdAt: '2026-03-02T09:00:00.000Z',
  updatedAt: '2026-03-02T11:30:00.000Z',
  messages: [
    {
      id: 'm-1',
      author: 'client',
      body: 'How long does a <b>withdrawal</b> take?',
      createdAt: '2026-03-02T09:00:00.000Z',
    },
    {
      id: 'm-2',
      author: 'staff',
      body: 'Usually one business day.\nWe will e-mail you when it is approved.',
      createdAt: '2026-03-02T11:30:00.000Z',
    },
  ],
};

function field(label: string): HTMLInputElement | HTMLTextAreaElement {
  return screen.getByLabelText(label, { exact: true });
}

function status(): string {
  return screen.getByRole('status').textContent ?? '';
}

function ticketRequests() {
  return api.requests.filter((request) => request.path === '/api/support/tickets');
}

function renderSupport() {
  return renderAt(<DashboardSupport />, '/userDashboard/support');
}

let api: FakeApi;

beforeEach(() => {
  api = installFakeApi();
  window.localStorage.setItem('user-token', 'tok-1');
  api.on('GET /api/support/tickets', { status: 200, body: { items: [] } });
  vi.spyOn(console, 'error').mockImplementation(() => {});
});

describe('Dashboard support page', () => {
  it('sends subject and message with the token and no e-mail, then clears both fields', async () => {
    api.on('POST /api/support/send', {
      status: 201,
      body: { message: 'Thanks! We will reply here.', ticketId: TICKET_ID },
    });
    const { user } = renderSupport();
    expect(screen.queryByLabelText(/e-mail/i)).toBeNull();

    await user.type(field('Subject'), 'Deposit question');
    await user.type(field('Message'), 'Is bank transfer available?');
    await user.click(screen.getByRole('button', { name: 'Send Message' }));

    await waitFor(() => expect(status()).toBe('Thanks! We will reply here.'));
    expect(field('Subject').value).toBe('');
    expect(field('Message').value).toBe('');
    const sent = api.requests.find((request) => request.path === '/api/support/send');
    expect(sent?.body).toEqual({
      subject: 'Deposit question',
      message: 'Is bank transfer available?',
    });
    expect(sent?.headers.get('user-token')).toBe('tok-1');
    expect(sent?.headers.get('Idempotency-Key')).toBeTruthy();
    // The ticket list is read again, so the new ticket shows up.
    await waitFor(() => expect(ticketRequests()).toHaveLength(2));
  });

  it('says Sending... while the message is on its way', async () => {
    api.on('POST /api/support/send', 'pending');
    const { user } = renderSupport();
    await user.type(field('Message'), 'Hello');
    await user.click(screen.getByRole('button', { name: 'Send Message' }));

    await waitFor(() => expect(status()).toBe(MESSAGES.support.sending));
    expect(
      (screen.getByRole('button', { name: 'Send Message' }) as HTMLButtonElement).disabled,
    ).toBe(true);
  });

  it('shows the dashboard failure text and keeps the fields when sending fails', async () => {
    api.on('POST /api/support/send', { status: 500, body: { message: 'Internal error' } });
    const { user } = renderSupport();
    await user.type(field('Subject'), 'Deposit question');
    await user.type(field('Message'), 'Is bank transfer available?');
    await user.click(screen.getByRole('button', { name: 'Send Message' }));

    await waitFor(() => expect(status()).toBe('Failed to send message. Try again later.'));
    expect(field('Subject').value).toBe('Deposit question');
    expect(field('Message').value).toBe('Is bank transfer available?');
  });

  it('lists the tickets with their status and the staff reply, as plain text', async () => {
    api.on('GET /api/support/tickets', {
      status: 200,
      body: {
        items: [ANSWERED, { ...ANSWERED, id: 't-2', subject: '', status: 'closed', messages: [] }],
      },
    });
    renderSupport();

    const ticket = await screen.findByRole('article', { name: 'Withdrawal timing' });
    expect(within(ticket).getByText('Answered')).toBeTruthy();
    const messages = within(ticket).getAllByRole('listitem');
    expect(messages).toHaveLength(2);
    expect(messages[0]?.textContent).toContain('You');
    // Sent as text, shown as text: no <b> element is created.
    expect(messages[0]?.textContent).toContain('How long does a <b>withdrawal</b> take?');
    expect(ticket.querySelector('b')).toBeNull();
    expect(messages[1]?.textContent).toContain('Support');
    expect(messages[1]?.textContent).toContain('Usually one business day.');
    expect(messages[1]?.querySelector('time')?.getAttribute('datetime')).toBe(
      '2026-03-02T11:30:00.000Z',
    );
    const closed = screen.getByRole('article', { name: 'No subject' });
    expect(within(closed).getByText('Closed')).toBeTruthy();
    expect(ticketRequests()[0]?.headers.get('user-token')).toBe('tok-1');
  });

  it('says so when there are no tickets yet, and shows the FAQ', async () => {
    renderSupport();

    expect(await screen.findByText('You have no support tickets yet.')).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Frequently asked questions' })).toBeTruthy();
    expect(document.querySelectorAll('details')).toHaveLength(5);
  });
});
