// Helpers for money tests: staff of a given role, clients with tokens, and requests through the
// real HTTP API (app.inject), so tests read like what a caller does.
import { randomUUID } from 'node:crypto';
import type { StaffRole } from '@brokerdesk/shared';
import type { LightMyRequestResponse } from 'fastify';
import { eq, isNotNull } from 'drizzle-orm';
import { clients, staff } from '../db/schema.js';
import { TEST_ADMIN_PASSWORD } from './test-app.js';
import type { TestApp } from './test-app.js';

export interface Caller {
  /** user-token or x-auth-token */
  headers: Record<string, string>;
}

export async function clientCaller(
  testApp: TestApp,
  ref?: string,
  options: { verified?: boolean } = {},
) {
  const client = await testApp.createClient(ref ? { ref } : {}, options);
  const token = await testApp.login(client.email, client.password);
  const summary = await testApp.app.inject({
    method: 'GET',
    url: '/api/referrals',
    headers: { 'user-token': token },
  });
  const me = await testApp.app.inject({
    method: 'GET',
    url: '/api/userDashboard/send/',
    headers: { 'user-token': token },
  });
  const [row] = await testApp.database.db
    .select({ id: clients.id })
    .from(clients)
    .where(eq(clients.email, client.email));
  if (!row) throw new Error('registered client not found');
  return {
    ...client,
    id: row.id,
    token,
    headers: { 'user-token': token },
    code: summary.json<{ code: string }>().code,
    firstName: me.json<{ userInfo: { firstName: string } }>().userInfo.firstName,
  };
}

/** A staff member of `role` (STAFF_2FA=optional apps) and their signed-in headers. */
export async function staffCaller(testApp: TestApp, role: StaffRole): Promise<Caller> {
  const username = `${role}-${randomUUID().slice(0, 8)}`;
  const [owner] = await testApp.database.db
    .select({ passwordHash: staff.passwordHash })
    .from(staff)
    .where(isNotNull(staff.passwordHash))
    .limit(1);
  if (!owner?.passwordHash) throw new Error('no staff account to copy a password hash from');
  await testApp.database.db
    .insert(staff)
    .values({ username, passwordHash: owner.passwordHash, role });
  const token = await testApp.staffLogin(username, TEST_ADMIN_PASSWORD);
  return { headers: { 'x-auth-token': token } };
}

export function post(
  testApp: TestApp,
  url: string,
  caller: Caller,
  payload?: unknown,
  idempotencyKey?: string,
): Promise<LightMyRequestResponse> {
  return testApp.app.inject({
    method: 'POST',
    url,
    headers: {
      ...caller.headers,
      ...(idempotencyKey ? { 'idempotency-key': idempotencyKey } : {}),
    },
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
  });
}

export function get(testApp: TestApp, url: string, caller: Caller) {
  return testApp.app.inject({ method: 'GET', url, headers: caller.headers });
}
