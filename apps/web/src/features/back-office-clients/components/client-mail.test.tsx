import type { StaffClientDetail } from '@brokerdesk/shared';
import { screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { formatTimestamp } from '../../../components/ui/timestamp';
import { installFakeApi } from '../../../testing/fake-api';
import { renderAt } from '../../../testing/render';
import { ClientMail } from './client-mail';

type Mail = StaffClientDetail['mails'][number];

function mail(overrides: Partial<Mail>): Mail {
  return {
    id: 'm-1',
    template: 'deposit-confirmed',
    subject: 'Deposit of $500.00 confirmed',
    state: 'sent',
    createdAt: '2026-03-05T09:00:00.000Z',
    // The worker pushed it past its lease when it picked the mail up: after the sending time.
    sendAfter: '2026-03-05T09:01:00.000Z',
    sentAt: '2026-03-05T09:00:01.000Z',
    lastError: null,
    ...overrides,
  };
}

beforeEach(() => {
  installFakeApi();
});

describe('ClientMail', () => {
  it('lists mails newest first, each queued before it was sent, and a queued one’s next try', () => {
    const sent = mail({});
    const waiting = mail({
      id: 'm-2',
      subject: 'Verify your e-mail address',
      state: 'queued',
      createdAt: '2026-03-06T10:00:00.000Z',
      sendAfter: '2026-03-06T10:05:00.000Z',
      sentAt: null,
      lastError: 'connection refused',
    });
    renderAt(
      <ClientMail
        clientId="c-1"
        verified
        canSend={false}
        mails={[sent, waiting]}
        onOutcome={() => undefined}
      />,
    );

    const table = screen.getByRole('table');
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual(['Subject', 'Status', 'Queued at', 'Sent at']);
    const rows = within(table).getAllByRole('row').slice(1);
    const cells = rows.map((row) =>
      within(row)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    );
    expect(cells).toEqual([
      [
        'Verify your e-mail address',
        'Queued connection refused',
        formatTimestamp('2026-03-06T10:00:00.000Z'),
        `Next try ${formatTimestamp('2026-03-06T10:05:00.000Z')}`,
      ],
      [
        'Deposit of $500.00 confirmed',
        'Sent',
        formatTimestamp('2026-03-05T09:00:00.000Z'),
        formatTimestamp('2026-03-05T09:00:01.000Z'),
      ],
    ]);
  });
});
