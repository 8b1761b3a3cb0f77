// "We verify every account before money moves" (issue 16, decision 104): before a client's proof
// of ID and of residence are approved, deposit requests are allowed up to
// DEPOSITS_BEFORE_DOCUMENTS_USD in total and withdrawal requests are refused with 403
// DOCUMENTS_REQUIRED naming what is missing; once staff approve both, both go through. Staff
// postings, the origin's call included, are never gated (docs/product.md §7).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PDF_BYTES, upload } from '../../test/documents-fixtures.js';
import { clientCaller, get, post, staffCaller } from '../../test/money-fixtures.js';
import type { Caller } from '../../test/money-fixtures.js';
import { createTestApp } from '../../test/test-app.js';
import type { TestApp } from '../../test/test-app.js';

let t: TestApp;
let compliance: Caller;
let operations: Caller;

beforeAll(async () => {
  t = await createTestApp({ env: { STAFF_2FA: 'optional' } });
  compliance = await staffCaller(t, 'compliance');
  operations = await staffCaller(t, 'operations');
});
afterAll(async () => {
  await t?.close();
});

type Client = Awaited<ReturnType<typeof clientCaller>>;

const BITCOIN_DESTINATION = 'bc1qexampleaddress0000000000000000000000';

function deposit(client: Client, amountMinor: number) {
  return post(t, '/api/deposits', client, { amountMinor, method: 'bitcoin' });
}

function withdraw(client: Client, amountMinor: number) {
  return post(t, '/api/withdrawals', client, {
    amountMinor,
    method: 'bitcoin',
    destination: BITCOIN_DESTINATION,
  });
}

async function confirmedDeposit(client: Client, amountMinor: number): Promise<void> {
  const requested = await deposit(client, amountMinor);
  expect(requested.statusCode, requested.body).toBe(201);
  const id = requested.json<{ request: { id: string } }>().request.id;
  const confirmed = await post(t, `/api/staff/deposits/${id}/confirm`, operations);
  expect(confirmed.statusCode, confirmed.body).toBe(200);
}

async function available(client: Client): Promise<number> {
  return (await get(t, '/api/money/summary', client)).json<{ availableMinor: number }>()
    .availableMinor;
}

async function limits(client: Client) {
  const response = await get(t, '/api/documents/limits', client);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{
    missing: { kind: string; state: string }[];
    withdrawalsAllowed: boolean;
    depositLimitMinor: number;
    depositedMinor: number;
    depositRemainingMinor: number | null;
  }>();
}

/** The client uploads a document of `kind`; staff approve it (the real calls). */
async function approved(client: Client, kind: 'id' | 'residence'): Promise<void> {
  const uploaded = await upload(t, client, PDF_BYTES, { kind });
  expect(uploaded.statusCode, uploaded.body).toBe(201);
  const id = uploaded.json<{ document: { id: string } }>().document.id;
  const decided = await post(t, `/api/staff/documents/${id}/approve`, compliance);
  expect(decided.statusCode, decided.body).toBe(200);
}

describe('deposits before documents', () => {
  it('allows deposit requests up to $2,000 in total and refuses the one that would pass it', async () => {
    const client = await clientCaller(t);
    expect(await limits(client)).toEqual({
      missing: [
        { kind: 'id', state: 'not-uploaded' },
        { kind: 'residence', state: 'not-uploaded' },
      ],
      withdrawalsAllowed: false,
      depositLimitMinor: 200_000,
      depositedMinor: 0,
      depositRemainingMinor: 200_000,
    });

    expect((await deposit(client, 150_000)).statusCode).toBe(201); // pending counts
    await confirmedDeposit(client, 40_000); // completed counts
    const crossing = await deposit(client, 10_001);
    expect(crossing.statusCode).toBe(403);
    expect(crossing.json()).toEqual({
      code: 'DOCUMENTS_REQUIRED',
      message:
        'Until your proof of ID and proof of residence are approved, deposits are limited to ' +
        '$2,000.00 in total: you can request up to $100.00 more. Still needed: proof of ID ' +
        '(not uploaded yet) and proof of residence (not uploaded yet).',
    });
    // Exactly up to the limit is allowed; then nothing more.
    expect((await deposit(client, 10_000)).statusCode).toBe(201);
    expect((await deposit(client, 1)).statusCode).toBe(403);
    expect(await limits(client)).toMatchObject({
      depositedMinor: 200_000,
      depositRemainingMinor: 0,
    });

    const requests = await get(t, '/api/money-requests', client);
    expect(requests.json<{ items: unknown[] }>().items).toHaveLength(3);
  });

  it('frees the room of a deposit staff reject', async () => {
    const client = await clientCaller(t);
    const first = await deposit(client, 200_000);
    expect(first.statusCode).toBe(201);
    expect((await deposit(client, 30_000)).statusCode).toBe(403);
    const id = first.json<{ request: { id: string } }>().request.id;
    const rejected = await post(t, `/api/staff/deposits/${id}/reject`, operations, {
      reason: 'No funds arrived',
    });
    expect(rejected.statusCode, rejected.body).toBe(200);
    expect((await deposit(client, 30_000)).statusCode).toBe(201);
  });

  it('counts deposits staff recorded, without ever refusing staff', async () => {
    const client = await clientCaller(t);
    const staffDeposit = await post(t, '/api/transactions/transaction', operations, {
      userId: client.id,
      type: 'Deposit',
      amount: 2500,
      status: 'Completed',
    });
    expect(staffDeposit.statusCode, staffDeposit.body).toBe(201);
    expect(await limits(client)).toMatchObject({
      depositedMinor: 250_000,
      depositRemainingMinor: 0,
    });
    const refused = await deposit(client, 30_000);
    expect(refused.statusCode).toBe(403);
    expect(refused.json<{ message: string }>().message).toContain('you have reached that limit');
  });

  it('lets two requests at once take no more than the limit between them', async () => {
    const client = await clientCaller(t);
    const answers = await Promise.all([deposit(client, 120_000), deposit(client, 120_000)]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([201, 403]);
  });
});

describe('withdrawals before documents', () => {
  it('refuses a withdrawal with 403 naming what is missing, and holds nothing', async () => {
    const client = await clientCaller(t);
    await confirmedDeposit(client, 50_000);
    // One document in review, the other not uploaded.
    expect((await upload(t, client, PDF_BYTES, { kind: 'id' })).statusCode).toBe(201);

    const refused = await withdraw(client, 10_000);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({
      code: 'DOCUMENTS_REQUIRED',
      message:
        'Withdrawals need your proof of ID and proof of residence approved first, so that money ' +
        'only ever goes back to you. Still needed: proof of ID (waiting for our review) and ' +
        'proof of residence (not uploaded yet).',
    });
    expect(await available(client)).toBe(50_000);
  });

  it('says a rejected document must be uploaded again', async () => {
    const client = await clientCaller(t);
    await approved(client, 'id');
    const uploaded = await upload(t, client, PDF_BYTES, { kind: 'residence' });
    const id = uploaded.json<{ document: { id: string } }>().document.id;
    const rejected = await post(t, `/api/staff/documents/${id}/reject`, compliance, {
      reason: 'The bill is older than 3 months',
    });
    expect(rejected.statusCode, rejected.body).toBe(200);
    const refused = await withdraw(client, 10_000);
    expect(refused.statusCode).toBe(403);
    expect(refused.json<{ message: string }>().message).toMatch(
      /Still needed: proof of residence \(rejected: please upload a new one\)\.$/,
    );
  });

  it('lets money move once staff approve proof of ID and of residence', async () => {
    const client = await clientCaller(t);
    await confirmedDeposit(client, 200_000);
    expect((await withdraw(client, 10_000)).statusCode).toBe(403);

    await approved(client, 'id');
    expect((await withdraw(client, 10_000)).statusCode).toBe(403); // residence still missing
    await approved(client, 'residence');

    expect(await limits(client)).toEqual({
      missing: [],
      withdrawalsAllowed: true,
      depositLimitMinor: 200_000,
      depositedMinor: 200_000,
      depositRemainingMinor: null,
    });
    const withdrawal = await withdraw(client, 10_000);
    expect(withdrawal.statusCode, withdrawal.body).toBe(201);
    expect(await available(client)).toBe(190_000);
    expect((await deposit(client, 500_000)).statusCode).toBe(201); // no limit any more
  });
});

describe('staff postings stay ungated (docs/product.md §7)', () => {
  it("records the origin's Withdrawal and Deposit calls for a client without documents", async () => {
    const client = await clientCaller(t);
    const url = '/api/transactions/transaction';
    const bigDeposit = await post(t, url, operations, {
      userId: client.id,
      type: 'Deposit',
      amount: 5000,
    });
    expect(bigDeposit.statusCode, bigDeposit.body).toBe(201);
    const withdrawal = await post(t, url, operations, {
      userId: client.id,
      type: 'Withdrawal',
      amount: 100,
    });
    expect(withdrawal.statusCode, withdrawal.body).toBe(201);
    expect(await available(client)).toBe(490_000);
  });
});

describe('DEPOSITS_BEFORE_DOCUMENTS_USD', () => {
  it('sets the limit; 0 means no deposit before documents', async () => {
    const strict = await createTestApp({ env: { DEPOSITS_BEFORE_DOCUMENTS_USD: '0' } });
    try {
      const client = await clientCaller(strict);
      const refused = await post(strict, '/api/deposits', client, {
        amountMinor: 30_000,
        method: 'bitcoin',
      });
      expect(refused.statusCode).toBe(403);
      expect(refused.json()).toMatchObject({
        code: 'DOCUMENTS_REQUIRED',
        message:
          'Deposits open once your proof of ID and proof of residence are approved. Still ' +
          'needed: proof of ID (not uploaded yet) and proof of residence (not uploaded yet).',
      });
    } finally {
      await strict.close();
    }
  });
});
