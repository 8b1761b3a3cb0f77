import type { StaffRole } from '@brokerdesk/shared';
import { screen } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { installFakeApi, type FakeApi } from '../../../testing/fake-api';
import { renderAt } from '../../../testing/render';
import { NOT_ALLOWED, PermissionGate } from './permission-gate';

let api: FakeApi;

beforeEach(() => {
  api = installFakeApi();
  window.localStorage.setItem('admin-token', 'staff-1');
});

function renderAs(role: StaffRole) {
  api.on('GET /api/adminDashboard/adminDashboard', {
    status: 200,
    body: { username: role, role, totpEnrolled: true, sessionScope: 'full' },
  });
  renderAt(
    <PermissionGate permission="money:write">
      <p>The money form</p>
    </PermissionGate>,
    '/adminDashboard/transaction',
  );
}

describe('PermissionGate', () => {
  it('shows the page to a role with the permission', async () => {
    renderAs('operations');
    expect(await screen.findByText('The money form')).toBeTruthy();
  });

  it('tells a role without it that the page is not theirs', async () => {
    renderAs('support');
    expect((await screen.findByRole('alert')).textContent).toBe(NOT_ALLOWED);
    expect(screen.queryByText('The money form')).toBeNull();
  });
});
