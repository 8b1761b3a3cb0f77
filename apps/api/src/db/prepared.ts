// Prepared statements for the hot paths (session look-up, the signed-in pages' reads, a market
// order and a fill): Drizzle builds their SQL once per process instead of on every request, and
// on PostgreSQL each pooled connection parses and plans them once (decisions 080 and 128).
import { sql } from 'drizzle-orm';
import type { SQL } from 'drizzle-orm';
import type { Db } from './client.js';

interface Executable<Params, Result> {
  execute(params: Params): Promise<Result>;
}

/**
 * What Drizzle's prepared queries hold for the connection they run on: both drivers' classes
 * keep it in `client` (the pool or PGlite for a database, the checked-out connection or the
 * PGlite transaction for a transaction), and their sessions the same.
 */
interface BoundQuery {
  client?: unknown;
}

function sessionOf(db: Db): { client?: unknown; constructor: unknown } {
  return db._.session as unknown as { client?: unknown; constructor: unknown };
}

/**
 * The prepared form built for one handle, made to run on another handle's connection. Building
 * it is where Drizzle spends its time (the query objects turned into SQL text), so a transaction
 * reuses the text, parameters and result mapping and changes only where it runs.
 */
function rebound<Query>(template: Query, client: unknown): Query {
  return Object.assign(
    Object.create(Object.getPrototypeOf(template) as object) as object,
    template,
    {
      client,
    },
  ) as Query;
}

/**
 * `build(db)` must return `query.prepare(name)` with `sql.placeholder(...)` for every value,
 * and the same SQL text for every handle: PostgreSQL keeps one statement per name per
 * connection. The SQL is built once per driver (the first handle of each kind) and every other
 * handle, a transaction included, runs a copy bound to its own connection.
 */
export function preparedQuery<Params extends Record<string, unknown>, Result>(
  build: (db: Db) => Executable<Params, Result>,
): (db: Db, params: Params) => Promise<Result> {
  // One template per session class: PGlite and node-postgres build different query objects.
  // null: this driver's prepared query does not keep its connection where expected, so every
  // handle builds its own (slower, never wrong).
  const templates = new Map<unknown, Executable<Params, Result> | null>();
  const byHandle = new WeakMap<Db, Executable<Params, Result>>();
  return (db, params) => {
    let query = byHandle.get(db);
    if (!query) {
      const session = sessionOf(db);
      const template = templates.get(session.constructor);
      if (template) {
        query = rebound(template, session.client);
      } else {
        query = build(db);
        if (template === undefined) {
          const bound = (query as BoundQuery).client === session.client && 'client' in session;
          templates.set(session.constructor, bound ? query : null);
        }
      }
      byHandle.set(db, query);
    }
    return query.execute(params);
  };
}

/** What Drizzle keeps of a database handle that `db.execute` uses and does not type. */
interface RawInternals {
  dialect: { sqlToQuery(query: SQL): unknown };
  _: {
    session: {
      prepareQuery(
        query: unknown,
        fields: undefined,
        name: string,
        isResponseInArrayMode: boolean,
      ): Executable<Record<string, unknown>, unknown>;
    };
  };
}

/**
 * Raw SQL (`sql\`…\`` with `sql.placeholder(...)` for its values) as a named prepared statement
 * answering `{ rows }` like `db.execute`, which has no way to name one. For the statements the
 * price leader runs on every batch of ticks, whose planning cost more than their execution.
 */
export function preparedSql<Row, Params extends Record<string, unknown>>(
  name: string,
  build: () => SQL,
): (db: Db, params: Params) => Promise<Row[]> {
  const run = preparedQuery<Params, { rows: Row[] }>((db) => {
    const internals = db as unknown as RawInternals;
    return internals._.session.prepareQuery(
      internals.dialect.sqlToQuery(build()),
      undefined,
      name,
      false,
    ) as Executable<Params, { rows: Row[] }>;
  });
  return async (db, params) => (await run(db, params)).rows;
}

/**
 * `{column: placeholder}` for every column of an insert. The values go to the driver as given
 * (dates as Date, JSON as text): Drizzle's column encoders would be applied to a placeholder's
 * value even when it is null, which a timestamp's encoder cannot take.
 */
export function insertPlaceholders<Row extends Record<string, unknown>>(
  columns: readonly (keyof Row & string)[],
) {
  return Object.fromEntries(columns.map((column) => [column, sql`${sql.placeholder(column)}`])) as {
    [K in keyof Row]: SQL;
  };
}

/** A prepared `unnest(…)`'s columns: each a key (the placeholder's name) and its SQL type. */
export type ArrayColumns = readonly (readonly [key: string, type: string])[];

/** `$key::type[], …`: the arrays a prepared `unnest(…)` reads, one parameter per column. */
export function arrayPlaceholders(columns: ArrayColumns): SQL {
  return sql.join(
    columns.map(([key, type]) => sql`${sql.placeholder(key)}::${sql.raw(type)}[]`),
    sql`, `,
  );
}

/** The values of arrayPlaceholders(columns) for `rows`: each column's values as text. */
export function arrayParams<Row, Columns extends ArrayColumns>(
  columns: Columns,
  rows: readonly Row[],
): Record<Columns[number][0], string[]> {
  return Object.fromEntries(
    columns.map(([key]) => [key, rows.map((row) => String(row[key as keyof Row]))]),
  ) as Record<Columns[number][0], string[]>;
}

/**
 * An array as one parameter of an ad hoc statement (`${sqlArray(ids)}::uuid[]`): a bare array
 * in `sql\`…\`` would become a list of parameters. Values go as text, as in arrayParams.
 */
export function sqlArray(values: readonly (string | number)[]): SQL {
  return sql`${sql.param(values.map(String))}`;
}
