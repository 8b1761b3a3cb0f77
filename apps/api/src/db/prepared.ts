// Prepared statements for the reads every signed-in page makes (session look-up, dashboard,
// history): Drizzle builds their SQL once per handle instead of on every request, and on
// PostgreSQL each pooled connection parses and plans them once (decision 080).
import type { Db } from './client.js';

interface Executable<Params, Result> {
  execute(params: Params): Promise<Result>;
}

/**
 * `build(db)` must return `query.prepare(name)` with `sql.placeholder(...)` for every value,
 * and the same SQL text for every handle: PostgreSQL keeps one statement per name per
 * connection. The prepared form is kept per handle (a transaction gets its own, dropped with it).
 */
export function preparedQuery<Params extends Record<string, unknown>, Result>(
  build: (db: Db) => Executable<Params, Result>,
): (db: Db, params: Params) => Promise<Result> {
  const byHandle = new WeakMap<Db, Executable<Params, Result>>();
  return (db, params) => {
    let query = byHandle.get(db);
    if (!query) {
      query = build(db);
      byHandle.set(db, query);
    }
    return query.execute(params);
  };
}
