import { screen } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { installFakeApi, type FakeApi } from '../../../testing/fake-api';
import { renderAt } from '../../../testing/render';
import { PasswordResetForm } from './password-reset-form';

let api: FakeApi;

beforeEach(() => {
  api = installFakeApi();
});

describe('PasswordResetForm', () => {
  it('says honestly that reset by e-mail is not available, without pretending a mail was sent', async () => {
    const { user } = renderAt(<PasswordResetForm />, '/passwordReset');
    const email = screen.getByLabelText('Email') as HTMLInputElement;
    expect(email.required).toBe(true);
    expect(email.type).toBe('email');
    await user.type(email, 'ada@example.com');
    await user.click(screen.getByRole('button', { name: 'Send Reset Link' }));

    expect(
      await screen.findByText(
        'Password reset by e-mail is not available yet. Please contact support.',
      ),
    ).toBeTruthy();
    expect(screen.queryByText(/sent|check your inbox/i)).toBeNull();
    expect(api.requests).toHaveLength(0);
  });
});
