import type { StaffClientDetail, TransactionWithTimeline } from '@brokerdesk/shared';
import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { signInAsStaff, STAFF_TOKEN } from '../../../testing/back-office';
import { installFakeApi, type FakeApi } from '../../../testing/fake-api';
import { renderRoutes } from '../../../testing/render';
import { ClientDetail } from './client-detail';

const CLIENT_ID = 'c-1';
const DETAIL = `/api/staff/clients/${CLIENT_ID}`;

function transaction(overrides: Partial<TransactionWithTimeline> = {}): TransactionWithTimeline {
  return {
    id: 't-1',
    date: '2026-03-03T14:05:09.000Z',
    type: 'deposit',
    direction: 'credit',
    amountMinor: 50_000,
    feeMinor: 0,
    status: 'completed',
    method: 'bitcoin',
    destination: null,
    reason: null,
    needsDocuments: false,
    events: [
      { kind: 'requested', at: '2026-03-03T14:05:09.000Z', reason: null },
      { kind: 'confirmed', at: '2026-03-03T15:00:00.000Z', reason: null },
    ],
    ...overrides,
  };
}

const PENDING_DEPOSIT = transaction({
  id: 't-2',
  status: 'pending',
  amountMinor: 30_000,
  events: [{ kind: 'requested', at: '2026-03-04T09:00:00.000Z', reason: null }],
  date: '2026-03-04T09:00:00.000Z',
});
const REJECTED = transaction({
  id: 't-3',
  type: 'withdrawal',
  direction: 'debit',
  status: 'rejected',
  amountMinor: 10_000,
  feeMinor: 290,
  method: 'skrill',
  reason: 'Wallet name differs',
  events: [
    { kind: 'requested', at: '2026-03-01T09:00:00.000Z', reason: null },
    { kind: 'rejected', at: '2026-03-01T10:00:00.000Z', reason: 'Wallet name differs' },
  ],
});

function detail(overrides: Partial<StaffClientDetail['client']> = {}): StaffClientDetail {
  return {
    client: {
      id: CLIENT_ID,
      name: 'Ann Lee',
      firstName: 'Ann',
      lastName: 'Lee',
      email: 'ann@example.com',
      phone: '4915112345678',
      country: 'Germany',
      joinedAt: '2026-02-01T10:00:00.000Z',
      verified: true,
      disabled: false,
      balanceMinor: 150_000,
      referralCode: 'ANN123',
      referredBy: { id: 'c-9', name: 'Cy Park' },
      ...overrides,
    },
    balances: {
      balanceMinor: 150_000,
      availableMinor: 140_000,
      heldMinor: 10_000,
      liveTradingMinor: 0,
      depositedMinor: 120_000,
      profitMinor: 20_000,
      profitParts: [{ source: 'staff', amountMinor: 20_000 }],
      bonusMinor: 5_000,
      refBonusMinor: 5_000,
    },
    transactions: [PENDING_DEPOSIT, transaction(), REJECTED],
    subscriptions: [
      {
        id: 's-1',
        planId: 'gold',
        planName: 'Gold',
        amountMinor: 100_000,
        bonusMinor: 10_000,
        profitPercent: 0,
        durationDays: 30,
        status: 'Active',
        startDate: '2026-03-01',
        endDate: '2026-03-31',
      },
    ],
    tickets: [
      {
        id: 'tk-1',
        subject: 'Card payment',
        status: 'answered',
        createdAt: '2026-03-02T08:00:00.000Z',
        updatedAt: '2026-03-02T09:00:00.000Z',
        messages: [
          {
            id: 'm-1',
            author: 'client',
            body: '<b>Where</b> is my deposit?',
            createdAt: '2026-03-02T08:00:00.000Z',
          },
          {
            id: 'm-2',
            author: 'staff',
            body: 'Checking now.',
            createdAt: '2026-03-02T09:00:00.000Z',
          },
        ],
      },
    ],
    referrals: [
      {
        id: 'c-5',
        name: 'Dee Roe',
        email: 'dee@example.com',
        joinedAt: '2026-03-02T10:00:00.000Z',
      },
    ],
    sessions: [
      {
        createdAt: '2026-03-04T08:00:00.000Z',
        expiresAt: '2026-03-11T08:00:00.000Z',
        lastSeenAt: '2026-03-04T08:30:00.000Z',
        userAgent: 'Mozilla/5.0 (X11; Linux x86_64) Chrome/140.0',
      },
      {
        createdAt: '2026-03-05T08:00:00.000Z',
        expiresAt: '2026-03-12T08:00:00.000Z',
        lastSeenAt: '2026-03-05T08:10:00.000Z',
        userAgent: null,
      },
    ],
    mails: [
      {
        id: 'm-1',
        template: 'deposit-confirmed',
        subject: 'Deposit of $500.00 confirmed',
        state: 'sent',
        createdAt: '2026-03-05T09:00:00.000Z',
        sendAfter: '2026-03-05T09:00:00.000Z',
        sentAt: '2026-03-05T09:00:01.000Z',
        lastError: null,
      },
    ],
  };
}

function renderDetail() {
  return renderRoutes(
    [
      {
        path: '/adminDashboard/clients/:clientId',
        element: <ClientDetail clientId={CLIENT_ID} />,
      },
    ],
    `/adminDashboard/clients/${CLIENT_ID}`,
  );
}

function detailGets(api: FakeApi) {
  return api.requests.filter((r) => r.method === 'GET' && r.path === DETAIL);
}

let api: FakeApi;
beforeEach(() => {
  api = installFakeApi();
});

describe('ClientDetail', () => {
  it('shows the profile, the balances, the statement, plans, tickets, referrals and sessions', async () => {
    signInAsStaff(api, 'owner');
    api.on(`GET ${DETAIL}`, { status: 200, body: detail() });
    renderDetail();

    expect(await screen.findByRole('heading', { level: 1, name: 'Ann Lee' })).toBeTruthy();
    expect(api.requests.find((r) => r.path === DETAIL)?.headers.get('x-auth-token')).toBe(
      STAFF_TOKEN,
    );

    const balances = screen.getByRole('region', { name: 'Balances' });
    const figures = within(balances)
      .getAllByRole('term')
      .map((term) => `${term.textContent}: ${term.nextElementSibling?.textContent}`);
    expect(figures).toEqual([
      'Balance: $1,500.00',
      'Available: $1,400.00',
      'Held: $100.00',
      'Live trading: $0.00',
      'Deposited: $1,200.00',
      'Profit: $200.00',
      'Bonus: $50.00',
      'Ref. Bonus: $50.00',
    ]);
    expect(
      within(within(balances).getByRole('list', { name: 'Where the profit came from' }))
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Credited by staff: $200.00']);

    const profile = screen.getByRole('region', { name: 'Profile' });
    expect(within(profile).getByText('4915112345678')).toBeTruthy();
    expect(within(profile).getByText('ANN123')).toBeTruthy();
    expect(within(profile).getByRole('link', { name: 'Cy Park' }).getAttribute('href')).toBe(
      '/adminDashboard/clients/c-9',
    );

    const statement = screen.getByRole('table', { name: /Statement/ });
    const rejected = within(statement).getByText('Rejected', { selector: '.pill' }).closest('tr');
    if (!rejected) throw new Error('no rejected row');
    expect(within(rejected).getByText('−$100.00')).toBeTruthy();
    expect(within(rejected).getByText('2 events')).toBeTruthy();
    expect(within(rejected).getByText(/Reason: Wallet name differs/)).toBeTruthy();

    expect(screen.getByRole('cell', { name: 'Gold' })).toBeTruthy();
    const ticket = screen.getByRole('article', { name: /Card payment/ });
    // Shown as text, never parsed as HTML.
    expect(within(ticket).getByText('<b>Where</b> is my deposit?')).toBeTruthy();
    expect(ticket.querySelector('b')).toBeNull();
    expect(screen.getByRole('link', { name: 'Dee Roe' })).toBeTruthy();
    expect(screen.getByText('2 active sessions.')).toBeTruthy();

    expect(screen.getByRole('button', { name: 'Disable client' })).toBeTruthy();
    expect(screen.getByRole('button', { name: /^Confirm deposit of \$300\.00/ })).toBeTruthy();
  });

  it('counts the live trading account and shows a trading loss with a minus sign', async () => {
    signInAsStaff(api, 'support');
    const body = detail();
    // $500.00 in the wallet, $497.00 on the live account after a $3.00 loss.
    body.balances = {
      ...body.balances,
      balanceMinor: 99_700,
      availableMinor: 99_700,
      heldMinor: 0,
      liveTradingMinor: 49_700,
      depositedMinor: 100_000,
      profitMinor: -300,
      profitParts: [{ source: 'trading', amountMinor: -300 }],
    };
    api.on(`GET ${DETAIL}`, { status: 200, body });
    renderDetail();

    const balances = await screen.findByRole('region', { name: 'Balances' });
    const figure = (label: string) =>
      within(balances).getByText(label, { selector: 'dt' }).nextElementSibling?.textContent;
    expect(figure('Balance')).toBe('$997.00');
    expect(figure('Live trading')).toBe('$497.00');
    expect(figure('Profit')).toBe('\u2212$3.00');
    expect(
      within(balances).getByRole('list', { name: 'Where the profit came from' }).textContent,
    ).toBe('Realised by trades: \u2212$3.00');
  });

  it('hides Disable and the money actions from a support role', async () => {
    signInAsStaff(api, 'support');
    api.on(`GET ${DETAIL}`, { status: 200, body: detail() });
    renderDetail();

    await screen.findByRole('heading', { level: 1, name: 'Ann Lee' });
    await waitFor(() =>
      expect(api.requests.some((r) => r.path === '/api/adminDashboard/adminDashboard')).toBe(true),
    );
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(screen.queryByRole('button', { name: /Disable client|Enable client/ })).toBeNull();
    expect(screen.queryByRole('button', { name: /Confirm|Reject/ })).toBeNull();
    expect(screen.queryByRole('columnheader', { name: 'Actions' })).toBeNull();
  });

  it('says Client not found for an unknown id', async () => {
    signInAsStaff(api, 'owner');
    api.on(`GET ${DETAIL}`, {
      status: 404,
      body: { message: 'Client not found', code: 'NOT_FOUND' },
    });
    renderDetail();
    expect(await screen.findByRole('heading', { level: 1, name: 'Client not found' })).toBeTruthy();
    expect(screen.getByRole('link', { name: '← All clients' }).getAttribute('href')).toBe(
      '/adminDashboard/clients',
    );
  });

  it('disables a client only with a reason, then shows the refreshed state', async () => {
    signInAsStaff(api, 'operations');
    let disabled = false;
    api
      .on(`GET ${DETAIL}`, () => ({ status: 200, body: detail({ disabled }) }))
      .on(`POST ${DETAIL}/disable`, () => {
        disabled = true;
        return { status: 200, body: { ...detail().client, disabled: true } };
      });
    const { user } = renderDetail();

    await user.click(await screen.findByRole('button', { name: 'Disable client' }));
    const dialog = screen.getByRole('dialog', { name: 'Disable Ann Lee' });
    await user.click(within(dialog).getByRole('button', { name: 'Disable client' }));
    expect(
      await within(dialog).findByText('Please give a reason the client will see'),
    ).toBeTruthy();
    expect(api.requests.some((r) => r.method === 'POST')).toBe(false);

    await user.type(within(dialog).getByLabelText('Reason'), 'Chargeback fraud');
    await user.click(within(dialog).getByRole('button', { name: 'Disable client' }));

    expect(await screen.findByText('Ann Lee is disabled and signed out everywhere.')).toBeTruthy();
    const post = api.requests.find((r) => r.method === 'POST');
    expect(post?.path).toBe(`${DETAIL}/disable`);
    expect(post?.body).toEqual({ reason: 'Chargeback fraud' });
    await waitFor(() => expect(detailGets(api)).toHaveLength(2));
    expect(await screen.findByRole('button', { name: 'Enable client' })).toBeTruthy();
    expect(screen.getByText('Disabled', { selector: '.pill' })).toBeTruthy();
  });

  it('enables a disabled client', async () => {
    signInAsStaff(api, 'owner');
    api
      .on(`GET ${DETAIL}`, { status: 200, body: detail({ disabled: true }) })
      .on(`POST ${DETAIL}/enable`, { status: 200, body: detail().client });
    const { user } = renderDetail();
    await user.click(await screen.findByRole('button', { name: 'Enable client' }));
    expect(await screen.findByText('Ann Lee can sign in again.')).toBeTruthy();
    expect(api.requests.find((r) => r.method === 'POST')?.path).toBe(`${DETAIL}/enable`);
  });

  it('confirms the client’s pending deposit and reloads the client', async () => {
    signInAsStaff(api, 'owner');
    api
      .on(`GET ${DETAIL}`, { status: 200, body: detail() })
      .on('POST /api/staff/deposits/t-2/confirm', {
        status: 200,
        body: { message: 'ok', transaction: { ...PENDING_DEPOSIT, status: 'completed' } },
      });
    const { user } = renderDetail();
    await user.click(await screen.findByRole('button', { name: /^Confirm deposit of \$300\.00/ }));
    // Money moves only after the dialog's own button (decision 106).
    const dialog = await screen.findByRole('dialog', { name: /^Confirm the deposit of \$300\.00/ });
    await user.click(within(dialog).getByRole('button', { name: 'Confirm deposit' }));

    expect(await screen.findByText(/^Deposit of \$300\.00 requested .* confirmed\.$/)).toBeTruthy();
    const post = api.requests.find((r) => r.method === 'POST');
    expect(post?.headers.get('Idempotency-Key')).toBeTruthy();
    await waitFor(() => expect(detailGets(api)).toHaveLength(2));
  });
});

describe('ClientDetail posting (issue 16)', () => {
  const POSTINGS = `POST ${DETAIL}/postings`;

  it('will not post profit without the reason the client sees', async () => {
    signInAsStaff(api, 'operations');
    api.on(`GET ${DETAIL}`, { status: 200, body: detail() });
    const { user } = renderDetail();
    const form = await screen.findByRole('region', { name: 'Post to this client’s account' });
    await user.type(within(form).getByRole('textbox', { name: 'Amount (USD)' }), '40');
    await user.click(within(form).getByRole('button', { name: 'Post' }));

    const reason = within(form).getByRole('textbox', { name: 'Reason (the client sees it)' });
    expect(reason.getAttribute('aria-invalid')).toBe('true');
    expect(within(form).getByText('Please give a reason the client will see')).toBeTruthy();
    expect(api.requests.some((r) => r.method === 'POST')).toBe(false);
  });

  it('posts profit with its reason and says how the client will see it', async () => {
    signInAsStaff(api, 'owner');
    api.on(`GET ${DETAIL}`, { status: 200, body: detail() }).on(POSTINGS, {
      status: 201,
      body: {
        message: 'Posted',
        transaction: transaction({
          id: 't-9',
          type: 'profit',
          method: null,
          amountMinor: 4_000,
          reason: 'Q3 goodwill',
          enteredBy: 'staff',
          events: [{ kind: 'recorded', at: '2026-03-05T09:00:00.000Z', reason: 'Q3 goodwill' }],
        }),
      },
    });
    const { user } = renderDetail();
    const form = await screen.findByRole('region', { name: 'Post to this client’s account' });
    await user.selectOptions(within(form).getByRole('combobox', { name: 'Type' }), 'profit');
    await user.type(within(form).getByRole('textbox', { name: 'Amount (USD)' }), '40');
    await user.type(
      within(form).getByRole('textbox', { name: 'Reason (the client sees it)' }),
      'Q3 goodwill',
    );
    await user.click(within(form).getByRole('button', { name: 'Post' }));

    expect(
      await screen.findByText(
        'Credited $40.00 profit to Ann Lee. The client sees it as credited by staff, with your reason.',
      ),
    ).toBeTruthy();
    const post = api.requests.find((r) => r.method === 'POST');
    expect(post?.path).toBe(`${DETAIL}/postings`);
    expect(post?.body).toEqual({
      type: 'profit',
      direction: 'credit',
      amountMinor: 4_000,
      reason: 'Q3 goodwill',
    });
    expect(post?.headers.get('Idempotency-Key')).toBeTruthy();
  });

  it('marks the statement lines staff entered', async () => {
    signInAsStaff(api, 'owner');
    const body = detail();
    body.transactions = [
      transaction({ id: 't-9', type: 'profit', method: null, enteredBy: 'staff' }),
      ...body.transactions,
    ];
    api.on(`GET ${DETAIL}`, { status: 200, body });
    renderDetail();
    const statement = await screen.findByRole('table', { name: /Statement/ });
    expect(within(statement).getAllByText('Credited by staff')).toHaveLength(1);
  });
});

describe('ClientDetail e-mail', () => {
  it('lists recent mails and mails an unverified client a new link', async () => {
    signInAsStaff(api, 'operations');
    const body = detail();
    api.on(`GET ${DETAIL}`, {
      status: 200,
      body: { ...body, client: { ...body.client, verified: false } },
    });
    api.on(`POST ${DETAIL}/verification-link`, {
      status: 202,
      body: { message: 'We sent a new verification link to your e-mail address.' },
    });
    renderDetail();

    const section = await screen.findByRole('region', { name: 'E-mail' });
    expect(within(section).getByText(/not verified yet/)).toBeTruthy();
    const table = within(section).getByRole('table');
    expect(within(table).getByText('Deposit of $500.00 confirmed')).toBeTruthy();
    expect(within(table).getByText('Sent', { selector: '.pill' })).toBeTruthy();

    within(section).getByRole('button', { name: 'Send a new verification link' }).click();
    expect(await screen.findByText('A new verification link is on its way.')).toBeTruthy();
    expect(
      api.requests.some((r) => r.method === 'POST' && r.path.endsWith('/verification-link')),
    ).toBe(true);
  });

  it('offers no link to a verified client, nor to a role that cannot change clients', async () => {
    signInAsStaff(api, 'support');
    const body = detail();
    api.on(`GET ${DETAIL}`, {
      status: 200,
      body: { ...body, client: { ...body.client, verified: false } },
    });
    renderDetail();
    const section = await screen.findByRole('region', { name: 'E-mail' });
    await waitFor(() =>
      expect(api.requests.some((r) => r.path === '/api/adminDashboard/adminDashboard')).toBe(true),
    );
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(within(section).queryByRole('button')).toBeNull();
  });
});
