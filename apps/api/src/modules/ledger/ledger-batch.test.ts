import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/client.js';
import { ledgerTransfers } from '../../db/schema.js';
import { systemClock } from '../../lib/clock.js';
import { createTestDatabase } from '../../test/test-app.js';
import { checkLedger } from './ledger.check.js';
import { clientCashCode, clientTradingCode, makeLedgerService } from './ledger.service.js';
import type { LedgerService } from './ledger.service.js';

let database: Database;
let ledger: LedgerService;
beforeAll(async () => {
  database = await createTestDatabase();
  ledger = makeLedgerService({ db: database.db, clock: systemClock });
});
afterAll(async () => {
  await database?.close();
});

const actor = `system:batch-${randomUUID()}`;

describe('createSystemTransfers (decision 131)', () => {
  it('posts one transfer per amount and moves each account once by the sum', async () => {
    const [a, b] = [randomUUID(), randomUUID()];
    const before = await ledger.getTradingAccountTotals(database.db, a);
    const postings = [
      { debit: clientTradingCode(a), credit: 'platform:dealing', amountMinor: 1_234, key: 'a1' },
      { debit: 'platform:dealing', credit: clientTradingCode(b), amountMinor: 500, key: 'b1' },
      { debit: 'platform:dealing', credit: clientTradingCode(a), amountMinor: 34, key: 'a2' },
    ].map((p) => ({ ...p, kind: 'trade_pnl' as const, idempotencyKey: `${actor}:${p.key}` }));
    const made = await database.db.transaction((tx) =>
      ledger.createSystemTransfers(tx, actor, postings),
    );
    expect([...made.keys()].sort()).toEqual(postings.map((p) => p.idempotencyKey).sort());
    const rows = await database.db
      .select()
      .from(ledgerTransfers)
      .where(eq(ledgerTransfers.actor, actor));
    expect(rows.map((row) => [row.idempotencyKey, row.amountMinor, row.kind]).sort()).toEqual(
      postings.map((p) => [p.idempotencyKey, p.amountMinor, p.kind]).sort(),
    );
    expect(before.balanceMinor).toBe(0);
    expect(await ledger.getTradingAccountTotals(database.db, a)).toEqual({
      balanceMinor: -1_200,
      tradePnlMinor: -1_200,
      swapMinor: 0,
      nbpMinor: 0,
    });
    expect((await ledger.getTradingAccountTotals(database.db, b)).balanceMinor).toBe(500);
    // Maintained totals and kind totals equal the sums of the transfers.
    expect(await checkLedger(database.db)).toEqual([]);

    // A replay (the same keys again, as after a crash) posts nothing.
    const again = await database.db.transaction((tx) =>
      ledger.createSystemTransfers(tx, actor, postings),
    );
    expect(again.size).toBe(0);
    expect((await ledger.getTradingAccountTotals(database.db, a)).balanceMinor).toBe(-1_200);
    expect(await checkLedger(database.db)).toEqual([]);
  });

  it('refuses a cash account, whose postings need a balance check', async () => {
    const posting = {
      debit: clientCashCode(randomUUID()),
      credit: 'platform:dealing',
      amountMinor: 1,
      kind: 'trade_pnl' as const,
      idempotencyKey: `${actor}:cash`,
    };
    await expect(
      database.db.transaction((tx) => ledger.createSystemTransfers(tx, actor, [posting])),
    ).rejects.toThrow(/not a system posting/);
  });
});
