// The portal's account page: change password (current password required, other sessions end)
// and the client's own support tickets.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { supportMessages } from '../../db/schema.js';
import { clientCaller, get, post } from '../../test/money-fixtures.js';
import { createTestApp } from '../../test/test-app.js';
import type { TestApp } from '../../test/test-app.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

describe('POST /api/account/password', () => {
  it('needs the current password; afterwards other sessions are signed out, this one stays', async () => {
    const client = await clientCaller(t);
    const otherDevice = { headers: { 'user-token': await t.login(client.email, client.password) } };

    const wrong = await post(t, '/api/account/password', client, {
      currentPassword: 'not-my-password',
      newPassword: 'brand-new-pass',
      confirmPassword: 'brand-new-pass',
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toMatchObject({
      code: 'VALIDATION_FAILED',
      fields: { currentPassword: ['Your current password is not correct'] },
    });
    expect((await get(t, '/api/userDashboard/send/', otherDevice)).statusCode).toBe(200);

    const changed = await post(t, '/api/account/password', client, {
      currentPassword: client.password,
      newPassword: 'brand-new-pass',
      confirmPassword: 'brand-new-pass',
    });
    expect(changed.statusCode).toBe(200);
    expect(changed.json()).toEqual({
      message: 'Password changed. Other devices have been signed out.',
    });
    expect((await get(t, '/api/userDashboard/send/', otherDevice)).statusCode).toBe(401);
    expect((await get(t, '/api/userDashboard/send/', client)).statusCode).toBe(200);
    await expect(t.login(client.email, client.password)).rejects.toThrow();
    expect(await t.login(client.email, 'brand-new-pass')).toMatch(/^[\w-]{43}$/);
  });

  it('checks the new password with the registration rules', async () => {
    const client = await clientCaller(t);
    const response = await post(t, '/api/account/password', client, {
      currentPassword: client.password,
      newPassword: 'short',
      confirmPassword: 'other',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().fields).toEqual({
      newPassword: ['Password must be at least 6 characters'],
      confirmPassword: ['Passwords do not match'],
    });
  });
});

describe('GET /api/support/tickets', () => {
  it("lists the client's own tickets with staff replies, never another client's", async () => {
    const client = await clientCaller(t);
    const stranger = await clientCaller(t);
    const sent = await post(t, '/api/support/send', client, {
      subject: 'Withdrawal timing',
      message: 'When will my withdrawal arrive?',
    });
    expect(sent.statusCode).toBe(201);
    await post(t, '/api/support/send', stranger, { subject: 'Mine', message: 'Private' });
    const ticketId = sent.json().ticketId as string;
    await t.database.db.insert(supportMessages).values({
      ticketId,
      authorKind: 'staff',
      body: 'Within one business day.',
    });

    const list = (await get(t, '/api/support/tickets', client)).json().items;
    expect(list).toHaveLength(1);
    expect(list[0]).toMatchObject({
      id: ticketId,
      subject: 'Withdrawal timing',
      status: 'open',
      messages: [
        { author: 'client', body: 'When will my withdrawal arrive?' },
        { author: 'staff', body: 'Within one business day.' },
      ],
    });
    expect((await get(t, '/api/support/tickets', { headers: {} })).statusCode).toBe(401);
  });
});
