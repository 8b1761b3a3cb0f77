import { MESSAGES } from '@brokerdesk/shared';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { installFakeApi, type FakeApi } from '../../../testing/fake-api';
import { errorOf } from '../../../testing/field-error';
import { renderAt } from '../../../testing/render';
import { ADA, postsTo, signInWithClients, STAFF_TOKEN } from '../testing/admin-form-fixtures';
import { SubscriptionForm } from './subscription-form';

const PATH = '/api/subscribe/create';
const FAILED = '❌ Subscription failed. Please try again.';

let api: FakeApi;

beforeEach(() => {
  api = installFakeApi();
  signInWithClients(api);
});

const input = (label: string) => screen.getByLabelText<HTMLInputElement>(label, { exact: true });
const picker = () => screen.getByLabelText<HTMLSelectElement>('User');

async function renderForm() {
  const view = renderAt(<SubscriptionForm />, '/adminDashboard/subscription');
  await screen.findByRole('option', { name: 'Ada Lovelace — ada@example.com' });
  return view;
}

async function fill(user: UserEvent) {
  await user.selectOptions(picker(), ADA._id);
  await user.type(input('Plan name'), 'Gold');
  await user.type(input('Amount (USD)'), '1000.50');
  await user.type(input('Profit (%)'), '25');
  await user.type(input('Duration (days)'), '30');
  fireEvent.change(input('Start date'), { target: { value: '2026-03-01' } });
  fireEvent.change(input('End date'), { target: { value: '2026-03-31' } });
}

async function submit(user: UserEvent) {
  await user.click(screen.getByRole('button', { name: 'Subscribe' }));
}

describe('Manage Subscription', () => {
  it('offers every user as “userName — email”, fetched with the staff token', async () => {
    await renderForm();
    const options = Array.from(picker().options).map((option) => option.textContent);
    expect(options).toEqual([
      'Choose a user',
      'Ada Lovelace — ada@example.com',
      'Alan Turing — alan@example.com',
    ]);
    const list = api.requests.find((r) => r.path === '/api/allUsers/users');
    expect(list?.headers.get('x-auth-token')).toBe(STAFF_TOKEN);
    expect(input('Status').value).toBe('Active');
  });

  it('checks the fields with the shared rules and sends nothing', async () => {
    const { user } = await renderForm();
    await user.clear(input('Status'));
    await user.type(input('Duration (days)'), '0');
    await submit(user);

    const m = MESSAGES.money;
    await waitFor(() => expect(errorOf(picker())).toBe(m.clientRequired));
    expect(errorOf(input('Plan name'))).toBe(m.planNameRequired);
    expect(errorOf(input('Amount (USD)'))).toBe(m.amountInvalid);
    expect(errorOf(input('Duration (days)'))).toBe(m.durationInvalid);
    // Optional fields left empty are fine (status falls back to Active on the server).
    expect(errorOf(input('Profit (%)'))).toBeNull();
    expect(errorOf(input('Status'))).toBeNull();
    expect(postsTo(api, PATH)).toHaveLength(0);
  });

  it('rejects more than two decimals in the amount', async () => {
    const { user } = await renderForm();
    await fill(user);
    await user.clear(input('Amount (USD)'));
    await user.type(input('Amount (USD)'), '10.999');
    await submit(user);
    await waitFor(() =>
      expect(errorOf(input('Amount (USD)'))).toBe(MESSAGES.money.amountTooManyDecimals),
    );
    expect(postsTo(api, PATH)).toHaveLength(0);
  });

  it('sends the seed’s fields with an idempotency key and says ✅ Subscription successful', async () => {
    api.on(`POST ${PATH}`, {
      status: 201,
      body: {
        message: 'Subscription successful',
        subscription: {
          id: 's-1',
          planId: null,
          planName: 'Gold',
          amountMinor: 100_050,
          bonusMinor: 0,
          profitPercent: 25,
          durationDays: 30,
          status: 'Active',
          startDate: '2026-03-01',
          endDate: '2026-03-31',
          createdAt: '2026-03-01T00:00:00.000Z',
        },
      },
    });
    const { user } = await renderForm();
    await fill(user);
    await submit(user);

    await waitFor(() =>
      expect(screen.getByRole('status').textContent).toBe('✅ Subscription successful'),
    );
    const [post] = postsTo(api, PATH);
    expect(post?.body).toEqual({
      userId: ADA._id,
      planName: 'Gold',
      amount: '1000.50',
      profitPercent: '25',
      duration: '30',
      status: 'Active',
      startDate: '2026-03-01',
      endDate: '2026-03-31',
    });
    expect(post?.headers.get('x-auth-token')).toBe(STAFF_TOKEN);
    expect(post?.headers.get('Idempotency-Key')).toMatch(/^[0-9a-f-]{36}$/);
    expect(input('Plan name').value).toBe('');
    expect(picker().value).toBe('');
  });

  it('says ❌ and the server’s message when the balance does not cover the plan (409)', async () => {
    api.on(`POST ${PATH}`, {
      status: 409,
      body: { message: 'Insufficient funds', code: 'INSUFFICIENT_FUNDS' },
    });
    const { user } = await renderForm();
    await fill(user);
    await submit(user);

    await waitFor(() => expect(screen.getByRole('status').textContent).toContain(FAILED));
    expect(screen.getByRole('status').textContent).toBe(`${FAILED}Insufficient funds`);
    expect(screen.getByText('Insufficient funds')).toBeTruthy();
    expect(input('Plan name').value).toBe('Gold');
  });

  it('puts the server’s field errors under their fields, with the ❌ line', async () => {
    api.on(`POST ${PATH}`, {
      status: 400,
      body: {
        message: MESSAGES.money.profitPercentInvalid,
        code: 'VALIDATION_FAILED',
        fields: {
          profitPercent: [MESSAGES.money.profitPercentInvalid],
          endDate: [MESSAGES.money.dateInvalid],
        },
      },
    });
    const { user } = await renderForm();
    await fill(user);
    await submit(user);

    await waitFor(() =>
      expect(errorOf(input('Profit (%)'))).toBe(MESSAGES.money.profitPercentInvalid),
    );
    expect(errorOf(input('End date'))).toBe(MESSAGES.money.dateInvalid);
    expect(screen.getByRole('status').textContent).toBe(FAILED);
  });

  it('retries a lost answer with the same key, and a new submission gets a new one', async () => {
    api.on(`POST ${PATH}`, 'network-error');
    const { user } = await renderForm();
    await fill(user);
    await submit(user);
    await waitFor(() => expect(screen.getByRole('status').textContent).toContain(FAILED));
    await submit(user);
    await waitFor(() => expect(postsTo(api, PATH)).toHaveLength(2));

    api.on(`POST ${PATH}`, {
      status: 409,
      body: { message: 'Insufficient funds', code: 'INSUFFICIENT_FUNDS' },
    });
    await submit(user);
    await waitFor(() => expect(postsTo(api, PATH)).toHaveLength(3));
    await waitFor(() => expect(screen.getByText('Insufficient funds')).toBeTruthy());
    await submit(user);
    await waitFor(() => expect(postsTo(api, PATH)).toHaveLength(4));

    const keys = postsTo(api, PATH).map((r) => r.headers.get('Idempotency-Key'));
    expect(keys[1]).toBe(keys[0]);
    expect(keys[2]).toBe(keys[0]);
    // The 409 was a definite answer: pressing again is a new submission.
    expect(keys[3]).not.toBe(keys[2]);
  });

  it('keeps the button busy while the server answers', async () => {
    api.on(`POST ${PATH}`, 'pending');
    const { user } = await renderForm();
    await fill(user);
    await submit(user);
    const button = await screen.findByRole('button', { name: 'Subscribing…' });
    expect((button as HTMLButtonElement).disabled).toBe(true);
    expect(screen.getByRole('status').textContent).toBe('');
  });
});
