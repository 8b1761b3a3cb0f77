// Helpers for trading tests: quotes at a mid and spread, a client with a demo or a funded live
// account, and the trading calls through the real HTTP API (app.inject).
import { randomUUID } from 'node:crypto';
import type { LightMyRequestResponse } from 'fastify';
import { eq } from 'drizzle-orm';
import { RISK_DISCLOSURE_VERSION } from '@brokerdesk/shared/trading';
import type { ClientCategory } from '@brokerdesk/shared/trading';
import { appropriatenessTests, clientTradingProfiles, clients } from '../db/schema.js';
import { clientCashCode } from '../modules/ledger/index.js';
import { approveIdentityDocuments } from './documents-fixtures.js';
import { TEST_START_TIME, createTestApp } from './test-app.js';
import type { TestApp } from './test-app.js';
import { staffCaller } from './money-fixtures.js';
import type { Caller } from './money-fixtures.js';
import type { StaffRole } from '@brokerdesk/shared';

export interface Trader {
  id: string;
  email: string;
  token: string;
  headers: Record<string, string>;
}

export interface TradingAccount {
  id: string;
  kind: 'demo' | 'live';
  balanceMinor: number;
  equityMinor: number;
  usedMarginMinor: number;
  freeMarginMinor: number;
  marginLevel: string | null;
  withdrawableMinor: number;
  marginCall: boolean;
  status: string;
}

export interface OrderView {
  id: string;
  symbol: string;
  side: string;
  type: string;
  volume: string;
  price: string | null;
  sl: string | null;
  tp: string | null;
  status: string;
  ocoGroupId: string | null;
  rejectCode: string | null;
  positionId: string | null;
  expiresAt: string | null;
}

export interface PositionView {
  id: string;
  symbol: string;
  side: string;
  volume: string;
  openPrice: string;
  sl: string | null;
  tp: string | null;
  trailingPoints: number | null;
  marginMinor: number;
  swapMinor: number;
  floatingPnlMinor: number;
  closePrice: string | null;
}

export interface DealView {
  id: string;
  positionId: string;
  orderId: string | null;
  entry: 'in' | 'out';
  volume: string;
  price: string;
  pnlMinor: number;
  reason: string;
  trailing: boolean;
  closedBy: string | null;
  note: string | null;
  correction: {
    originalPrice: string;
    originalPnlMinor: number;
    reason: string;
    time: string;
  } | null;
}

export interface ManualQuote {
  symbol: string;
  bid: string;
  ask: string;
  time: string;
}

/** A quote at `time` (default: the engine clock's now). */
export function quote(
  t: TestApp,
  symbol: string,
  bid: string,
  ask: string,
  time?: string,
): ManualQuote {
  return { symbol, bid, ask, time: time ?? new Date(t.hub.now()).toISOString() };
}

/** Pushes quotes one by one a millisecond apart, after the engine clock. */
export async function push(t: TestApp, ...quotes: [symbol: string, bid: string, ask: string][]) {
  for (const [symbol, bid, ask] of quotes) {
    await t.prices.push([quote(t, symbol, bid, ask, new Date(t.hub.now() + 1).toISOString())]);
  }
}

async function clientIdOf(t: TestApp, email: string): Promise<string> {
  const [row] = await t.database.db
    .select({ id: clients.id })
    .from(clients)
    .where(eq(clients.email, email.toLowerCase()));
  if (!row) throw new Error(`no client ${email}`);
  return row.id;
}

/**
 * The client's category, written straight to the database (decision 132). The engine's worked
 * examples use the catalogue's leverage, so trader() makes professionals; the onboarding tests
 * ask for retail.
 */
export async function setCategory(
  t: TestApp,
  client: { email: string },
  category: ClientCategory,
): Promise<void> {
  const clientId = await clientIdOf(t, client.email);
  await t.database.db
    .insert(clientTradingProfiles)
    .values({ clientId, category })
    .onConflictDoUpdate({ target: clientTradingProfiles.clientId, set: { category } });
}

/**
 * The live onboarding done, straight in the database: the current risk disclosure acknowledged
 * and the appropriateness test passed (the onboarding tests go through the routes instead).
 */
export async function completeLiveOnboarding(t: TestApp, client: { email: string }) {
  const clientId = await clientIdOf(t, client.email);
  const at = new Date(t.hub.now());
  await t.database.db
    .insert(clientTradingProfiles)
    .values({ clientId, disclosureVersion: RISK_DISCLOSURE_VERSION, disclosureAcknowledgedAt: at })
    .onConflictDoUpdate({
      target: clientTradingProfiles.clientId,
      set: { disclosureVersion: RISK_DISCLOSURE_VERSION, disclosureAcknowledgedAt: at },
    });
  await t.database.db
    .insert(appropriatenessTests)
    .values({ clientId, answers: {}, correct: 6, total: 6, passed: true, takenAt: at });
}

/** Approved documents and the live onboarding: what a Live account needs (§11.5). */
export async function readyForLive(t: TestApp, client: { email: string }): Promise<void> {
  await approveIdentityDocuments(t, client);
  await completeLiveOnboarding(t, client);
}

export async function trader(
  t: TestApp,
  { category = 'professional' }: { category?: ClientCategory } = {},
): Promise<Trader> {
  const client = await t.createClient();
  const token = await t.login(client.email, client.password);
  const [row] = await t.database.db
    .select({ id: clients.id })
    .from(clients)
    .where(eq(clients.email, client.email));
  if (!row) throw new Error('registered client not found');
  await setCategory(t, client, category);
  return { id: row.id, email: client.email, token, headers: { 'user-token': token } };
}

export function call(
  t: TestApp,
  who: Trader,
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
  url: string,
  payload?: unknown,
  key?: string | null,
): Promise<LightMyRequestResponse> {
  const withKey = method === 'POST' && key === undefined ? randomUUID() : key;
  return t.app.inject({
    method,
    url,
    headers: { ...who.headers, ...(withKey ? { 'idempotency-key': withKey } : {}) },
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
  });
}

function expectStatus(response: LightMyRequestResponse, status: number, what: string) {
  if (response.statusCode !== status) {
    throw new Error(`${what}: expected ${status}, got ${response.statusCode} ${response.body}`);
  }
}

export async function openAccount(
  t: TestApp,
  who: Trader,
  kind: 'demo' | 'live',
): Promise<TradingAccount> {
  const response = await call(t, who, 'POST', '/api/trading/accounts', { kind });
  expectStatus(response, 201, `open ${kind} account`);
  return response.json<TradingAccount>();
}

/** Credits the client's wallet as a confirmed deposit would. */
export async function fundWallet(t: TestApp, who: Trader, amountMinor: number): Promise<void> {
  await t.services.ledger.createTransfer({
    debit: 'platform:external',
    credit: clientCashCode(who.id),
    amountMinor,
    kind: 'deposit',
    actor: 'system',
  });
}

/** A client with approved documents, a funded wallet and a live account holding `amountMinor`. */
export async function liveTrader(
  t: TestApp,
  amountMinor: number,
): Promise<{ who: Trader; account: TradingAccount }> {
  const who = await trader(t);
  await readyForLive(t, who);
  await fundWallet(t, who, amountMinor);
  const account = await openAccount(t, who, 'live');
  const moved = await call(t, who, 'POST', `/api/trading/accounts/${account.id}/transfers`, {
    direction: 'in',
    amountMinor,
  });
  expectStatus(moved, 201, 'transfer in');
  return { who, account: moved.json<{ account: TradingAccount }>().account };
}

export async function demoTrader(t: TestApp): Promise<{ who: Trader; account: TradingAccount }> {
  const who = await trader(t);
  return { who, account: await openAccount(t, who, 'demo') };
}

export const accountUrl = (accountId: string, rest = '') =>
  `/api/trading/accounts/${accountId}${rest}`;

export async function placeOrder(
  t: TestApp,
  who: Trader,
  accountId: string,
  order: Record<string, unknown>,
  key?: string,
): Promise<LightMyRequestResponse> {
  return call(t, who, 'POST', accountUrl(accountId, '/orders'), order, key);
}

/** A market order that must fill; returns its position. */
export async function marketOrder(
  t: TestApp,
  who: Trader,
  accountId: string,
  order: { symbol: string; side: 'buy' | 'sell'; volume: string } & Record<string, unknown>,
): Promise<PositionView> {
  const response = await placeOrder(t, who, accountId, { type: 'market', ...order });
  expectStatus(response, 201, 'market order');
  const position = response.json<{ position?: PositionView }>().position;
  if (!position) throw new Error('market order answered no position');
  return position;
}

export async function getAccount(
  t: TestApp,
  who: Trader,
  accountId: string,
): Promise<TradingAccount> {
  const response = await call(t, who, 'GET', '/api/trading/accounts');
  expectStatus(response, 200, 'list accounts');
  const found = response.json<TradingAccount[]>().find((account) => account.id === accountId);
  if (!found) throw new Error(`account ${accountId} not listed`);
  return found;
}

export async function positionsOf(
  t: TestApp,
  who: Trader,
  accountId: string,
): Promise<PositionView[]> {
  const response = await call(t, who, 'GET', accountUrl(accountId, '/positions'));
  expectStatus(response, 200, 'list positions');
  return response.json<PositionView[]>();
}

export async function ordersOf(
  t: TestApp,
  who: Trader,
  accountId: string,
  status: 'pending' | 'history' = 'pending',
): Promise<OrderView[]> {
  const response = await call(t, who, 'GET', accountUrl(accountId, `/orders?status=${status}`));
  expectStatus(response, 200, 'list orders');
  return response.json<OrderView[]>();
}

export async function dealsOf(t: TestApp, who: Trader, accountId: string): Promise<DealView[]> {
  const response = await call(t, who, 'GET', accountUrl(accountId, '/deals?limit=200'));
  expectStatus(response, 200, 'list deals');
  return response.json<{ deals: DealView[] }>().deals;
}

export async function closePosition(
  t: TestApp,
  who: Trader,
  accountId: string,
  positionId: string,
  volume?: string,
  key?: string,
): Promise<LightMyRequestResponse> {
  return call(
    t,
    who,
    'POST',
    accountUrl(accountId, `/positions/${positionId}/close`),
    volume === undefined ? {} : { volume },
    key,
  );
}

/** The usual majors at round mids (EUR/USD 1.10000, GBP/USD 1.27000, USD/JPY 150.000). */
export async function pushMajors(t: TestApp): Promise<void> {
  await push(
    t,
    ['EURUSD', '1.09985', '1.10015'],
    ['GBPUSD', '1.26985', '1.27015'],
    ['USDJPY', '149.985', '150.015'],
  );
}

/**
 * The dealing desk's tests: an app at TEST_START_TIME with the majors priced, and a member of
 * staff of `role` signed in with a password alone (two-factor sign-in is tested on its own).
 */
export async function deskApp(
  role: StaffRole = 'operations',
): Promise<{ t: TestApp; desk: Caller }> {
  const t = await createTestApp({ env: { STAFF_2FA: 'optional' }, startTime: TEST_START_TIME });
  await pushMajors(t);
  return { t, desk: await staffCaller(t, role) };
}

/** A staff call with the member's headers, and an Idempotency-Key when one is given. */
export function staffCall(
  t: TestApp,
  who: Caller,
  method: 'GET' | 'POST' | 'PUT' | 'PATCH',
  url: string,
  payload?: Record<string, unknown>,
  key: string | null = null,
): Promise<LightMyRequestResponse> {
  return t.app.inject({
    method,
    url,
    headers: { ...who.headers, ...(key === null ? {} : { 'idempotency-key': key }) },
    ...(payload === undefined ? {} : { payload }),
  });
}

/** A staff read that must answer 200: its JSON. */
export async function staffRead<T>(t: TestApp, who: Caller, url: string): Promise<T> {
  const response = await staffCall(t, who, 'GET', url);
  expectStatus(response, 200, `GET ${url}`);
  return response.json<T>();
}
