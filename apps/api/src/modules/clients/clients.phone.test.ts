// Issue 16, item 11: registration takes the phone as people type it and stores E.164, read in
// the context of the chosen country (decision 107), on the public and the staff path alike.
import { DashboardResponseSchema, MESSAGES } from '@brokerdesk/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { get, post, staffCaller } from '../../test/money-fixtures.js';
import type { Caller } from '../../test/money-fixtures.js';
import { createTestApp, registrationBody } from '../../test/test-app.js';
import type { TestApp } from '../../test/test-app.js';

let t: TestApp;
let owner: Caller;
beforeAll(async () => {
  t = await createTestApp({ env: { STAFF_2FA: 'optional' } });
  owner = await staffCaller(t, 'owner');
});
afterAll(async () => {
  await t?.close();
});

async function dashboardPhone(email: string, password: string): Promise<string> {
  const token = await t.login(email, password);
  const response = await t.app.inject({
    method: 'GET',
    url: '/api/userDashboard/send/',
    headers: { 'user-token': token },
  });
  expect(response.statusCode).toBe(200);
  return DashboardResponseSchema.parse(response.json()).userInfo.phone;
}

describe('registration phone numbers', () => {
  it.each([
    ['+49 151 23456789', 'Germany', '+4915123456789'],
    ['0151-2345678', 'Germany', '+491512345678'],
    ['4915123456789', 'Germany', '+4915123456789'],
    ['(212) 555-0123', 'United States', '+12125550123'],
  ] as const)('registers %j with %s and the dashboard shows %s', async (phone, country, e164) => {
    const body = registrationBody({ phone, country });
    const response = await t.register(body);
    expect(response.statusCode).toBe(201);
    expect(response.json()).toEqual({ message: 'Registration successful' });
    expect(await dashboardPhone(body.email, body.password)).toBe(e164);
  });

  it('stores E.164 when staff create the client (Manage Registration)', async () => {
    const body = registrationBody({ phone: '0151 2345 6789', country: 'Germany' });
    const created = await post(t, '/api/staff/clients', owner, body);
    expect(created.statusCode).toBe(201);
    const { clientId } = created.json<{ clientId: string }>();
    const detail = await get(t, `/api/staff/clients/${clientId}`, owner);
    expect(detail.json<{ client: { phone: string } }>().client.phone).toBe('+4915123456789');
  });

  it('answers 400 naming the country for a number that cannot be one there', async () => {
    for (const phone of ['abc', '+49 151', '0151 2345678 ext. 9']) {
      const response = await t.register({ phone, country: 'Germany' });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({
        code: 'VALIDATION_FAILED',
        message: 'Please enter a valid phone number for Germany',
        fields: { phone: [MESSAGES.register.phoneInvalid('Germany')] },
      });
    }
  });
});
