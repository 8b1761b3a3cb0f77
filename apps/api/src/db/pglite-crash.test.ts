// The embedded database survives a crash (issue 7 item 3): the real server process on a PGlite
// DATA_DIR is SIGKILLed in the middle of a burst of staff postings and started again on the same
// directory. The dead process's lock file must be taken over, every write the server had
// acknowledged must be there, a repeat of an unanswered one with its key must not apply it
// twice, and the ledger must be consistent. It spawns its own server on PGlite whatever the
// suite's database, so it runs once, in the PGlite run. `node stress/crash.mjs` is the long
// version (1,000 random operations, both engines).
import { randomUUID } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startProductionServer } from '../../../../scripts/production-server.mjs';
import type { ProductionServer } from '../../../../scripts/production-server.mjs';
import { loadConfig } from '../config.js';
import { checkLedger } from '../modules/ledger/index.js';
import { registrationBody, usingPostgres } from '../test/test-app.js';
import { openDatabase } from './client.js';
import { clientTransactions, staff } from './schema.js';

const OWNER = { username: 'crash-owner', password: 'crash-owner-password-1' };
const POSTINGS = 40;
const KILL_AFTER_ACKNOWLEDGED = 15;
const IN_FLIGHT = 4;

interface Answer {
  status: number;
  body: Record<string, unknown> | null;
}

/** One POST; `status` 0 when the connection died before an answer. */
async function post(
  baseUrl: string,
  path: string,
  body: unknown,
  headers: Record<string, string> = {},
): Promise<Answer> {
  try {
    const response = await fetch(`${baseUrl}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...headers },
      body: JSON.stringify(body),
    });
    const text = await response.text();
    return { status: response.status, body: text ? JSON.parse(text) : null };
  } catch {
    return { status: 0, body: null };
  }
}

async function get<T>(baseUrl: string, path: string, headers: Record<string, string>): Promise<T> {
  const response = await fetch(`${baseUrl}${path}`, { headers });
  expect(response.status, `GET ${path}`).toBe(200);
  return (await response.json()) as T;
}

const lockPid = (dataDir: string) =>
  Number(readFileSync(join(dataDir, 'pglite.lock'), 'utf8').trim());

const posted = (answer: Answer) =>
  (answer.body?.transaction as { id: string; amountMinor: number } | undefined) ?? null;

describe.skipIf(usingPostgres())('the embedded database after a SIGKILL', () => {
  let dataDir = '';
  let env: Record<string, string> = {};
  let server: ProductionServer | null = null;
  beforeAll(() => {
    dataDir = mkdtempSync(join(tmpdir(), 'brokerdesk-pglite-crash-'));
    env = {
      DATA_DIR: dataDir,
      DATABASE_URL: '', // empty counts as unset: PGlite, whatever the environment says
      STAFF_2FA: 'optional',
      ADMIN_USERNAME: OWNER.username,
      ADMIN_PASSWORD: OWNER.password,
    };
  });
  afterAll(async () => {
    await server?.kill();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  it('restarts on the same DATA_DIR with every acknowledged posting once and the ledger consistent', async () => {
    server = await startProductionServer(env);
    const first = server;
    const login = await post(first.baseUrl, '/api/adminLogin/adminLogin', OWNER);
    expect(login.status).toBe(200);
    const staffHeaders = { 'x-auth-token': String(login.body?.token) };

    const registration = registrationBody({ email: `crash-${randomUUID()}@example.com` });
    const { email, password } = registration;
    const registered = await post(first.baseUrl, '/api/userRegister/send', registration);
    expect(registered.status).toBe(201);
    const { items } = await get<{ items: { id: string; email: string }[] }>(
      first.baseUrl,
      `/api/staff/clients?q=${encodeURIComponent(email)}`,
      staffHeaders,
    );
    const clientId = items.find((item) => item.email === email)?.id;
    expect(clientId).toBeTruthy();

    // A burst of bonus postings, IN_FLIGHT at a time; SIGKILL once enough are acknowledged,
    // with the others still in flight.
    const postings = Array.from({ length: POSTINGS }, (_, i) => ({
      key: `crash-test-${i}`,
      amountMinor: 1_000 + i,
      answer: null as Answer | null,
    }));
    let next = 0;
    let acknowledged = 0;
    let killed: Promise<void> | null = null;
    const worker = async () => {
      while (next < postings.length && !killed) {
        const posting = postings[next++]!;
        posting.answer = await post(
          first.baseUrl,
          `/api/staff/clients/${clientId}/postings`,
          { type: 'bonus', amountMinor: posting.amountMinor, reason: 'Crash test bonus' },
          { ...staffHeaders, 'idempotency-key': posting.key },
        );
        if (posting.answer.status === 201) acknowledged += 1;
        if (acknowledged >= KILL_AFTER_ACKNOWLEDGED && !killed) killed = first.kill('SIGKILL');
      }
    };
    await Promise.all(Array.from({ length: IN_FLIGHT }, worker));
    await killed;
    const acked = postings.filter((posting) => posting.answer?.status === 201);
    const unanswered = postings.filter((posting) => posting.answer?.status === 0);
    expect(acked.length).toBeGreaterThanOrEqual(KILL_AFTER_ACKNOWLEDGED);
    expect(acked.length + unanswered.length).toBe(
      postings.filter((posting) => posting.answer).length,
    );

    // The dead process left its lock behind; the restart takes it over.
    expect(lockPid(dataDir)).toBe(first.pid);
    server = await startProductionServer(env);
    const second = server;
    expect(lockPid(dataDir)).toBe(second.pid);

    // The registration survived: the client signs in.
    const clientLogin = await post(second.baseUrl, '/api/userLogin/send', { email, password });
    expect(clientLogin.status).toBe(200);
    const clientHeaders = { 'user-token': String(clientLogin.body?.token) };

    // Every acknowledged posting is on the statement, under the id it was answered with.
    const statement = async () =>
      (
        await get<{ items: { id: string; amountMinor: number }[] }>(
          second.baseUrl,
          '/api/transactions?type=bonus&limit=100',
          clientHeaders,
        )
      ).items;
    const afterRestart = new Set((await statement()).map((row) => row.id));
    for (const posting of acked) expect(afterRestart).toContain(posted(posting.answer!)?.id);

    // A client repeats what got no answer (and sends what it never sent) with the same keys.
    for (const posting of postings.filter((each) => each.answer?.status !== 201)) {
      posting.answer = await post(
        second.baseUrl,
        `/api/staff/clients/${clientId}/postings`,
        { type: 'bonus', amountMinor: posting.amountMinor, reason: 'Crash test bonus' },
        { ...staffHeaders, 'idempotency-key': posting.key },
      );
      expect(posting.answer.status).toBe(201);
    }
    const ids = postings.map((posting) => posted(posting.answer!)?.id);
    expect(new Set(ids).size).toBe(POSTINGS);
    const rows = await statement();
    expect(rows.map((row) => row.id).sort()).toEqual([...ids].sort());
    const summary = await get<{ balanceMinor: number }>(
      second.baseUrl,
      '/api/money/summary',
      clientHeaders,
    );
    const sum = postings.reduce((total, posting) => total + posting.amountMinor, 0);
    expect(summary.balanceMinor).toBe(sum);

    // Killed once more, idle: the directory opens directly (the lock taken over again), one
    // row per key, and the ledger's invariants hold.
    await second.kill('SIGKILL');
    server = null;
    expect(existsSync(join(dataDir, 'pglite.lock'))).toBe(true);
    const database = await openDatabase(loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent' }));
    try {
      const [owner] = await database.db
        .select({ id: staff.id })
        .from(staff)
        .where(eq(staff.username, OWNER.username));
      const stored = await database.db
        .select({ key: clientTransactions.idempotencyKey, id: clientTransactions.id })
        .from(clientTransactions)
        .where(
          and(
            eq(clientTransactions.createdBy, `staff:${owner!.id}`),
            inArray(
              clientTransactions.idempotencyKey,
              postings.map((posting) => posting.key),
            ),
          ),
        );
      expect(stored.map((row) => row.id).sort()).toEqual([...ids].sort());
      expect(await checkLedger(database.db)).toEqual([]);
    } finally {
      await database.close();
    }
  }, 60_000);
});
