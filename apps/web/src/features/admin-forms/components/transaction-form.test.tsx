import { MESSAGES } from '@brokerdesk/shared';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { installFakeApi, type FakeApi, type RecordedRequest } from '../../../testing/fake-api';
import { errorOf } from '../../../testing/field-error';
import { renderAt } from '../../../testing/render';
import { ALAN, postsTo, signInWithClients, STAFF_TOKEN } from '../testing/admin-form-fixtures';
import { TransactionForm } from './transaction-form';

const PATH = '/api/transactions/transaction';
const FAILED = '❌ Transaction failed. Please try again.';
const LOCAL_DATE = '2026-03-03T14:05';

let api: FakeApi;

beforeEach(() => {
  api = installFakeApi();
  signInWithClients(api);
});

const input = (label: string) => screen.getByLabelText<HTMLInputElement>(label, { exact: true });
const select = (label: string) => screen.getByLabelText<HTMLSelectElement>(label, { exact: true });

async function renderForm() {
  const view = renderAt(<TransactionForm />, '/adminDashboard/transaction');
  await screen.findByRole('option', { name: 'Alan Turing — alan@example.com' });
  return view;
}

async function fill(user: UserEvent, type = 'Withdrawal') {
  await user.selectOptions(select('User'), ALAN._id);
  await user.selectOptions(select('Type'), type);
  await user.type(input('Amount (USD)'), '250.50');
  await user.selectOptions(select('Status'), 'Completed');
  fireEvent.change(input('Date'), { target: { value: LOCAL_DATE } });
}

async function submit(user: UserEvent) {
  await user.click(screen.getByRole('button', { name: 'Save transaction' }));
}

function created(): { status: number; body: unknown } {
  return {
    status: 201,
    body: {
      message: 'Transaction successful',
      transaction: {
        id: 't-1',
        type: 'withdrawal',
        direction: 'debit',
        amountMinor: 25_050,
        feeMinor: 0,
        status: 'completed',
        method: null,
        destination: null,
        reference: null,
        createdAt: '2026-03-03T14:05:00.000Z',
        timeline: [],
      },
    },
  };
}

describe('Manage Transaction', () => {
  it('offers the seed’s types and statuses', async () => {
    await renderForm();
    expect(Array.from(select('Type').options).map((o) => o.value)).toEqual([
      '',
      'Deposit',
      'Withdrawal',
      'Profit',
      'Bonus',
      'RefBonus',
      'Adjustment',
    ]);
    expect(Array.from(select('Status').options).map((o) => o.value)).toEqual([
      'Completed',
      'Pending',
      'Failed',
    ]);
    expect(input('Date').type).toBe('datetime-local');
  });

  it('checks user, type and amount with the shared rules and sends nothing', async () => {
    const { user } = await renderForm();
    await submit(user);

    await waitFor(() => expect(errorOf(select('User'))).toBe(MESSAGES.money.clientRequired));
    expect(errorOf(select('Type'))).toBe(MESSAGES.money.seedTypeInvalid);
    expect(errorOf(input('Amount (USD)'))).toBe(MESSAGES.money.amountInvalid);

    await user.type(input('Amount (USD)'), '0');
    await submit(user);
    await waitFor(() => expect(errorOf(input('Amount (USD)'))).toBe(MESSAGES.money.amountPositive));
    expect(postsTo(api, PATH)).toHaveLength(0);
  });

  it('sends {userId, type, amount, status, date} and says ✅ only once the server has answered', async () => {
    let answer: ((reply: { status: number; body: unknown }) => void) | undefined;
    let seen: RecordedRequest | undefined;
    // Hold the answer back, to see what the form shows before it arrives.
    const held = new Promise<{ status: number; body: unknown }>((resolve) => {
      answer = resolve;
    });
    const fakeFetch = globalThis.fetch;
    globalThis.fetch = (async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = new URL(String(input), 'http://localhost');
      if (url.pathname !== PATH) return fakeFetch(input, init);
      seen = {
        method: init?.method ?? 'GET',
        path: url.pathname,
        headers: new Headers(init?.headers),
        body: JSON.parse(String(init?.body)) as unknown,
      };
      const reply = await held;
      return new Response(JSON.stringify(reply.body), {
        status: reply.status,
        headers: { 'content-type': 'application/json' },
      });
    }) as typeof fetch;

    const { user } = await renderForm();
    await fill(user);
    await submit(user);

    const busy = await screen.findByRole('button', { name: 'Saving…' });
    expect((busy as HTMLButtonElement).disabled).toBe(true);
    // The seed said ✅ before the server answered; here nothing is said yet.
    expect(screen.getByRole('status').textContent).toBe('');
    expect(seen?.body).toEqual({
      userId: ALAN._id,
      type: 'Withdrawal',
      amount: '250.50',
      status: 'Completed',
      date: new Date(LOCAL_DATE).toISOString(),
    });
    expect(seen?.headers.get('x-auth-token')).toBe(STAFF_TOKEN);
    expect(seen?.headers.get('Idempotency-Key')).toMatch(/^[0-9a-f-]{36}$/);

    answer?.(created());
    await waitFor(() =>
      expect(screen.getByRole('status').textContent).toBe('✅ Transaction successful'),
    );
    expect(input('Amount (USD)').value).toBe('');
    expect(screen.getByRole('button', { name: 'Save transaction' })).toBeTruthy();
  });

  it('leaves the date out when it is empty (the server dates it now)', async () => {
    api.on(`POST ${PATH}`, created());
    const { user } = await renderForm();
    await fill(user, 'Bonus');
    fireEvent.change(input('Date'), { target: { value: '' } });
    await submit(user);
    await waitFor(() => expect(postsTo(api, PATH)).toHaveLength(1));
    expect(postsTo(api, PATH)[0]?.body).toEqual({
      userId: ALAN._id,
      type: 'Bonus',
      amount: '250.50',
      status: 'Completed',
    });
  });

  it('says ❌ and the server’s message for a withdrawal beyond the balance (409)', async () => {
    api.on(`POST ${PATH}`, {
      status: 409,
      body: {
        message: MESSAGES.money.withdrawalExceedsAvailable,
        code: 'INSUFFICIENT_FUNDS',
      },
    });
    const { user } = await renderForm();
    await fill(user);
    await submit(user);

    await waitFor(() => expect(screen.getByRole('status').textContent).toContain(FAILED));
    expect(screen.getByText(MESSAGES.money.withdrawalExceedsAvailable)).toBeTruthy();
    expect(input('Amount (USD)').value).toBe('250.50');
  });

  it('puts the server’s field errors under their fields', async () => {
    api.on(`POST ${PATH}`, {
      status: 400,
      body: {
        message: MESSAGES.money.onlyRequestsPending,
        code: 'VALIDATION_FAILED',
        fields: { status: [MESSAGES.money.onlyRequestsPending] },
      },
    });
    const { user } = await renderForm();
    await fill(user, 'Profit');
    await user.selectOptions(select('Status'), 'Pending');
    await submit(user);

    await waitFor(() => expect(errorOf(select('Status'))).toBe(MESSAGES.money.onlyRequestsPending));
    expect(screen.getByRole('status').textContent).toBe(FAILED);
  });

  it('says ❌ without details for a server error', async () => {
    api.on(`POST ${PATH}`, {
      status: 500,
      body: { message: 'Internal server error', code: 'INTERNAL' },
    });
    const { user } = await renderForm();
    await fill(user);
    await submit(user);
    await waitFor(() => expect(screen.getByRole('status').textContent).toBe(FAILED));
    expect(screen.queryByText('Internal server error')).toBeNull();
  });
});
