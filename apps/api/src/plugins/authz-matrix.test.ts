// The authorisation matrix (issue: back office): every route that declares `config.auth` ×
// {anonymous, a client, a staff session that may only enrol TOTP, each staff role} → the status
// the route's requirement and permission (STAFF_PERMISSIONS) imply. The table is the app's own
// route list (app.authRoutes), so a new route is covered the moment it exists.
// Then the objects of another client (IDOR): every client route that names an object in its path
// is tried with another client's object, from one table that must list each such route.
import { randomUUID } from 'node:crypto';
import { STAFF_ROLES, roleCan } from '@brokerdesk/shared';
import type { StaffRole } from '@brokerdesk/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { staff } from '../db/schema.js';
import { systemClock } from '../lib/clock.js';
import { makeSessionService } from '../modules/sessions/index.js';
import { PDF_BYTES, approveIdentityDocuments, upload } from '../test/documents-fixtures.js';
import { readyForLive } from '../test/trading-fixtures.js';
import { clientCaller, post, staffCaller } from '../test/money-fixtures.js';
import { TEST_START_TIME, createTestApp } from '../test/test-app.js';
import { clientCashCode } from '../modules/ledger/index.js';
import type { TestApp } from '../test/test-app.js';
import type { AuthRoute } from './auth.js';

type CallerName = 'anonymous' | 'client' | 'enrolment-only' | StaffRole;

let t: TestApp;
const headers = new Map<CallerName, Record<string, string>>();

/** Fresh sessions for every caller (a logout row ends the ones it is asked with). */
async function signInEveryone(): Promise<void> {
  headers.set('anonymous', {});
  headers.set('client', (await clientCaller(t)).headers);
  for (const role of STAFF_ROLES) headers.set(role, (await staffCaller(t, role)).headers);
  // A session that may only enrol TOTP, as STAFF_2FA=required gives an unenrolled member.
  const [member] = await t.database.db.select({ id: staff.id }).from(staff).limit(1);
  if (!member) throw new Error('no staff member');
  const sessions = makeSessionService({ db: t.database.db, clock: systemClock });
  const { token } = await sessions.issueSession({
    kind: 'staff',
    staffId: member.id,
    scope: 'totp-enrolment',
  });
  headers.set('enrolment-only', { 'x-auth-token': token });
}

beforeAll(async () => {
  t = await createTestApp({ env: { STAFF_2FA: 'optional' }, startTime: TEST_START_TIME });
  // Trading routes act on a quote (issue 18).
  await t.prices.push([
    { symbol: 'EURUSD', bid: '1.09985', ask: '1.10015', time: '2026-03-02T08:00:01.000Z' },
  ]);
  await signInEveryone();
});
afterAll(async () => {
  await t?.close();
});

/** What a caller must get: an exact status, or "allowed" (the handler ran: not 401/403). */
function expected(route: AuthRoute, caller: CallerName): number | 'allowed' {
  const wantsClient = route.auth === 'client' || route.auth === 'client-optional';
  if (caller === 'anonymous') return route.auth === 'client-optional' ? 'allowed' : 401;
  if (caller === 'client') return wantsClient ? 'allowed' : 403;
  if (wantsClient) return 403;
  if (caller === 'enrolment-only') return route.auth === 'staff-enrolment' ? 'allowed' : 403;
  if (route.permission && !roleCan(caller, route.permission)) return 403;
  return 'allowed';
}

describe('authorisation matrix', () => {
  it('covers the staff and client routes', () => {
    const urls = t.app.authRoutes.map((route) => `${route.method} ${route.url}`);
    expect(urls).toContain('POST /api/staff/deposits/:id/confirm');
    expect(urls).toContain('GET /api/staff/clients');
    expect(urls).toContain('GET /api/staff/audit');
    expect(urls).toContain('GET /api/userDashboard/send/');
    // Decision 137: the client's own e-mail choices.
    expect(urls).toContain('GET /api/account/preferences');
    expect(urls).toContain('PUT /api/account/preferences');
    // Every staff route with full scope names a permission: none is open to all roles by accident.
    const unnamed = t.app.authRoutes.filter(
      (route) => route.auth === 'staff' && route.permission === undefined,
    );
    expect(unnamed.map((route) => `${route.method} ${route.url}`)).toEqual([]);
  });

  it('guards the sensitive routes with the permission their job needs', () => {
    const permissionOf = (method: string, url: string) =>
      t.app.authRoutes.find((route) => route.method === method && route.url === url)?.permission;
    const sensitive: [string, string, string][] = [
      ['POST', '/api/staff/deposits/:id/confirm', 'money:write'],
      ['POST', '/api/staff/withdrawals/:id/approve', 'money:write'],
      ['POST', '/api/staff/transactions/:id/reverse', 'money:write'],
      ['POST', '/api/staff/clients/:clientId/postings', 'money:write'],
      ['POST', '/api/transactions/transaction', 'money:write'],
      ['POST', '/api/subscribe/create', 'money:write'],
      ['POST', '/api/staff/clients', 'clients:write'],
      ['POST', '/api/staff/clients/:id/disable', 'clients:write'],
      ['POST', '/api/staff/tickets/:id/reply', 'support:write'],
      ['GET', '/api/staff/audit', 'audit:read'],
      ['GET', '/api/staff/audit.csv', 'audit:read'],
      ['POST', '/api/staff/documents/:id/approve', 'documents:review'],
      ['POST', '/api/staff/documents/:id/reject', 'documents:review'],
      ['GET', '/api/staff/documents', 'clients:read'],
      ['GET', '/api/staff/documents/:id/file', 'clients:read'],
      ['GET', '/api/staff/clients/:clientId/documents', 'clients:read'],
      // Issue 17: staff accounts are the owner's; a member's own password is every role's.
      ['GET', '/api/staff/members', 'staff:manage'],
      ['POST', '/api/staff/members', 'staff:manage'],
      ['POST', '/api/staff/members/:id/invitation', 'staff:manage'],
      ['POST', '/api/staff/members/:id/totp/reset', 'staff:manage'],
      ['POST', '/api/staff/password', 'profile:write'],
      ['GET', '/api/staff/referral-commissions', 'clients:read'],
      ['POST', '/api/staff/referral-commissions/:id/release', 'money:write'],
      ['POST', '/api/staff/referral-commissions/:id/void', 'money:write'],
      // Issues 18 and 19: the dealing desk (support does not see it; only owner and operations
      // act).
      ['GET', '/api/staff/trading/positions', 'trading:read'],
      ['GET', '/api/staff/trading/exposure', 'trading:read'],
      ['GET', '/api/staff/trading/risk', 'trading:read'],
      ['GET', '/api/staff/clients/:clientId/trading', 'trading:read'],
      ['GET', '/api/staff/clients/:clientId/trading-profile', 'clients:read'],
      ['PUT', '/api/staff/clients/:clientId/trading-category', 'clients:categorise'],
      ['POST', '/api/staff/trading/positions/:positionId/close', 'trading:deal'],
      ['POST', '/api/staff/trading/deals/:dealId/correct', 'trading:deal'],
    ];
    for (const [method, url, permission] of sensitive) {
      expect(permissionOf(method, url), `${method} ${url}`).toBe(permission);
    }
  });

  it('lets an enrolment-only session check itself with the origin’s adminAuthentication call', () => {
    const route = t.app.authRoutes.find(
      (candidate) =>
        candidate.method === 'GET' && candidate.url === '/api/admin/adminAuthentication',
    );
    expect(route).toMatchObject({ auth: 'staff-enrolment', permission: undefined });
  });

  // Issue 17: the invitation calls need no sign-in (the link's token is the credential), so they
  // are outside the table above; a session of any kind changes nothing about their answer.
  it('answers the invitation calls the same to every caller, without a sign-in', async () => {
    const invitationCalls = [
      '/api/invitations/lookup',
      '/api/invitations/totp',
      '/api/invitations/accept',
    ];
    const known = t.app.authRoutes.map((route) => route.url);
    for (const url of invitationCalls) {
      expect(known).not.toContain(url);
      const answers = new Set<string>();
      for (const [caller, callerHeaders] of headers) {
        const response = await t.app.inject({
          method: 'POST',
          url,
          headers: callerHeaders,
          payload: {
            token: 'C'.repeat(43),
            password: 'a-long-enough-password',
            confirmPassword: 'a-long-enough-password',
            code: '123456',
          },
        });
        expect(response.statusCode, `${url} as ${caller}`).toBe(400);
        answers.add(response.body);
      }
      expect([...answers]).toEqual([
        JSON.stringify({
          message: 'This invitation link is not valid. Check that you copied all of it.',
          code: 'TOKEN_INVALID',
        }),
      ]);
    }
  });

  it('answers every route × caller as its requirement and permission say', async () => {
    const mismatches: string[] = [];
    // Logout ends the very session the next rows need: ask those last.
    const isLogout = (route: AuthRoute) => /logout/i.test(route.url);
    const ordered = [
      ...t.app.authRoutes.filter((route) => !isLogout(route)),
      ...t.app.authRoutes.filter(isLogout),
    ];
    for (const route of ordered) {
      if (isLogout(route)) await signInEveryone();
      const url = route.url.replace(/:[A-Za-z]+/g, randomUUID());
      for (const [caller, callerHeaders] of headers) {
        const response = await t.app.inject({
          method: route.method as 'GET' | 'POST' | 'PUT',
          url,
          headers: callerHeaders,
          ...(route.method === 'GET' ? {} : { payload: {} }),
        });
        const want = expected(route, caller);
        const ok =
          want === 'allowed'
            ? response.statusCode !== 401 && response.statusCode !== 403
            : response.statusCode === want;
        if (!ok || response.statusCode >= 500) {
          mismatches.push(
            `${route.method} ${route.url} as ${caller}: expected ${want}, got ${response.statusCode} ${response.body.slice(0, 120)}`,
          );
        }
      }
    }
    expect(mismatches).toEqual([]);
  }, 120_000);
});

type ClientCaller = Awaited<ReturnType<typeof clientCaller>>;

/**
 * An object named by several path parameters (a trading account and its order), with the body
 * and headers its owner's call needs to succeed.
 */
interface ObjectCall {
  params: Record<string, string>;
  /** A query string the owner's call needs to succeed (without the "?"). */
  query?: string;
  payload?: unknown;
  headers?: Record<string, string>;
}

/**
 * How to make an object of `owner` for each client route with an id in its path: the IDOR table.
 * A client route with a path parameter that is missing here fails the test below.
 */
const OBJECT_OF_OWNER: Record<string, (owner: ClientCaller) => Promise<string | ObjectCall>> = {
  'GET /api/money-requests/:id': (owner) => depositRequestOf(owner),
  'POST /api/withdrawals/:id/cancel': (owner) => withdrawalOf(owner),
  'GET /api/documents/:id': (owner) => documentOf(owner),
  'GET /api/documents/:id/file': (owner) => documentOf(owner),
  'DELETE /api/account/sessions/:sessionId': (owner) => otherSessionOf(owner),
  // Issue 18: a trading account and what it holds.
  'POST /api/trading/accounts/:id/reset': async (owner) => ({
    params: { id: await tradingAccountOf(owner, 'demo') },
  }),
  'POST /api/trading/accounts/:id/transfers': async (owner) => ({
    params: { id: await tradingAccountOf(owner, 'live') },
    payload: { direction: 'in', amountMinor: 100 },
    headers: { 'idempotency-key': randomUUID() },
  }),
  'POST /api/trading/accounts/:id/orders': async (owner) => ({
    params: { id: await tradingAccountOf(owner, 'demo') },
    payload: MARKET_BUY,
    headers: { 'idempotency-key': randomUUID() },
  }),
  'GET /api/trading/accounts/:id/orders': async (owner) => ({
    params: { id: await tradingAccountOf(owner, 'demo') },
  }),
  'PATCH /api/trading/accounts/:id/orders/:orderId': async (owner) => ({
    params: await pendingOrderOf(owner),
    payload: { price: '1.08900' },
  }),
  'DELETE /api/trading/accounts/:id/orders/:orderId': async (owner) => ({
    params: await pendingOrderOf(owner),
  }),
  'GET /api/trading/accounts/:id/positions': async (owner) => ({
    params: { id: await tradingAccountOf(owner, 'demo') },
  }),
  'PATCH /api/trading/accounts/:id/positions/:positionId': async (owner) => ({
    params: await positionOf(owner),
    payload: { sl: '1.09000' },
  }),
  'POST /api/trading/accounts/:id/positions/:positionId/close': async (owner) => ({
    params: await positionOf(owner),
    headers: { 'idempotency-key': randomUUID() },
  }),
  'GET /api/trading/accounts/:id/deals': async (owner) => ({
    params: { id: await tradingAccountOf(owner, 'demo') },
  }),
  'GET /api/trading/accounts/:id/protections': async (owner) => ({
    params: { id: await tradingAccountOf(owner, 'demo') },
  }),
  // Issue 19: the nightly swaps and the statement of a period.
  'GET /api/trading/accounts/:id/swaps': async (owner) => ({
    params: { id: await tradingAccountOf(owner, 'demo') },
  }),
  'GET /api/trading/accounts/:id/statement': async (owner) => ({
    params: { id: await tradingAccountOf(owner, 'demo') },
    query: 'from=2026-03-01T00:00:00Z&to=2026-04-01T00:00:00Z',
  }),
};

const MARKET_BUY = { symbol: 'EURUSD', side: 'buy', type: 'market', volume: '0.10' };

/** The owner's open trading account of a kind (a live one funded from a $100 wallet). */
async function tradingAccountOf(owner: ClientCaller, kind: 'demo' | 'live'): Promise<string> {
  if (kind === 'live') {
    await readyForLive(t, owner);
    await t.services.ledger.createTransfer({
      debit: 'platform:external',
      credit: clientCashCode(owner.id),
      amountMinor: 10_000,
      kind: 'deposit',
      actor: 'system',
    });
  }
  const response = await post(t, '/api/trading/accounts', owner, { kind });
  expect(response.statusCode, response.body).toBe(201);
  return response.json<{ id: string }>().id;
}

async function pendingOrderOf(owner: ClientCaller): Promise<Record<string, string>> {
  const id = await tradingAccountOf(owner, 'demo');
  const response = await post(
    t,
    `/api/trading/accounts/${id}/orders`,
    owner,
    { ...MARKET_BUY, type: 'limit', price: '1.09000' },
    randomUUID(),
  );
  expect(response.statusCode, response.body).toBe(201);
  return { id, orderId: response.json<{ orders: { id: string }[] }>().orders[0]?.id ?? '' };
}

async function positionOf(owner: ClientCaller): Promise<Record<string, string>> {
  const id = await tradingAccountOf(owner, 'demo');
  const response = await post(
    t,
    `/api/trading/accounts/${id}/orders`,
    owner,
    MARKET_BUY,
    randomUUID(),
  );
  expect(response.statusCode, response.body).toBe(201);
  return { id, positionId: response.json<{ position: { id: string } }>().position.id };
}

async function depositRequestOf(owner: ClientCaller): Promise<string> {
  const response = await post(t, '/api/deposits', owner, {
    amountMinor: 50_000,
    method: 'bitcoin',
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json<{ request: { id: string } }>().request.id;
}

async function withdrawalOf(owner: ClientCaller): Promise<string> {
  await approveIdentityDocuments(t, owner); // withdrawals need them (decision 104)
  const staffOwner = await staffCaller(t, 'owner');
  const confirmed = await post(
    t,
    `/api/staff/deposits/${await depositRequestOf(owner)}/confirm`,
    staffOwner,
  );
  expect(confirmed.statusCode, confirmed.body).toBe(200);
  const response = await post(t, '/api/withdrawals', owner, {
    amountMinor: 10_000,
    method: 'bitcoin',
    destination: 'bc1qexampleaddress0000000000000000000000',
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json<{ request: { id: string } }>().request.id;
}

async function documentOf(owner: ClientCaller): Promise<string> {
  const response = await upload(t, owner, PDF_BYTES);
  expect(response.statusCode, response.body).toBe(201);
  return response.json<{ document: { id: string } }>().document.id;
}

/** A second signed-in session of the owner (another device) and its id. */
async function otherSessionOf(owner: ClientCaller): Promise<string> {
  await t.login(owner.email, owner.password);
  const response = await t.app.inject({
    method: 'GET',
    url: '/api/account/sessions',
    headers: owner.headers,
  });
  const other = response
    .json<{ sessions: { id: string; current: boolean }[] }>()
    .sessions.find((session) => !session.current);
  if (!other) throw new Error('the second session is not listed');
  return other.id;
}

describe("another client's objects (IDOR)", () => {
  const clientObjectRoutes = () =>
    t.app.authRoutes.filter(
      (route) =>
        (route.auth === 'client' || route.auth === 'client-optional') && route.url.includes(':'),
    );

  it('has a row for every client route that names an object', () => {
    const missing = clientObjectRoutes()
      .map((route) => `${route.method} ${route.url}`)
      .filter((key) => !(key in OBJECT_OF_OWNER));
    expect(missing, 'add these routes to OBJECT_OF_OWNER').toEqual([]);
    expect(Object.keys(OBJECT_OF_OWNER).length).toBeGreaterThanOrEqual(5);
  });

  it("answers 404 for another client's object, as for a missing one, and leaves it to its owner", async () => {
    const intruder = await clientCaller(t);
    const mismatches: string[] = [];
    let tried = 0;
    for (const route of clientObjectRoutes()) {
      const key = `${route.method} ${route.url}`;
      const makeObject = OBJECT_OF_OWNER[key];
      if (!makeObject) continue; // reported by the test above
      tried += 1;
      const owner = await clientCaller(t);
      const made = await makeObject(owner);
      const object: ObjectCall =
        typeof made === 'string'
          ? { params: Object.fromEntries([[/:([A-Za-z]+)/.exec(route.url)?.[1] ?? '', made]]) }
          : made;
      const query = object.query ? `?${object.query}` : '';
      const url =
        route.url.replace(/:([A-Za-z]+)/g, (_match, name: string) => String(object.params[name])) +
        query;
      const payload = object.payload ?? (route.method === 'GET' ? undefined : {});
      const call = (caller: ClientCaller) =>
        t.app.inject({
          method: route.method as 'GET' | 'POST' | 'DELETE',
          url,
          headers: { ...caller.headers, ...object.headers },
          ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
        });

      const intruding = await call(intruder);
      const unknown = await t.app.inject({
        method: route.method as 'GET' | 'POST' | 'DELETE',
        url: route.url.replace(/:[A-Za-z]+/g, '00000000-0000-4000-8000-000000000000') + query,
        headers: { ...intruder.headers, ...object.headers },
        ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
      });
      if (
        intruding.statusCode !== 404 ||
        typeof intruding.json<{ message?: unknown }>().message !== 'string'
      )
        mismatches.push(
          `${key} by another client: ${intruding.statusCode} ${intruding.body.slice(0, 120)}`,
        );
      if (intruding.body !== unknown.body)
        mismatches.push(`${key}: another client's object answers unlike a missing one`);
      // The object is untouched: its owner can still do what the intruder tried.
      const owned = await call(owner);
      if (owned.statusCode < 200 || owned.statusCode >= 300)
        mismatches.push(
          `${key} by its owner after the attempt: ${owned.statusCode} ${owned.body.slice(0, 120)}`,
        );
    }
    expect(mismatches).toEqual([]);
    // Every row of the table names a real route, and each was tried.
    expect(tried).toBe(Object.keys(OBJECT_OF_OWNER).length);
  }, 120_000);
});
