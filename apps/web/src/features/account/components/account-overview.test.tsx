import { LIMIT_MESSAGES, MESSAGES } from '@brokerdesk/shared';
import { PASSWORD_RULE_MESSAGES } from '@brokerdesk/shared/common-passwords';
import { screen, waitFor, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { dashboardResponse } from '../../../testing/dashboard-response';
import { installFakeApi, type FakeApi } from '../../../testing/fake-api';
import { errorOf } from '../../../testing/field-error';
import { renderAt } from '../../../testing/render';
import { AccountOverview } from './account-overview';

const DASHBOARD = dashboardResponse();

function input(label: string): HTMLInputElement {
  return screen.getByLabelText(label, { selector: 'input' });
}

/** The change-password form's result line (the devices section has one of its own). */
function status(): string {
  return passwordStatus().textContent ?? '';
}

function passwordStatus(): HTMLElement {
  return within(screen.getByRole('region', { name: 'Change password' })).getByRole('status');
}

async function fill(user: UserEvent, current: string, next: string, confirm: string) {
  await user.type(input('Current password'), current);
  await user.type(input('New password'), next);
  await user.type(input('Confirm new password'), confirm);
  await user.click(screen.getByRole('button', { name: 'Change password' }));
}

function passwordRequests() {
  return api.requests.filter((request) => request.path === '/api/account/password');
}

let api: FakeApi;

beforeEach(() => {
  api = installFakeApi();
  window.localStorage.setItem('user-token', 'tok-1');
  api.on('GET /api/userDashboard/send/', { status: 200, body: DASHBOARD });
  api.on('GET /api/account/sessions', { status: 200, body: { sessions: [] } });
  api.on('GET /api/account/preferences', { status: 200, body: { tradeConfirmations: false } });
});

describe('Account page', () => {
  it('shows skeletons while the details load', () => {
    api.on('GET /api/userDashboard/send/', 'pending');
    renderAt(<AccountOverview />, '/userDashboard/account');
    const details = screen.getByRole('region', { name: 'Personal Details' });
    expect(details.querySelectorAll('.skeleton')).toHaveLength(5);
    expect(details.textContent).not.toContain('Ada');
  });

  it('lists first name, last name, email, country and phone', async () => {
    renderAt(<AccountOverview />, '/userDashboard/account');
    const details = screen.getByRole('region', { name: 'Personal Details' });
    await waitFor(() => expect(details.textContent).toContain('Lovelace'));
    const rows = Array.from(details.querySelectorAll('.account-detail')).map((row) => [
      row.querySelector('dt')?.textContent,
      row.querySelector('dd')?.textContent,
    ]);
    expect(rows).toEqual([
      ['First name', 'Ada'],
      ['Last name', 'Lovelace'],
      ['Email', 'ada@example.com'],
      ['Country', 'Kenya'],
      ['Phone', '447700900123'],
    ]);
    expect(api.requests[0]?.headers.get('user-token')).toBe('tok-1');
  });

  it('changes the password: sends the three fields, shows the server message, clears the form', async () => {
    let release: () => void = () => {};
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    api.on('POST /api/account/password', { status: 200, body: { message: 'Password changed.' } });
    const fakeFetch = globalThis.fetch;
    const { user } = renderAt(<AccountOverview />, '/userDashboard/account');
    vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
      if (String(input).endsWith('/api/account/password')) await gate;
      return fakeFetch(input, init);
    });

    await fill(user, 'old-secret', 'new-secret-1', 'new-secret-1');

    const pending = await screen.findByRole('button', { name: 'Changing password…' });
    expect((pending as HTMLButtonElement).disabled).toBe(true);
    release();

    await waitFor(() => expect(status()).toBe('Password changed.'));
    expect(input('Current password').value).toBe('');
    expect(input('New password').value).toBe('');
    expect(input('Confirm new password').value).toBe('');
    const [request] = passwordRequests();
    expect(request?.method).toBe('POST');
    expect(request?.body).toEqual({
      currentPassword: 'old-secret',
      newPassword: 'new-secret-1',
      confirmPassword: 'new-secret-1',
    });
    expect(request?.headers.get('user-token')).toBe('tok-1');
    expect(passwordStatus().getAttribute('aria-live')).toBe('polite');
  });

  it('refuses a common new password and the current one under the new password, sending nothing', async () => {
    const { user } = renderAt(<AccountOverview />, '/userDashboard/account');
    await fill(user, 'old-secret', 'qwerty123', 'qwerty123');
    await waitFor(() =>
      expect(errorOf(input('New password'))).toBe(
        'This password is one of the most common and easy to guess; choose another',
      ),
    );
    expect(document.activeElement).toBe(input('New password'));

    await user.clear(input('Current password'));
    await user.clear(input('New password'));
    await user.clear(input('Confirm new password'));
    await fill(user, 'old-secret', 'old-secret', 'old-secret');
    await waitFor(() =>
      expect(errorOf(input('New password'))).toBe(PASSWORD_RULE_MESSAGES.sameAsCurrent),
    );
    expect(passwordRequests()).toHaveLength(0);
  });

  it("says the server's lock-out message on 429", async () => {
    api.on('POST /api/account/password', {
      status: 429,
      body: { code: 'LOCKED_OUT', message: LIMIT_MESSAGES.currentPasswordLocked },
    });
    const { user } = renderAt(<AccountOverview />, '/userDashboard/account');
    await fill(user, 'old-secret', 'new-secret-1', 'new-secret-1');
    await waitFor(() => expect(status()).toBe(LIMIT_MESSAGES.currentPasswordLocked));
  });

  it("says 'Passwords do not match' under the confirmation and sends nothing", async () => {
    const { user } = renderAt(<AccountOverview />, '/userDashboard/account');
    await fill(user, 'old-secret', 'new-secret-1', 'new-secret-2');

    await waitFor(() =>
      expect(errorOf(input('Confirm new password'))).toBe(MESSAGES.register.passwordsDiffer),
    );
    expect(input('Confirm new password').getAttribute('aria-invalid')).toBe('true');
    expect(passwordRequests()).toHaveLength(0);
  });

  it('puts a wrong current password from the server under that field and keeps the session', async () => {
    api.on('POST /api/account/password', {
      status: 400,
      body: {
        message: MESSAGES.account.currentPasswordWrong,
        code: 'VALIDATION_FAILED',
        fields: { currentPassword: [MESSAGES.account.currentPasswordWrong] },
      },
    });
    const { user } = renderAt(<AccountOverview />, '/userDashboard/account');
    await fill(user, 'not-my-password', 'new-secret-1', 'new-secret-1');

    await waitFor(() =>
      expect(errorOf(input('Current password'))).toBe(MESSAGES.account.currentPasswordWrong),
    );
    expect(document.activeElement).toBe(input('Current password'));
    expect(input('New password').value).toBe('new-secret-1');
    expect(status()).toBe('');
    expect(window.localStorage.getItem('user-token')).toBe('tok-1');
  });

  it('treats a 401 INVALID_CREDENTIALS as a wrong current password, not an ended session', async () => {
    api.on('POST /api/account/password', {
      status: 401,
      body: { message: 'Invalid credentials', code: 'INVALID_CREDENTIALS' },
    });
    const { user } = renderAt(<AccountOverview />, '/userDashboard/account');
    await fill(user, 'not-my-password', 'new-secret-1', 'new-secret-1');

    await waitFor(() =>
      expect(errorOf(input('Current password'))).toBe(MESSAGES.account.currentPasswordWrong),
    );
    expect(window.localStorage.getItem('user-token')).toBe('tok-1');
  });

  it('ends the session on any other 401', async () => {
    api.on('POST /api/account/password', {
      status: 401,
      body: { message: 'Not signed in', code: 'UNAUTHENTICATED' },
    });
    const { user } = renderAt(<AccountOverview />, '/userDashboard/account');
    await fill(user, 'old-secret', 'new-secret-1', 'new-secret-1');

    await waitFor(() => expect(window.localStorage.getItem('user-token')).toBeNull());
  });

  it('says so when the server fails, keeping what was typed', async () => {
    api.on('POST /api/account/password', { status: 500, body: { message: 'Internal error' } });
    const { user } = renderAt(<AccountOverview />, '/userDashboard/account');
    await fill(user, 'old-secret', 'new-secret-1', 'new-secret-1');

    await waitFor(() =>
      expect(status()).toBe('Your password could not be changed. Please try again.'),
    );
    expect(input('Current password').value).toBe('old-secret');
    const form = screen.getByRole('region', { name: 'Change password' });
    expect(within(form).getByRole('button', { name: 'Change password' })).toBeTruthy();
  });
});
