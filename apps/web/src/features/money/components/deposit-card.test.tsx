import { MESSAGES, PAYMENT_INSTRUCTIONS } from '@brokerdesk/shared';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { installFakeApi, type FakeApi } from '../../../testing/fake-api';
import { moneyRequest } from '../../../testing/money-request';
import { renderAt } from '../../../testing/render';
import { signIn, summary, TOKEN } from '../testing/money-fixtures';
import { DepositCard } from './deposit-card';

const PATH = '/userDashboard/depositWithdrawal';

function amountField(): HTMLInputElement {
  return screen.getByLabelText('Amount (USD)');
}

function alertText(): string {
  return screen.getByRole('alert').textContent ?? '';
}

function methodsGroup(): HTMLElement {
  return screen.getByRole('group', { name: /Choose how to pay/ });
}

function depositPosts(api: FakeApi) {
  return api.requests.filter((r) => r.method === 'POST' && r.path === '/api/deposits');
}

/** Renders the card once the summary (the first-deposit minimum) has arrived. */
async function renderCard(minimumDepositMinor = 1) {
  api.on('GET /api/money/summary', { status: 200, body: summary({ minimumDepositMinor }) });
  const view = renderAt(<DepositCard />, PATH);
  await waitFor(() => expect(document.querySelector('.skeleton')).toBeNull());
  return view;
}

let api: FakeApi;
beforeEach(() => {
  api = installFakeApi();
  signIn();
});
afterEach(() => vi.useRealTimers());

describe('DepositCard', () => {
  it('asks for an amount before showing any method', async () => {
    const { user } = await renderCard();
    await user.click(screen.getByRole('button', { name: 'Deposit' }));

    expect(alertText()).toBe('⚠️ Please enter an amount before depositing.');
    expect(alertText()).toBe(MESSAGES.deposit.amountRequired);
    expect(amountField().getAttribute('aria-invalid')).toBe('true');
    expect(screen.queryByRole('group')).toBeNull();
    expect(depositPosts(api)).toHaveLength(0);
  });

  it('rejects an amount with more than two decimals without a float', async () => {
    const { user } = await renderCard();
    await user.type(amountField(), '10.005');
    await user.click(screen.getByRole('button', { name: 'Deposit' }));

    expect(alertText()).toBe(MESSAGES.money.amountTooManyDecimals);
    expect(screen.queryByRole('group')).toBeNull();
  });

  it('lists the eight methods in the seed order, Bitcoin recommended', async () => {
    const { user } = await renderCard();
    await user.type(amountField(), '500');
    await user.click(screen.getByRole('button', { name: 'Deposit' }));

    const buttons = within(methodsGroup()).getAllByRole('button');
    expect(buttons.map((b) => b.querySelector('.money-method-name')?.textContent)).toEqual([
      'Bitcoin',
      'Bank Transfer',
      'Credit Card',
      'Yandex',
      'Neteller',
      'Webmoney',
      'QiWi Wallet',
      'Skrill',
    ]);
    expect(within(buttons[0]!).getByText('Recommended')).toBeTruthy();
    expect(buttons.filter((b) => b.textContent?.includes('Recommended'))).toHaveLength(1);
    expect(within(methodsGroup()).getByRole('heading').textContent).toBe(
      'Choose how to pay $500.00',
    );
  });

  it('creates a Bitcoin deposit with an idempotency key, then shows the address and the demo notice', async () => {
    api.on('POST /api/deposits', {
      status: 201,
      body: { request: moneyRequest({ amountMinor: 50_000, method: 'bitcoin' }) },
    });
    const { user } = await renderCard();
    await user.type(amountField(), '500');
    await user.click(screen.getByRole('button', { name: 'Deposit' }));
    await user.click(within(methodsGroup()).getByRole('button', { name: /^Bitcoin/ }));

    expect(await screen.findByText(PAYMENT_INSTRUCTIONS.bitcoinAddress)).toBeTruthy();
    const [post] = depositPosts(api);
    expect(post?.body).toEqual({ amountMinor: 50000, method: 'bitcoin' });
    expect(post?.headers.get('Idempotency-Key')).toMatch(/^[0-9a-f-]{36}$/);
    expect(post?.headers.get('user-token')).toBe(TOKEN);

    expect(screen.getByRole('status').textContent).toBe(MESSAGES.money.depositRequested);
    expect(screen.getByText('Demo — do not send funds').className).toContain('demo-notice');
    expect(screen.getByText('$500.00')).toBeTruthy();
    // Cleared and hidden: a second deposit starts from the amount.
    expect(amountField().value).toBe('');
    expect(screen.queryByRole('group')).toBeNull();
    // Focus follows the pressed button's replacement, not the amount (which would start over).
    expect(document.activeElement).toBe(
      screen.getByText(PAYMENT_INSTRUCTIONS.bitcoinAddress).closest('.money-created'),
    );
  });

  it('shows Sending… on the chosen method and disables the list while the request is out', async () => {
    api.on('POST /api/deposits', 'pending');
    const { user } = await renderCard();
    await user.type(amountField(), '500');
    await user.click(screen.getByRole('button', { name: 'Deposit' }));
    await user.click(within(methodsGroup()).getByRole('button', { name: /^Skrill/ }));

    const skrill = within(methodsGroup()).getByRole('button', { name: /^Skrill/ });
    expect(skrill.textContent).toContain('Sending…');
    for (const button of within(methodsGroup()).getAllByRole('button')) {
      expect((button as HTMLButtonElement).disabled).toBe(true);
    }
  });

  it('copies the address and says Copied for two seconds', async () => {
    const writeText = vi.fn().mockResolvedValue(undefined);
    vi.spyOn(navigator.clipboard, 'writeText').mockImplementation(writeText);
    api.on('POST /api/deposits', { status: 201, body: { request: moneyRequest() } });
    const { user } = await renderCard();
    await user.type(amountField(), '500');
    await user.click(screen.getByRole('button', { name: 'Deposit' }));
    await user.click(within(methodsGroup()).getByRole('button', { name: /^Bitcoin/ }));
    await screen.findByText(PAYMENT_INSTRUCTIONS.bitcoinAddress);

    vi.useFakeTimers();
    fireEvent.click(screen.getByRole('button', { name: 'Copy' }));
    await act(async () => {});
    expect(writeText).toHaveBeenCalledWith(PAYMENT_INSTRUCTIONS.bitcoinAddress);
    expect(screen.getByRole('button', { name: MESSAGES.money.copied })).toBeTruthy();

    act(() => vi.advanceTimersByTime(1999));
    expect(screen.getByRole('button', { name: 'Copied' })).toBeTruthy();
    act(() => vi.advanceTimersByTime(1));
    expect(screen.getByRole('button', { name: 'Copy' })).toBeTruthy();
    expect(screen.queryByText('Copied')).toBeNull();
  });

  it('selects the address when the clipboard refuses', async () => {
    vi.spyOn(navigator.clipboard, 'writeText').mockRejectedValue(new Error('denied'));
    api.on('POST /api/deposits', { status: 201, body: { request: moneyRequest() } });
    const { user } = await renderCard();
    await user.type(amountField(), '500');
    await user.click(screen.getByRole('button', { name: 'Deposit' }));
    await user.click(within(methodsGroup()).getByRole('button', { name: /^Bitcoin/ }));
    await screen.findByText(PAYMENT_INSTRUCTIONS.bitcoinAddress);

    await user.click(screen.getByRole('button', { name: 'Copy' }));

    expect(await screen.findByText(/press Ctrl\+C/)).toBeTruthy();
    expect(window.getSelection()?.toString()).toBe(PAYMENT_INSTRUCTIONS.bitcoinAddress);
    expect(screen.queryByRole('button', { name: 'Copied' })).toBeNull();
  });

  it('shows the payments team note for a method without an address', async () => {
    api.on('POST /api/deposits', {
      status: 201,
      body: { request: moneyRequest({ method: 'bank-transfer' }) },
    });
    const { user } = await renderCard();
    await user.type(amountField(), '500');
    await user.click(screen.getByRole('button', { name: 'Deposit' }));
    await user.click(within(methodsGroup()).getByRole('button', { name: /^Bank Transfer/ }));

    expect(await screen.findByText(/Our payments team will send you the details/)).toBeTruthy();
    expect(screen.queryByText(PAYMENT_INSTRUCTIONS.bitcoinAddress)).toBeNull();
    expect(screen.getByText('Demo — do not send funds')).toBeTruthy();
    expect(depositPosts(api)[0]?.body).toEqual({ amountMinor: 50000, method: 'bank-transfer' });
  });

  it('starts over when the amount field gets focus', async () => {
    api.on('POST /api/deposits', { status: 201, body: { request: moneyRequest() } });
    const { user } = await renderCard();
    await user.type(amountField(), '500');
    await user.click(screen.getByRole('button', { name: 'Deposit' }));
    expect(methodsGroup()).toBeTruthy();

    await user.click(amountField());
    expect(screen.queryByRole('group')).toBeNull();
    expect(amountField().value).toBe('500');

    await user.click(screen.getByRole('button', { name: 'Deposit' }));
    await user.click(within(methodsGroup()).getByRole('button', { name: /^Bitcoin/ }));
    await screen.findByText(PAYMENT_INSTRUCTIONS.bitcoinAddress);

    await user.click(amountField());
    expect(screen.queryByText(PAYMENT_INSTRUCTIONS.bitcoinAddress)).toBeNull();
    expect(screen.getByRole('status').textContent).toBe('');
  });

  it('shows the first-deposit minimum and refuses less before asking the server', async () => {
    const { user } = await renderCard(30_000);
    expect(await screen.findByText('Minimum first deposit: $300.00')).toBeTruthy();

    await user.type(amountField(), '299.99');
    await user.click(screen.getByRole('button', { name: 'Deposit' }));

    expect(alertText()).toBe(MESSAGES.money.belowMinimumDeposit);
    expect(screen.queryByRole('group')).toBeNull();
    expect(depositPosts(api)).toHaveLength(0);
  });

  it('hides the minimum once it is a single cent', async () => {
    await renderCard(1);
    expect(screen.queryByText(/Minimum first deposit/)).toBeNull();
  });

  it('shows the server’s message when it refuses the amount', async () => {
    api.on('POST /api/deposits', {
      status: 400,
      body: {
        message: MESSAGES.money.belowMinimumDeposit,
        code: 'VALIDATION_FAILED',
        fields: { amountMinor: [MESSAGES.money.belowMinimumDeposit] },
      },
    });
    const { user } = await renderCard(1);
    await user.type(amountField(), '100');
    await user.click(screen.getByRole('button', { name: 'Deposit' }));
    await user.click(within(methodsGroup()).getByRole('button', { name: /^Bitcoin/ }));

    await waitFor(() => expect(alertText()).toBe(MESSAGES.money.belowMinimumDeposit));
    expect(screen.queryByRole('group')).toBeNull();
    expect(amountField().value).toBe('100');
  });

  it('reuses the idempotency key when the same choice is retried after a lost answer', async () => {
    let calls = 0;
    api.on('POST /api/deposits', () => {
      calls += 1;
      return calls === 1 ? 'network-error' : { status: 201, body: { request: moneyRequest() } };
    });
    const { user } = await renderCard();
    await user.type(amountField(), '500');
    await user.click(screen.getByRole('button', { name: 'Deposit' }));
    await user.click(within(methodsGroup()).getByRole('button', { name: /^Bitcoin/ }));
    await waitFor(() => expect(alertText()).toMatch(/Could not reach the server/));

    await user.click(within(methodsGroup()).getByRole('button', { name: /^Bitcoin/ }));
    await screen.findByText(PAYMENT_INSTRUCTIONS.bitcoinAddress);

    const [first, second] = depositPosts(api);
    expect(first?.headers.get('Idempotency-Key')).toBeTruthy();
    expect(second?.headers.get('Idempotency-Key')).toBe(first?.headers.get('Idempotency-Key'));
  });

  it('uses a new idempotency key for a new deposit', async () => {
    api.on('POST /api/deposits', { status: 201, body: { request: moneyRequest() } });
    const { user } = await renderCard();
    for (let round = 0; round < 2; round += 1) {
      await user.type(amountField(), '500');
      await user.click(screen.getByRole('button', { name: 'Deposit' }));
      await user.click(within(methodsGroup()).getByRole('button', { name: /^Bitcoin/ }));
      await screen.findByText(PAYMENT_INSTRUCTIONS.bitcoinAddress);
    }
    const [first, second] = depositPosts(api);
    expect(second?.headers.get('Idempotency-Key')).not.toBe(first?.headers.get('Idempotency-Key'));
  });

  describe('before proof of ID and of residence are approved (decision 104)', () => {
    const NOT_UPLOADED = [
      { kind: 'id', state: 'not-uploaded' },
      { kind: 'residence', state: 'not-uploaded' },
    ];
    const LIMIT_TEXT =
      'Until your proof of ID and proof of residence are approved, deposits are limited to ' +
      '$2,000.00 in total: you can request up to $1,500.00 more. Still needed: proof of ID ' +
      '(not uploaded yet) and proof of residence (not uploaded yet).';

    function limits(depositRemainingMinor: number | null) {
      api.on('GET /api/documents/limits', {
        status: 200,
        body: {
          missing: depositRemainingMinor === null ? [] : NOT_UPLOADED,
          withdrawalsAllowed: depositRemainingMinor === null,
          depositLimitMinor: 200_000,
          depositedMinor: 50_000,
          depositRemainingMinor,
        },
      });
    }

    it('says how much may still be requested and what is missing, before anything is typed', async () => {
      limits(150_000);
      await renderCard();
      expect(await screen.findByText(LIMIT_TEXT)).toBeTruthy();
      const link = screen.getByRole('link', {
        name: 'Upload your documents on the verification page',
      });
      expect(link.getAttribute('href')).toBe('/userDashboard/verification');
      expect(amountField().value).toBe('');
    });

    it('shows the server’s refusal past the limit, with the way to the verification page', async () => {
      const refusal =
        'Until your proof of ID and proof of residence are approved, deposits are limited to ' +
        '$2,000.00 in total: you can request up to $100.00 more. Still needed: proof of ID ' +
        '(not uploaded yet) and proof of residence (not uploaded yet).';
      api.on('POST /api/deposits', {
        status: 403,
        body: { message: refusal, code: 'DOCUMENTS_REQUIRED' },
      });
      const { user } = await renderCard();
      await user.type(amountField(), '500');
      await user.click(screen.getByRole('button', { name: 'Deposit' }));
      await user.click(within(methodsGroup()).getByRole('button', { name: /^Bitcoin/ }));

      await waitFor(() => expect(alertText()).toBe(refusal));
      expect(
        screen.getByRole('link', { name: 'Upload your documents on the verification page' }),
      ).toBeTruthy();
    });

    it('says nothing about documents once they are approved', async () => {
      limits(null);
      await renderCard();
      await waitFor(() =>
        expect(api.requests.some((r) => r.path === '/api/documents/limits')).toBe(true),
      );
      // Let the answer arrive and render.
      await act(() => new Promise((resolve) => setTimeout(resolve, 20)));
      expect(screen.queryByText(/Still needed/)).toBeNull();
      expect(screen.queryByRole('link')).toBeNull();
    });
  });
});
