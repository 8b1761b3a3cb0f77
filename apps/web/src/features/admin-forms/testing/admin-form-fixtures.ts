import type { ClientListItem } from '@brokerdesk/shared';
import type { FakeApi } from '../../../testing/fake-api';

export const STAFF_TOKEN = 'staff-ops-1';

export const ADA: ClientListItem = {
  _id: '0b6f1d3c-2f6a-4a57-9a43-3c1f0c2d7e11',
  userName: 'Ada Lovelace',
  email: 'ada@example.com',
};
export const ALAN: ClientListItem = {
  _id: '7d0f2a4e-5b8c-4e1d-8f3a-9c6b2e4d1a22',
  userName: 'Alan Turing',
  email: 'alan@example.com',
};

/** A signed-in staff member and the seed's user list (GET /api/allUsers/users). */
export function signInWithClients(api: FakeApi, clients: ClientListItem[] = [ADA, ALAN]): void {
  window.localStorage.setItem('admin-token', STAFF_TOKEN);
  api.on('GET /api/allUsers/users', { status: 200, body: clients });
}

export function postsTo(api: FakeApi, path: string) {
  return api.requests.filter((r) => r.method === 'POST' && r.path === path);
}
