import { MESSAGES } from '@brokerdesk/shared';
import { act, screen } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { installFakeApi, type FakeApi } from '../../../testing/fake-api';
import { errorOf } from '../../../testing/field-error';
import { renderAt } from '../../../testing/render';
import { RegistrationForm } from '../components/registration-form';

// The validation module arrives when the test says so, or fails to once.
const fetchValidation = vi.hoisted(() => {
  let open: () => void = () => undefined;
  const state = { failNext: false, arrived: new Promise<void>((resolve) => (open = resolve)) };
  return { state, open: () => open() };
});

vi.mock('../registration-validation', async (importOriginal) => {
  await fetchValidation.state.arrived;
  if (fetchValidation.state.failNext) {
    fetchValidation.state.failNext = false;
    throw new TypeError('Failed to fetch dynamically imported module');
  }
  return importOriginal();
});

let api: FakeApi;

beforeEach(() => {
  api = installFakeApi();
});

function input(label: string): HTMLInputElement {
  return screen.getByLabelText(label, { exact: true, selector: 'input' });
}

describe('useRegistrationForm before its validation has arrived', () => {
  it('waits for it on submit, then shows the messages and focuses the first field', async () => {
    const { user } = renderAt(<RegistrationForm />, '/userRegister');
    await user.type(input('Password'), 'secret123');
    await user.click(screen.getByRole('button', { name: 'Register' }));

    expect(errorOf(input('First Name'))).toBeNull();
    expect(screen.getByRole('status').textContent).toBe('');
    // Not a silent form: the button says the details are being checked, and takes no second press.
    const checking = screen.getByRole('button', { name: 'Checking…' });
    expect((checking as HTMLButtonElement).disabled).toBe(true);

    await act(async () => fetchValidation.open());

    expect(await screen.findByText(MESSAGES.register.firstNameRequired)).toBeTruthy();
    expect(errorOf(input('Confirm Password'))).toBe(MESSAGES.register.confirmRequired);
    expect(errorOf(input('Password'))).toBeNull();
    expect(document.activeElement).toBe(input('First Name'));
    expect(screen.getByRole('button', { name: 'Register' })).toBe(checking);
    expect(api.requests).toHaveLength(0);
  });
});
