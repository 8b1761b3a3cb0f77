// Every "newest first" list must be served by an index without sorting. Drizzle's `.desc()` in
// an index writes DESC NULLS LAST, which a plain ORDER BY … DESC (= NULLS FIRST) cannot use, so
// those lists sorted the client's whole history: 2.9–7.6× slower at 100,000 rows than at 100
// (bench/growth.mjs). The indexes are ascending now; a backward scan gives the DESC order.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from './client.js';
import { createTestDatabase } from '../test/test-app.js';

let database: Database;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database?.close();
});

const CLIENT = '00000000-0000-4000-8000-000000000001';

/** The ORDER BY and filters of the lists, as the repos write them (keyset pages of 51). */
const NEWEST_FIRST_LISTS = {
  'statement (history, dashboard)': `select id from client_transactions where client_id = '${CLIENT}' order by created_at desc, id desc limit 51`,
  'statement by type': `select id from client_transactions where client_id = '${CLIENT}' and type = 'deposit' order by created_at desc, id desc limit 51`,
  'statement by status': `select id from client_transactions where client_id = '${CLIENT}' and status = 'pending' order by created_at desc, id desc limit 51`,
  "client's plans": `select id from subscriptions where client_id = '${CLIENT}' order by created_at desc, id desc limit 51`,
  'audit log': `select id from audit_log order by created_at desc, id desc limit 51`,
};

function planNodes(plan: unknown): string[] {
  const node = plan as { 'Node Type': string; Plans?: unknown[] };
  return [node['Node Type'], ...(node.Plans ?? []).flatMap(planNodes)];
}

async function explain(query: string): Promise<string[]> {
  return database.db.transaction(async (tx) => {
    // Even on an empty table: would the planner need a sort if it had to use an index?
    await tx.execute(sql`set local enable_seqscan = off`);
    const result = await tx.execute(sql.raw(`explain (format json) ${query}`));
    const rows = (Array.isArray(result) ? result : (result as { rows: unknown[] }).rows) as {
      'QUERY PLAN': unknown;
    }[];
    const raw = rows[0]?.['QUERY PLAN'];
    const parsed = (typeof raw === 'string' ? JSON.parse(raw) : raw) as { Plan: unknown }[];
    return planNodes(parsed[0]?.Plan);
  });
}

describe('newest-first lists read an index in order', () => {
  for (const [name, query] of Object.entries(NEWEST_FIRST_LISTS)) {
    it(name, async () => {
      const nodes = await explain(query);
      expect(nodes).not.toContain('Sort');
      expect(nodes).not.toContain('Incremental Sort');
      expect(nodes.some((node) => node.startsWith('Index'))).toBe(true);
    });
  }
});
