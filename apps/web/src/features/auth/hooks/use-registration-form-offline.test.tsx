import { MESSAGES } from '@brokerdesk/shared';
import { screen } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { installFakeApi, type FakeApi } from '../../../testing/fake-api';
import { renderAt } from '../../../testing/render';
import { RegistrationForm } from '../components/registration-form';

// The first two fetches of the validation module fail (on mount, then on the first submit).
const failures = vi.hoisted(() => ({ left: 2 }));

vi.mock('../registration-validation', async (importOriginal) => {
  if (failures.left > 0) {
    failures.left -= 1;
    throw new TypeError('Failed to fetch dynamically imported module');
  }
  return importOriginal();
});

let api: FakeApi;

beforeEach(() => {
  api = installFakeApi();
});

describe('useRegistrationForm when its validation cannot be fetched', () => {
  it('shows the failure line, and the next submit fetches it again', async () => {
    const { user } = renderAt(<RegistrationForm />, '/userRegister');
    await user.click(screen.getByRole('button', { name: 'Register' }));

    const status = await screen.findByText(MESSAGES.register.failure);
    expect(status.getAttribute('role')).toBe('status');
    expect(screen.queryByText(MESSAGES.register.firstNameRequired)).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Register' }));
    expect(await screen.findByText(MESSAGES.register.firstNameRequired)).toBeTruthy();
    expect(api.requests).toHaveLength(0);
  });
});
