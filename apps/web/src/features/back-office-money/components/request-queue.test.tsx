import { MESSAGES, type StaffMoneyRequestList } from '@brokerdesk/shared';
import { screen, waitFor, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { signInAsStaff, STAFF_TOKEN } from '../../../testing/back-office';
import { installFakeApi, type FakeApi } from '../../../testing/fake-api';
import { moneyRequest } from '../../../testing/money-request';
import { renderRoutes } from '../../../testing/render';
import { RequestQueue } from './request-queue';

type Item = StaffMoneyRequestList['items'][number];

const PATH = '/adminDashboard/requests';
const HOUR = 3_600_000;

function item(overrides: Partial<Item> = {}): Item {
  const date = overrides.date ?? new Date(Date.now() - 3 * HOUR - 60_000).toISOString();
  return {
    ...moneyRequest({ id: 'dep-1', date }),
    client: { id: 'client-1', name: 'Ann Lee', email: 'ann@example.com' },
    ...overrides,
  };
}

const DEPOSIT = item({ needsDocuments: true, method: 'credit-card' });
const WITHDRAWAL = item({
  id: 'wd-1',
  type: 'withdrawal',
  direction: 'debit',
  amountMinor: 20_000,
  feeMinor: 580,
  method: 'skrill',
  destination: 'ann@skrill.example',
  date: new Date(Date.now() - 2 * 24 * HOUR - 60_000).toISOString(),
  client: { id: 'client-2', name: 'Bo Chen', email: 'bo@example.com' },
});

function renderQueue() {
  return renderRoutes([{ path: PATH, element: <RequestQueue /> }], PATH);
}

function queueGets(api: FakeApi) {
  return api.requests.filter((r) => r.method === 'GET' && r.path === '/api/staff/money-requests');
}

function rowOf(name: string): HTMLElement {
  const link = screen.getByRole('link', { name });
  const row = link.closest('tr');
  if (!row) throw new Error(`no row for ${name}`);
  return row;
}

/** Every decision is asked for first; this answers the dialog with its own button. */
async function answerDialog(user: UserEvent, dialogName: RegExp | string, button: string) {
  const dialog = await screen.findByRole('dialog', { name: dialogName });
  await user.click(within(dialog).getByRole('button', { name: button }));
  return dialog;
}

let api: FakeApi;
beforeEach(() => {
  api = installFakeApi();
});

describe('RequestQueue', () => {
  it('lists pending requests with client, fee, method, destination, age and flags', async () => {
    signInAsStaff(api, 'operations');
    api.on('GET /api/staff/money-requests', {
      status: 200,
      body: { items: [WITHDRAWAL, DEPOSIT] },
    });
    renderQueue();

    const withdrawal = await waitFor(() => rowOf('Bo Chen'));
    const cells = within(withdrawal)
      .getAllByRole('cell')
      .map((cell) => cell.textContent);
    expect(cells.slice(0, 6)).toEqual([
      'Bo Chenbo@example.com',
      'Withdrawal',
      '$200.00',
      '$5.80',
      'Skrill',
      'ann@skrill.example',
    ]);
    expect(cells[6]).toMatch(/^2 d/);
    expect(within(withdrawal).getByText('Over a day')).toBeTruthy();
    expect(within(withdrawal).getByRole('button', { name: /^Approve/ })).toBeTruthy();

    const deposit = rowOf('Ann Lee');
    expect(within(deposit).getAllByRole('cell')[6]?.textContent).toMatch(/^3 h/);
    expect(within(deposit).getByText('Card documents needed')).toBeTruthy();
    expect(within(deposit).getByRole('link', { name: 'Ann Lee' }).getAttribute('href')).toBe(
      '/adminDashboard/clients/client-1',
    );
    expect(
      within(deposit).getByRole('button', { name: 'Confirm deposit of $500.00 by Ann Lee' }),
    ).toBeTruthy();
    expect(queueGets(api)[0]?.headers.get('x-auth-token')).toBe(STAFF_TOKEN);
  });

  it('confirms a deposit with an Idempotency-Key, removes the row and refetches the queue', async () => {
    signInAsStaff(api, 'owner');
    let answered = false;
    api
      .on('GET /api/staff/money-requests', () => ({
        status: 200,
        body: { items: answered ? [WITHDRAWAL] : [DEPOSIT, WITHDRAWAL] },
      }))
      .on('POST /api/staff/deposits/dep-1/confirm', () => {
        answered = true;
        return {
          status: 200,
          body: {
            message: MESSAGES.transaction.success,
            transaction: { ...DEPOSIT, status: 'completed', client: undefined },
          },
        };
      });
    const { user } = renderQueue();
    await waitFor(() => rowOf('Ann Lee'));

    await user.click(screen.getByRole('button', { name: /^Confirm deposit/ }));
    await answerDialog(user, 'Confirm the deposit of $500.00 by Ann Lee?', 'Confirm deposit');

    expect((await screen.findByRole('status')).textContent).toBe(
      'Deposit of $500.00 by Ann Lee confirmed.',
    );
    const post = api.requests.find((r) => r.path === '/api/staff/deposits/dep-1/confirm');
    expect(post?.method).toBe('POST');
    expect(post?.headers.get('Idempotency-Key')).toMatch(/^[0-9a-f-]{36}$/);
    expect(post?.headers.get('x-auth-token')).toBe(STAFF_TOKEN);
    expect(screen.queryByRole('link', { name: 'Ann Lee' })).toBeNull();
    await waitFor(() => expect(queueGets(api)).toHaveLength(2));
    expect(screen.getByRole('link', { name: 'Bo Chen' })).toBeTruthy();
  });

  it('asks before confirming: what, whose and how much; Cancel sends nothing', async () => {
    signInAsStaff(api, 'owner');
    api.on('GET /api/staff/money-requests', { status: 200, body: { items: [DEPOSIT] } });
    const { user } = renderQueue();
    const confirm = await screen.findByRole('button', { name: /^Confirm deposit/ });
    await user.click(confirm);

    const dialog = await screen.findByRole('dialog', {
      name: 'Confirm the deposit of $500.00 by Ann Lee?',
    });
    expect(dialog.textContent).toContain('credited to the client’s balance');
    const cancel = within(dialog).getByRole('button', { name: 'Cancel' });
    expect(document.activeElement).toBe(cancel);
    await user.click(cancel);

    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(confirm);
    expect(api.requests.filter((r) => r.method === 'POST')).toHaveLength(0);
  });

  it('announces the result at once and keeps it while the queue is still reloading', async () => {
    signInAsStaff(api, 'owner');
    let answered = false;
    api
      // The reload after the decision does not answer: the result must not wait for it.
      .on('GET /api/staff/money-requests', () =>
        answered ? 'pending' : { status: 200, body: { items: [DEPOSIT, WITHDRAWAL] } },
      )
      .on('POST /api/staff/deposits/dep-1/confirm', () => {
        answered = true;
        return {
          status: 200,
          body: { message: 'ok', transaction: { ...DEPOSIT, status: 'completed' } },
        };
      });
    const { user } = renderQueue();
    await user.click(await screen.findByRole('button', { name: /^Confirm deposit/ }));
    await answerDialog(user, 'Confirm the deposit of $500.00 by Ann Lee?', 'Confirm deposit');

    const status = await screen.findByRole('status');
    await waitFor(() =>
      expect(status.textContent).toBe('Deposit of $500.00 by Ann Lee confirmed.'),
    );
    expect(screen.queryByRole('link', { name: 'Ann Lee' })).toBeNull();
    await user.click(screen.getByRole('button', { name: /^Approve/ }));
    await user.keyboard('{Escape}');
    expect(status.textContent).toBe('Deposit of $500.00 by Ann Lee confirmed.');
  });

  it('says a first approval under the four-eyes rule needs a second, and flags the row', async () => {
    signInAsStaff(api, 'owner');
    const endorsed = {
      ...DEPOSIT,
      needsDocuments: false,
      events: [...DEPOSIT.events, { kind: 'endorsed' as const, at: DEPOSIT.date, reason: null }],
    };
    let answered = false;
    api
      .on('GET /api/staff/money-requests', () => ({
        status: 200,
        body: { items: answered ? [endorsed] : [DEPOSIT] },
      }))
      .on('POST /api/staff/deposits/dep-1/confirm', () => {
        answered = true;
        return {
          status: 200,
          body: {
            message: MESSAGES.money.endorsed,
            transaction: { ...endorsed, client: undefined },
          },
        };
      });
    const { user } = renderQueue();
    await waitFor(() => rowOf('Ann Lee'));
    await user.click(screen.getByRole('button', { name: /^Confirm deposit/ }));
    await answerDialog(user, 'Confirm the deposit of $500.00 by Ann Lee?', 'Confirm deposit');

    expect((await screen.findByRole('status')).textContent).toBe(
      `Deposit of $500.00 by Ann Lee: ${MESSAGES.money.endorsed}`,
    );
    await waitFor(() =>
      expect(within(rowOf('Ann Lee')).getByText('Needs a second approval')).toBeTruthy(),
    );
  });

  it('approves a withdrawal on its own endpoint', async () => {
    signInAsStaff(api, 'operations');
    api
      .on('GET /api/staff/money-requests', { status: 200, body: { items: [WITHDRAWAL] } })
      .on('POST /api/staff/withdrawals/wd-1/approve', {
        status: 200,
        body: { message: 'ok', transaction: { ...WITHDRAWAL, status: 'completed' } },
      });
    const { user } = renderQueue();
    await user.click(await screen.findByRole('button', { name: /^Approve/ }));
    await answerDialog(user, 'Approve the withdrawal of $200.00 by Bo Chen?', 'Approve withdrawal');
    expect((await screen.findByRole('status')).textContent).toBe(
      'Withdrawal of $200.00 by Bo Chen approved.',
    );
  });

  it('will not reject without a reason, then sends the reason once', async () => {
    signInAsStaff(api, 'owner');
    api
      .on('GET /api/staff/money-requests', { status: 200, body: { items: [DEPOSIT] } })
      .on('POST /api/staff/deposits/dep-1/reject', {
        status: 200,
        body: { message: 'ok', transaction: { ...DEPOSIT, status: 'rejected' } },
      });
    const { user } = renderQueue();
    await user.click(await screen.findByRole('button', { name: /^Reject deposit/ }));

    const dialog = await screen.findByRole('dialog', {
      name: 'Reject deposit of $500.00 by Ann Lee',
    });
    await user.click(within(dialog).getByRole('button', { name: 'Reject deposit' }));

    expect(
      await within(dialog).findByText('Please give a reason the client will see'),
    ).toBeTruthy();
    expect(within(dialog).getByLabelText('Reason').getAttribute('aria-invalid')).toBe('true');
    expect(api.requests.some((r) => r.method === 'POST')).toBe(false);

    await user.type(
      within(dialog).getByLabelText('Reason'),
      'The card was not in the client’s name',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Reject deposit' }));

    expect((await screen.findByRole('status')).textContent).toBe(
      'Deposit of $500.00 by Ann Lee rejected.',
    );
    const posts = api.requests.filter((r) => r.method === 'POST');
    expect(posts).toHaveLength(1);
    expect(posts[0]?.path).toBe('/api/staff/deposits/dep-1/reject');
    expect(posts[0]?.body).toEqual({ reason: 'The card was not in the client’s name' });
    expect(posts[0]?.headers.get('Idempotency-Key')).toBeTruthy();
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('shows the server’s message when someone else already resolved the request', async () => {
    signInAsStaff(api, 'owner');
    api
      .on('GET /api/staff/money-requests', { status: 200, body: { items: [DEPOSIT] } })
      .on('POST /api/staff/deposits/dep-1/confirm', {
        status: 409,
        body: { message: 'This request is already completed', code: 'CONFLICT' },
      });
    const { user } = renderQueue();
    await user.click(await screen.findByRole('button', { name: /^Confirm/ }));
    await answerDialog(user, /^Confirm the deposit/, 'Confirm deposit');

    await waitFor(() =>
      expect(screen.getByRole('alert').textContent).toBe(
        'Deposit of $500.00 by Ann Lee: This request is already completed',
      ),
    );
    await waitFor(() => expect(queueGets(api)).toHaveLength(2));
  });

  it('reuses the idempotency key when the same decision is retried after a lost answer', async () => {
    signInAsStaff(api, 'owner');
    let attempts = 0;
    api
      .on('GET /api/staff/money-requests', { status: 200, body: { items: [DEPOSIT] } })
      .on('POST /api/staff/deposits/dep-1/confirm', () => {
        attempts += 1;
        return attempts === 1
          ? 'network-error'
          : {
              status: 200,
              body: { message: 'ok', transaction: { ...DEPOSIT, status: 'completed' } },
            };
      });
    const { user } = renderQueue();
    await user.click(await screen.findByRole('button', { name: /^Confirm/ }));
    // A lost answer leaves the dialog open with the reason, to try again from there.
    const dialog = await answerDialog(user, /^Confirm the deposit/, 'Confirm deposit');
    await waitFor(() =>
      expect(within(dialog).getByRole('alert').textContent).toMatch(/Could not reach/),
    );
    await user.click(within(dialog).getByRole('button', { name: 'Confirm deposit' }));
    await screen.findByText('Deposit of $500.00 by Ann Lee confirmed.');

    const keys = api.requests
      .filter((r) => r.method === 'POST')
      .map((r) => r.headers.get('Idempotency-Key'));
    expect(keys).toHaveLength(2);
    expect(keys[0]).toBe(keys[1]);
  });

  it('shows no decision buttons to a role without money:write', async () => {
    signInAsStaff(api, 'support');
    api.on('GET /api/staff/money-requests', { status: 200, body: { items: [DEPOSIT] } });
    renderQueue();

    await waitFor(() => rowOf('Ann Lee'));
    await screen.findByText(/Your role can view them but not decide them/);
    expect(screen.queryByRole('button', { name: /Confirm|Reject|Approve/ })).toBeNull();
    expect(screen.queryByRole('columnheader', { name: 'Actions' })).toBeNull();
  });

  it('says so when the queue is empty, and offers a retry when it cannot load', async () => {
    signInAsStaff(api, 'owner');
    // A 4xx is not retried by the query client, so the panel shows at once.
    api.on('GET /api/staff/money-requests', { status: 404, body: { message: 'Not found' } });
    const { user } = renderQueue();

    expect(await screen.findByText('We could not load the pending requests.')).toBeTruthy();
    api.on('GET /api/staff/money-requests', { status: 200, body: { items: [] } });
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('No pending requests. Everything is up to date.')).toBeTruthy();
  });
});
