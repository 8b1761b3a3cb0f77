import { MESSAGES } from '@brokerdesk/shared';
import { screen, waitFor } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { installFakeApi, type FakeApi } from '../../../testing/fake-api';
import { errorOf } from '../../../testing/field-error';
import { renderAt } from '../../../testing/render';
import { postsTo, STAFF_TOKEN } from '../testing/admin-form-fixtures';
import { ClientRegistrationForm } from './client-registration-form';

const PATH = '/api/staff/clients';

let api: FakeApi;

beforeEach(() => {
  api = installFakeApi();
  window.localStorage.setItem('admin-token', STAFF_TOKEN);
});

const input = (label: string) => screen.getByLabelText<HTMLInputElement>(label, { exact: true });

async function fill(user: UserEvent) {
  await user.type(input('First Name'), 'Grace');
  await user.type(input('Last Name'), 'Hopper');
  await user.type(input('Email'), 'Grace@Example.com');
  await user.type(input('Phone Number'), '(202) 555-0100');
  await user.type(input('Password'), 'cobol-1959');
  await user.type(input('Confirm Password'), 'cobol-1959');
  await user.selectOptions(screen.getByLabelText('Country'), 'United States');
}

async function submit(user: UserEvent) {
  await user.click(screen.getByRole('button', { name: 'Register' }));
}

describe('Manage Registration', () => {
  it('shows the registration form’s own messages and sends nothing', async () => {
    const { user } = renderAt(<ClientRegistrationForm />, '/adminDashboard/registration');
    await submit(user);

    const m = MESSAGES.register;
    await waitFor(() => expect(errorOf(input('First Name'))).toBe('First name is required'));
    expect(errorOf(input('Last Name'))).toBe(m.lastNameRequired);
    expect(errorOf(input('Email'))).toBe('Email is required');
    expect(errorOf(input('Phone Number'))).toBe('Phone number is required');
    expect(errorOf(input('Password'))).toBe('Password is required');
    expect(errorOf(input('Confirm Password'))).toBe('Please confirm your password');
    expect(errorOf(screen.getByLabelText('Country'))).toBe('Please select a country');
    expect(postsTo(api, PATH)).toHaveLength(0);
  });

  it('checks the e-mail shape, the password length and that the passwords match', async () => {
    const { user } = renderAt(<ClientRegistrationForm />, '/adminDashboard/registration');
    await user.type(input('Email'), 'not an email');
    await user.type(input('Password'), '12345');
    await user.type(input('Confirm Password'), '54321');
    await submit(user);

    await waitFor(() => expect(errorOf(input('Email'))).toBe('Please enter a valid email'));
    expect(errorOf(input('Password'))).toBe('Password must be at least 6 characters');
    expect(errorOf(input('Confirm Password'))).toBe('Passwords do not match');
  });

  it('creates the client through the staff endpoint, says ✅ and clears the form', async () => {
    api.on(`POST ${PATH}`, {
      status: 201,
      body: { message: 'Registration successful', clientId: 'c-1' },
    });
    const { user } = renderAt(<ClientRegistrationForm />, '/adminDashboard/registration');
    await fill(user);
    await submit(user);

    await waitFor(() =>
      expect(screen.getByRole('status').textContent).toBe('✅ Registration successful'),
    );
    expect(MESSAGES.backOffice.clientCreated).toBe('✅ Registration successful');
    const [post] = postsTo(api, PATH);
    expect(post?.headers.get('x-auth-token')).toBe(STAFF_TOKEN);
    expect(post?.body).toEqual({
      firstName: 'Grace',
      lastName: 'Hopper',
      email: 'grace@example.com',
      phone: '+12025550100',
      password: 'cobol-1959',
      confirmPassword: 'cobol-1959',
      country: 'United States',
    });
    expect(input('First Name').value).toBe('');
    expect(input('Email').value).toBe('');
  });

  it('shows the server’s words when the e-mail is taken (409)', async () => {
    api.on(`POST ${PATH}`, {
      status: 409,
      body: { message: 'Email already registered', code: 'EMAIL_TAKEN' },
    });
    const { user } = renderAt(<ClientRegistrationForm />, '/adminDashboard/registration');
    await fill(user);
    await submit(user);

    await waitFor(() =>
      expect(screen.getByRole('status').textContent).toBe('❌ Email already registered'),
    );
    expect(input('First Name').value).toBe('Grace');
  });

  it('says ❌ Registration failed for any other failure', async () => {
    api.on(`POST ${PATH}`, {
      status: 500,
      body: { message: 'Internal server error', code: 'INTERNAL' },
    });
    const { user } = renderAt(<ClientRegistrationForm />, '/adminDashboard/registration');
    await fill(user);
    await submit(user);

    await waitFor(() =>
      expect(screen.getByRole('status').textContent).toBe(
        '❌ Registration failed. Please try again.',
      ),
    );
    expect(screen.queryByText('Internal server error')).toBeNull();
  });

  it('puts the server’s field messages under their fields', async () => {
    api.on(`POST ${PATH}`, {
      status: 400,
      body: {
        message: 'Phone number must contain digits only',
        code: 'VALIDATION_FAILED',
        fields: { phone: ['Phone number must contain digits only'] },
      },
    });
    const { user } = renderAt(<ClientRegistrationForm />, '/adminDashboard/registration');
    await fill(user);
    await submit(user);

    await waitFor(() =>
      expect(errorOf(input('Phone Number'))).toBe('Phone number must contain digits only'),
    );
    expect(screen.getByRole('status').textContent).toBe(MESSAGES.backOffice.clientCreateFailed);
  });
});
