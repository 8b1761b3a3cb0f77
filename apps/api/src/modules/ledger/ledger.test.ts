import { randomUUID } from 'node:crypto';
import { AppError } from '@brokerdesk/shared';
import { eq, sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database, Db } from '../../db/client.js';
import { clients, ledgerAccounts, ledgerTransfers } from '../../db/schema.js';
import { systemClock } from '../../lib/clock.js';
import { createTestDatabase, usingPostgres } from '../../test/test-app.js';
import { checkLedger } from './ledger.check.js';
import { clientCashCode, makeLedgerService } from './ledger.service.js';
import type { LedgerService } from './ledger.service.js';

// A client row written straight to the table: the ledger's tests need an account owner, and the
// ledger module does not depend on the clients module.
async function insertClient(db: Db, client: typeof clients.$inferInsert): Promise<{ id: string }> {
  const [row] = await db.insert(clients).values(client).returning({ id: clients.id });
  if (!row) throw new Error('insert into clients returned no row');
  return row;
}

let database: Database;
let ledger: LedgerService;
beforeAll(async () => {
  database = await createTestDatabase();
  ledger = makeLedgerService({ db: database.db, clock: systemClock });
});
afterAll(async () => {
  await database?.close();
});

async function newClient(): Promise<{ id: string; cash: `client:${string}:cash` }> {
  const { id } = await insertClient(database.db, {
    firstName: 'Ada',
    lastName: 'Lovelace',
    email: `ledger-${randomUUID()}@example.com`,
    phone: '447700900123',
    country: 'United Kingdom',
    passwordHash: 'not-a-real-hash',
    referralCode: randomUUID().slice(0, 12).toUpperCase(),
    referredBy: null,
  });
  return { id, cash: clientCashCode(id) };
}

const staff = `staff:${randomUUID()}`;

async function deposit(cash: `client:${string}:cash`, amountMinor: number) {
  const { transfer } = await ledger.createTransfer({
    debit: 'platform:external',
    credit: cash,
    amountMinor,
    kind: 'deposit',
    actor: staff,
  });
  return transfer;
}

/** The SQLSTATE of a driver error, which Drizzle wraps as `cause`. */
function sqlStateOf(error: unknown): string | undefined {
  for (let current = error; typeof current === 'object' && current !== null;) {
    const { code, cause } = current as { code?: unknown; cause?: unknown };
    if (typeof code === 'string') return code;
    current = cause;
  }
  return undefined;
}

async function expectCode(promise: Promise<unknown>, code: string) {
  const error = await promise.then(
    () => null,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(AppError);
  expect((error as AppError).code).toBe(code);
}

describe('ledger transfers', () => {
  it('moves money between accounts and keeps balances from the maintained totals', async () => {
    const client = await newClient();
    await deposit(client.cash, 50_000);
    await ledger.createTransfer({
      debit: 'platform:profit',
      credit: client.cash,
      amountMinor: 1_250,
      kind: 'profit',
      actor: staff,
    });
    await ledger.createTransfer({
      debit: client.cash,
      credit: 'platform:plans',
      amountMinor: 20_000,
      kind: 'plan_purchase',
      actor: `client:${client.id}`,
    });
    expect(await ledger.getClientBalances(database.db, client.id)).toEqual({
      balanceMinor: 31_250,
      availableMinor: 31_250,
      heldMinor: 0,
    });
    expect(await ledger.getClientTotals(database.db, client.id)).toEqual({
      balanceMinor: 31_250,
      availableMinor: 31_250,
      heldMinor: 0,
      liveTradingMinor: 0,
      depositedMinor: 50_000,
      bonusMinor: 0,
      refBonusMinor: 0,
      profitMinor: 1_250,
      profitParts: [{ source: 'staff', amountMinor: 1_250 }],
    });
    expect(await checkLedger(database.db)).toEqual([]);
  });

  it('reports zeros for a client who never had a transfer', async () => {
    const client = await newClient();
    expect(await ledger.getClientBalances(database.db, client.id)).toEqual({
      balanceMinor: 0,
      availableMinor: 0,
      heldMinor: 0,
    });
    const account = await database.db.transaction((tx) =>
      ledger.ensureClientAccount(tx, client.id),
    );
    expect(account.code).toBe(client.cash);
  });

  it('refuses to spend more than the available balance, and nothing moves', async () => {
    const client = await newClient();
    await deposit(client.cash, 10_000);
    await expectCode(
      ledger.createTransfer({
        debit: client.cash,
        credit: 'platform:external',
        amountMinor: 10_001,
        kind: 'withdrawal',
        pending: true,
        actor: `client:${client.id}`,
        idempotencyKey: 'too-much',
      }),
      'INSUFFICIENT_FUNDS',
    );
    expect((await ledger.getClientBalances(database.db, client.id)).availableMinor).toBe(10_000);
    const refused = await database.db
      .select({ id: ledgerTransfers.id })
      .from(ledgerTransfers)
      .where(eq(ledgerTransfers.idempotencyKey, 'too-much'));
    expect(refused).toEqual([]);
  });

  it('rejects amounts that are not positive whole cents up to the maximum', async () => {
    const client = await newClient();
    for (const amountMinor of [0, -1, 1.5, 1_000_000_001, Number.NaN]) {
      await expectCode(deposit(client.cash, amountMinor), 'VALIDATION_FAILED');
    }
  });

  it('holds a pending withdrawal, then posts or voids it exactly once', async () => {
    const client = await newClient();
    await deposit(client.cash, 30_000);
    const withdraw = (amountMinor: number) =>
      ledger.createTransfer({
        debit: client.cash,
        credit: 'platform:external',
        amountMinor,
        kind: 'withdrawal',
        pending: true,
        actor: `client:${client.id}`,
      });

    const first = (await withdraw(10_000)).transfer;
    expect(first.state).toBe('pending');
    expect(await ledger.getClientBalances(database.db, client.id)).toEqual({
      balanceMinor: 30_000,
      availableMinor: 20_000,
      heldMinor: 10_000,
    });
    const posted = await ledger.postPendingTransfer({ id: first.id, actor: staff });
    expect(posted.state).toBe('posted');
    expect(posted.resolvedAt).toBeInstanceOf(Date);
    expect(await ledger.getClientBalances(database.db, client.id)).toEqual({
      balanceMinor: 20_000,
      availableMinor: 20_000,
      heldMinor: 0,
    });
    await expectCode(ledger.postPendingTransfer({ id: first.id, actor: staff }), 'CONFLICT');
    await expectCode(ledger.voidPendingTransfer({ id: first.id, actor: staff }), 'CONFLICT');

    const second = (await withdraw(5_000)).transfer;
    expect((await ledger.getClientBalances(database.db, client.id)).availableMinor).toBe(15_000);
    expect((await ledger.voidPendingTransfer({ id: second.id, actor: staff })).state).toBe(
      'voided',
    );
    expect(await ledger.getClientBalances(database.db, client.id)).toEqual({
      balanceMinor: 20_000,
      availableMinor: 20_000,
      heldMinor: 0,
    });
    await expectCode(ledger.postPendingTransfer({ id: second.id, actor: staff }), 'CONFLICT');
    await expectCode(ledger.postPendingTransfer({ id: randomUUID(), actor: staff }), 'NOT_FOUND');
    expect(await checkLedger(database.db)).toEqual([]);
  });

  it('returns the stored transfer for a repeated idempotency key and moves nothing', async () => {
    const client = await newClient();
    await deposit(client.cash, 10_000);
    const actor = `client:${client.id}`;
    const request = {
      debit: client.cash,
      credit: 'platform:external' as const,
      amountMinor: 4_000,
      kind: 'withdrawal' as const,
      pending: true,
      actor,
      idempotencyKey: 'key-1',
    };
    const first = await ledger.createTransfer(request);
    const again = await ledger.createTransfer(request);
    expect(first.replayed).toBe(false);
    expect(again.replayed).toBe(true);
    expect(again.transfer.id).toBe(first.transfer.id);
    expect((await ledger.getClientBalances(database.db, client.id)).availableMinor).toBe(6_000);

    // The same key for a different request is refused rather than silently replayed.
    await expectCode(ledger.createTransfer({ ...request, amountMinor: 1 }), 'CONFLICT');

    // Keys are per actor: the same key from someone else is a new transfer.
    const other = await ledger.createTransfer({ ...request, actor: staff });
    expect(other.replayed).toBe(false);
    expect(other.transfer.id).not.toBe(first.transfer.id);
    expect((await ledger.getClientBalances(database.db, client.id)).availableMinor).toBe(2_000);
    expect(await checkLedger(database.db)).toEqual([]);
  });

  it('reverses a posted transfer once, never past the available balance', async () => {
    const client = await newClient();
    const original = await deposit(client.cash, 8_000);
    const reversal = await ledger.reverseTransfer({
      id: original.id,
      actor: staff,
      idempotencyKey: 'rev-1',
    });
    expect(reversal.transfer).toMatchObject({
      kind: 'reversal',
      state: 'posted',
      reversesTransferId: original.id,
      debitAccountId: original.creditAccountId,
      creditAccountId: original.debitAccountId,
      amountMinor: 8_000,
    });
    const replay = await ledger.reverseTransfer({
      id: original.id,
      actor: staff,
      idempotencyKey: 'rev-1',
    });
    expect(replay).toEqual({ transfer: reversal.transfer, replayed: true });
    await expectCode(ledger.reverseTransfer({ id: original.id, actor: staff }), 'CONFLICT');
    await expectCode(
      ledger.reverseTransfer({ id: reversal.transfer.id, actor: staff }),
      'CONFLICT',
    );
    expect(await ledger.getClientTotals(database.db, client.id)).toMatchObject({
      depositedMinor: 0,
      balanceMinor: 0,
    });

    // A deposit already spent cannot be reversed into a negative balance.
    const spent = await deposit(client.cash, 5_000);
    await ledger.createTransfer({
      debit: client.cash,
      credit: 'platform:plans',
      amountMinor: 3_000,
      kind: 'plan_purchase',
      actor: staff,
    });
    await expectCode(ledger.reverseTransfer({ id: spent.id, actor: staff }), 'INSUFFICIENT_FUNDS');
    // A pending transfer cannot be reversed (void it instead).
    const pending = await ledger.createTransfer({
      debit: client.cash,
      credit: 'platform:external',
      amountMinor: 1_000,
      kind: 'withdrawal',
      pending: true,
      actor: staff,
    });
    await expectCode(ledger.reverseTransfer({ id: pending.transfer.id, actor: staff }), 'CONFLICT');
    expect(await checkLedger(database.db)).toEqual([]);
  });
});

describe('posting in one statement', () => {
  async function accountOf(code: string) {
    const [row] = await database.db
      .select()
      .from(ledgerAccounts)
      .where(eq(ledgerAccounts.code, code));
    return row ?? null;
  }

  it('replays a repeated key even after the money it held was spent', async () => {
    const client = await newClient();
    await deposit(client.cash, 10_000);
    const request = {
      debit: client.cash,
      credit: 'platform:external' as const,
      amountMinor: 8_000,
      kind: 'withdrawal' as const,
      pending: true,
      actor: `client:${client.id}`,
      idempotencyKey: 'spent-then-replayed',
    };
    const first = await ledger.createTransfer(request);
    await ledger.createTransfer({
      debit: client.cash,
      credit: 'platform:plans',
      amountMinor: 2_000,
      kind: 'plan_purchase',
      actor: `client:${client.id}`,
    });
    expect((await ledger.getClientBalances(database.db, client.id)).availableMinor).toBe(0);

    expect(await ledger.createTransfer(request)).toEqual({
      transfer: first.transfer,
      replayed: true,
    });
    // A key reused for another request is a conflict, not a refusal for funds.
    await expectCode(ledger.createTransfer({ ...request, amountMinor: 9_000 }), 'CONFLICT');
    expect((await ledger.getClientBalances(database.db, client.id)).heldMinor).toBe(8_000);
    expect(await checkLedger(database.db)).toEqual([]);
  });

  it('creates an account on its first use, and not when that first posting is refused', async () => {
    const client = await newClient();
    await expectCode(
      ledger.createTransfer({
        debit: client.cash,
        credit: 'platform:external',
        amountMinor: 1,
        kind: 'withdrawal',
        pending: true,
        actor: `client:${client.id}`,
      }),
      'INSUFFICIENT_FUNDS',
    );
    expect(await accountOf(client.cash)).toBeNull();

    await deposit(client.cash, 700);
    expect(await accountOf(client.cash)).toMatchObject({ clientId: client.id, creditsPosted: 700 });
    await expect(
      ledger.createTransfer({
        debit: 'platform:nowhere' as 'platform:bonus',
        credit: client.cash,
        amountMinor: 1,
        kind: 'bonus',
        actor: staff,
      }),
    ).rejects.toThrow('unknown ledger account code platform:nowhere');
    await expectCode(
      ledger.createTransfer({
        debit: client.cash,
        credit: client.cash,
        amountMinor: 1,
        kind: 'adjustment',
        actor: staff,
      }),
      'BAD_REQUEST',
    );
  });

  it('moves nothing when the caller’s transaction rolls back', async () => {
    const client = await newClient();
    await deposit(client.cash, 5_000);
    const rolledBack = new Error('the caller changed its mind');
    await expect(
      database.db.transaction(async (tx) => {
        await ledger.lockAccountsFor(tx, [client.cash, 'platform:plans']);
        await ledger.createTransfer({
          tx,
          debit: client.cash,
          credit: 'platform:plans',
          amountMinor: 5_000,
          kind: 'plan_purchase',
          actor: staff,
        });
        throw rolledBack;
      }),
    ).rejects.toBe(rolledBack);
    expect(await ledger.getClientTotals(database.db, client.id)).toMatchObject({
      depositedMinor: 5_000,
      balanceMinor: 5_000,
    });
    expect(await checkLedger(database.db)).toEqual([]);
  });

  it('lockAccountsFor creates the accounts it has to lock on their first use', async () => {
    const client = await newClient();
    const original = await deposit((await newClient()).cash, 300);
    await database.db.transaction((tx) =>
      ledger.lockAccountsFor(tx, [client.cash, 'platform:fees', client.cash], [original.id]),
    );
    expect(await accountOf(client.cash)).toMatchObject({ clientId: client.id });
    expect(await accountOf('platform:fees')).not.toBeNull();
  });
});

describe('checkLedger', () => {
  it('reports an account whose totals were corrupted behind the ledger’s back', async () => {
    const own = await createTestDatabase();
    try {
      const service = makeLedgerService({ db: own.db, clock: systemClock });
      const { id } = await insertClient(own.db, {
        firstName: 'Bob',
        lastName: 'Smith',
        email: `ledger-${randomUUID()}@example.com`,
        phone: '447700900123',
        country: 'United Kingdom',
        passwordHash: 'x',
        referralCode: 'CORRUPT1',
        referredBy: null,
      });
      await service.createTransfer({
        debit: 'platform:external',
        credit: clientCashCode(id),
        amountMinor: 1_000,
        kind: 'deposit',
        actor: 'system',
      });
      expect(await checkLedger(own.db)).toEqual([]);
      await own.db.execute(
        sql`update ledger_accounts set credits_posted = credits_posted + 500 where client_id = ${id}`,
      );
      const breaches = await checkLedger(own.db);
      expect(breaches.map((breach) => breach.invariant).sort()).toEqual([1, 2]);
      expect(breaches.find((breach) => breach.invariant === 2)?.message).toContain(
        clientCashCode(id),
      );
      // A finances figure edited by hand is caught too (the kind totals behind 'Deposit').
      await own.db.execute(
        sql`update ledger_accounts set credits_posted = credits_posted - 500 where client_id = ${id}`,
      );
      expect(await checkLedger(own.db)).toEqual([]);
      await own.db.execute(
        sql`update ledger_kind_totals set net_posted_minor = net_posted_minor + 1 where kind = 'deposit'`,
      );
      const kindBreaches = await checkLedger(own.db);
      expect(kindBreaches.map((breach) => breach.invariant)).toContain(2);
      expect(kindBreaches.some((breach) => breach.message.includes('kind deposit'))).toBe(true);
    } finally {
      await own.close();
    }
  });
});

describe('ledger properties', () => {
  type Op =
    | { type: 'deposit'; amount: number }
    | { type: 'hold'; amount: number }
    | { type: 'post' | 'void' | 'reverse'; pick: number };

  const amount = fc.integer({ min: 1, max: 50_000 });
  const op: fc.Arbitrary<Op> = fc.oneof(
    fc.record({ type: fc.constant('deposit' as const), amount }),
    fc.record({ type: fc.constant('hold' as const), amount }),
    fc.record({
      type: fc.constantFrom('post' as const, 'void' as const, 'reverse' as const),
      pick: fc.nat(),
    }),
  );

  it('keeps every invariant and never lets available go negative, whatever the sequence', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(op, { minLength: 1, maxLength: 12 }), async (ops) => {
        const client = await newClient();
        const transfers: string[] = [];
        for (const step of ops) {
          try {
            if (step.type === 'deposit') {
              transfers.push((await deposit(client.cash, step.amount)).id);
            } else if (step.type === 'hold') {
              const { transfer } = await ledger.createTransfer({
                debit: client.cash,
                credit: 'platform:external',
                amountMinor: step.amount,
                kind: 'withdrawal',
                pending: true,
                actor: `client:${client.id}`,
              });
              transfers.push(transfer.id);
            } else if (transfers.length > 0) {
              const id = transfers[step.pick % transfers.length] ?? '';
              if (step.type === 'post') await ledger.postPendingTransfer({ id, actor: staff });
              else if (step.type === 'void') await ledger.voidPendingTransfer({ id, actor: staff });
              else await ledger.reverseTransfer({ id, actor: staff });
            }
          } catch (error) {
            // Refusals are part of the model; anything else fails the property.
            if (!(error instanceof AppError)) throw error;
            expect(['INSUFFICIENT_FUNDS', 'CONFLICT']).toContain(error.code);
          }
          const balances = await ledger.getClientBalances(database.db, client.id);
          expect(balances.availableMinor).toBeGreaterThanOrEqual(0);
        }
        expect(await checkLedger(database.db)).toEqual([]);
      }),
      { numRuns: 40 },
    );
  }, 30_000);
});

describe.runIf(usingPostgres())('ledger under concurrency (PostgreSQL)', () => {
  it('moves money once for 20 parallel requests with one idempotency key', async () => {
    const client = await newClient();
    await deposit(client.cash, 10_000);
    const results = await Promise.all(
      Array.from({ length: 20 }, () =>
        ledger.createTransfer({
          debit: client.cash,
          credit: 'platform:external',
          amountMinor: 3_000,
          kind: 'withdrawal',
          pending: true,
          actor: `client:${client.id}`,
          idempotencyKey: 'one-key-twenty-times',
        }),
      ),
    );
    expect(new Set(results.map((result) => result.transfer.id)).size).toBe(1);
    expect(results.filter((result) => !result.replayed)).toHaveLength(1);
    expect(await ledger.getClientBalances(database.db, client.id)).toEqual({
      balanceMinor: 10_000,
      availableMinor: 7_000,
      heldMinor: 3_000,
    });
    expect(await checkLedger(database.db)).toEqual([]);
  });

  it('never deadlocks on 40 parallel transfers in both directions between two accounts', async () => {
    const [a, b] = [await newClient(), await newClient()];
    await deposit(a.cash, 100_000);
    await deposit(b.cash, 100_000);
    const results = await Promise.allSettled(
      Array.from({ length: 40 }, (_, i) =>
        ledger.createTransfer({
          debit: i % 2 === 0 ? a.cash : b.cash,
          credit: i % 2 === 0 ? b.cash : a.cash,
          amountMinor: 100 + i,
          kind: 'adjustment',
          actor: staff,
        }),
      ),
    );
    expect(results.filter((result) => result.status === 'rejected')).toEqual([]);
    // a sent 100 + 102 + … + 138, b sent 101 + 103 + … + 139: b ends 20 cents poorer.
    expect((await ledger.getClientBalances(database.db, a.id)).balanceMinor).toBe(100_020);
    expect((await ledger.getClientBalances(database.db, b.id)).balanceMinor).toBe(99_980);
    expect(await checkLedger(database.db)).toEqual([]);
  });

  it('lockAccountsFor holds the rows until the transaction ends', async () => {
    const client = await newClient();
    await deposit(client.cash, 1_000);
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    let locked = () => {};
    const lockTaken = new Promise<void>((resolve) => (locked = resolve));
    const holder = database.db.transaction(async (tx) => {
      await ledger.lockAccountsFor(tx, [client.cash]);
      locked();
      await held;
    });
    await lockTaken;
    try {
      const error = await database.db
        .transaction((tx) =>
          tx.execute(
            sql`select id from ledger_accounts where client_id = ${client.id} for update nowait`,
          ),
        )
        .then(
          () => null,
          (caught: unknown) => caught,
        );
      // 55P03 lock_not_available: the first transaction holds the row.
      expect(sqlStateOf(error)).toBe('55P03');
    } finally {
      release();
      await holder;
    }
  });

  it('accepts exactly 20 of 50 parallel $10 withdrawals against $205', async () => {
    const client = await newClient();
    await deposit(client.cash, 20_500);
    const results = await Promise.allSettled(
      Array.from({ length: 50 }, (_, i) =>
        ledger.createTransfer({
          debit: client.cash,
          credit: 'platform:external',
          amountMinor: 1_000,
          kind: 'withdrawal',
          pending: true,
          actor: `client:${client.id}`,
          idempotencyKey: `parallel-${i}`,
        }),
      ),
    );
    const accepted = results.filter((result) => result.status === 'fulfilled');
    const refused = results.filter(
      (result) =>
        result.status === 'rejected' &&
        result.reason instanceof AppError &&
        result.reason.code === 'INSUFFICIENT_FUNDS',
    );
    expect(accepted).toHaveLength(20);
    expect(refused).toHaveLength(30);
    expect(await ledger.getClientBalances(database.db, client.id)).toEqual({
      balanceMinor: 20_500,
      availableMinor: 500,
      heldMinor: 20_000,
    });
    expect(await checkLedger(database.db)).toEqual([]);
  });
});
