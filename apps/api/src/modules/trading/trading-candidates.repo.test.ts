// The evaluator's candidate queries must probe their partial indexes per symbol whatever the
// book's size: joined plainly with a batch spanning most of the book's symbols, the planner
// scanned the whole orders and positions tables on every batch (bench/README.md, section 7).
// They are prepared statements, so the plan is checked both for the bound values and generic.
import { Placeholder, is, sql } from 'drizzle-orm';
import type { SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/client.js';
import { createTestDatabase } from '../../test/test-app.js';
import {
  findOrdersInRange,
  findPositionsInRange,
  ordersInRangeSql,
  positionsInRangeSql,
  rangeParams,
} from './trading-candidates.repo.js';
import type { SymbolRange } from './trading-candidates.repo.js';

const SYMBOLS = Array.from({ length: 27 }, (_, i) => `SYM${String(i).padStart(2, '0')}`);
const BASE = 100_000;
/** A price written into the seeding SQL (a parameter would arrive as text). */
const price = (points: number) => sql.raw(String(points));

let database: Database;
beforeAll(async () => {
  database = await createTestDatabase();
  const { db } = database;
  await db.execute(sql`
    insert into clients (first_name, last_name, email, phone, country, password_hash,
      referral_code)
    values ('Plan', 'Test', 'plan-test@example.com', '447700900123', 'United Kingdom', 'x',
      'plantest')`);
  await db.execute(sql`
    insert into trading_accounts (client_id, kind, balance_minor)
    select id, 'demo', 1000000 from clients where email = 'plan-test@example.com'`);
  const symbols = sql.param(SYMBOLS);
  // 4,000 orders and 4,000 positions, levels far from the market (nothing reachable)...
  await db.execute(sql`
    insert into trading_orders (account_id, symbol, side, type, volume, price, time_in_force,
      status, armed_seq)
    select (select id from trading_accounts), (${symbols}::text[])[1 + g % 27],
      case when g % 4 < 2 then 'buy' else 'sell' end,
      case when g % 2 = 0 then 'limit' else 'stop' end, 1,
      case g % 4 when 0 then ${price(BASE / 2)} when 1 then ${price(BASE * 2)}
        when 2 then ${price(BASE * 2)} else ${price(BASE / 2)} end,
      'GTC', 'pending', 0
    from generate_series(0, 3999) g`);
  await db.execute(sql`
    insert into trading_positions (account_id, symbol, side, volume, open_price, open_time,
      open_tick_seq, stops_armed_seq, sl, tp, margin_minor, leverage, open_rate_num,
      open_rate_den)
    select (select id from trading_accounts), (${symbols}::text[])[1 + g % 27],
      case when g % 2 = 0 then 'buy' else 'sell' end, 1, ${price(BASE)}, now(), 0, 0,
      case when g % 2 = 0 then ${price(BASE / 2)} else ${price(BASE * 2)} end,
      case when g % 2 = 0 then ${price(BASE * 2)} else ${price(BASE / 2)} end,
      1000, 200, '1', '1'
    from generate_series(0, 3999) g`);
  // ...but one buy limit on SYM05 that the batch's ask reaches.
  await db.execute(sql`
    insert into trading_orders (account_id, symbol, side, type, volume, price, time_in_force,
      status, armed_seq)
    select id, 'SYM05', 'buy', 'limit', 1, ${price(BASE + 5)}, 'GTC', 'pending', 0
    from trading_accounts`);
  await db.execute(sql`analyze`);
});
afterAll(async () => {
  await database?.close();
});

/** A batch that moved every symbol a little around BASE. */
const RANGES: SymbolRange[] = SYMBOLS.map((symbol) => ({
  symbol,
  minBid: BASE - 10,
  maxBid: BASE + 10,
  minAsk: BASE - 7,
  maxAsk: BASE + 13,
  lastSeq: 1_000,
}));

interface PlanNode {
  'Node Type': string;
  'Relation Name'?: string;
  Plans?: PlanNode[];
}

function scans(node: PlanNode): string[] {
  const own = node['Relation Name'] ? [`${node['Node Type']} ${node['Relation Name']}`] : [];
  return [...own, ...(node.Plans ?? []).flatMap(scans)];
}

/**
 * The scans of a candidate statement's plan as PostgreSQL runs it: prepared (the repo sends it
 * as a named prepared statement), with the batch's ranges bound, and planned either for these
 * values (the first runs) or generically (what the plan cache may switch to after five).
 */
let planned = 0;

async function tableScans(statement: SQL, mode: 'custom' | 'generic'): Promise<string[]> {
  const { sql: text, params } = new PgDialect().sqlToQuery(statement);
  const values = rangeParams(RANGES) as Record<string, string[]>;
  const args = params.map((param) => {
    if (!is(param, Placeholder)) throw new Error('a candidate statement with a fixed parameter');
    const value = values[param.name];
    if (!value) throw new Error(`no value for ${param.name}`);
    // EXECUTE inside EXPLAIN takes no bound parameters: each array as an untyped literal,
    // which takes the statement's parameter type (the values are symbols and digits).
    return sql.raw(`'{${value.join(',')}}'`);
  });
  return database.db.transaction(async (tx) => {
    await tx.execute(sql.raw(`set local plan_cache_mode = force_${mode}_plan`));
    // A name of its own each time: a prepared statement outlives a rolled-back transaction.
    const name = `candidate_plan_${(planned += 1)}`;
    await tx.execute(sql.raw(`prepare ${name} as ${text}`));
    const result = await tx.execute(
      sql`explain (format json) execute ${sql.raw(name)}(${sql.join(args, sql`, `)})`,
    );
    await tx.execute(sql.raw(`deallocate ${name}`));
    const rows = (Array.isArray(result) ? result : (result as { rows: unknown[] }).rows) as {
      'QUERY PLAN': unknown;
    }[];
    const raw = rows[0]?.['QUERY PLAN'];
    const parsed = (typeof raw === 'string' ? JSON.parse(raw) : raw) as { Plan: PlanNode }[];
    const plan = parsed[0]?.Plan;
    if (!plan) throw new Error('no plan');
    return scans(plan);
  });
}

describe('candidate queries over a batch of 27 symbols and a book of 8,000 rows', () => {
  it.each(['custom', 'generic'] as const)(
    'pending orders, %s plan: index probes only',
    async (mode) => {
      const plan = await tableScans(ordersInRangeSql(), mode);
      expect(plan.filter((scan) => scan.includes('trading_orders'))).not.toEqual([]);
      expect(plan.filter((scan) => scan.startsWith('Seq Scan'))).toEqual([]);
    },
  );

  it.each(['custom', 'generic'] as const)(
    'positions with stops, %s plan: index probes only',
    async (mode) => {
      const plan = await tableScans(positionsInRangeSql(), mode);
      expect(plan.filter((scan) => scan.includes('trading_positions'))).not.toEqual([]);
      expect(plan.filter((scan) => scan.startsWith('Seq Scan'))).toEqual([]);
    },
  );

  it('finds the one reachable order, and no position', async () => {
    const found = await findOrdersInRange(database.db, RANGES);
    expect(found.map((order) => [order.symbol, order.side, order.type, order.price])).toEqual([
      ['SYM05', 'buy', 'limit', BASE + 5],
    ]);
    expect(await findPositionsInRange(database.db, RANGES)).toEqual([]);
    // Run often enough for PostgreSQL's plan cache to settle on its choice: the same answers.
    for (let run = 0; run < 8; run += 1) {
      expect(await findOrdersInRange(database.db, RANGES)).toHaveLength(1);
      expect(await findPositionsInRange(database.db, RANGES)).toEqual([]);
    }
  });
});
