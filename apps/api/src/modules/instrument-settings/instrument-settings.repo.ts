// SQL of the dealing desk's instrument settings (decision 130): one complete row per change;
// a symbol's latest row is in force.
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { staff, tradingInstrumentSettings } from '../../db/schema.js';

export type SettingsRow = typeof tradingInstrumentSettings.$inferSelect;
export type SettingsInsert = Omit<SettingsRow, 'id' | 'createdAt'>;
export type SettingsWithAuthor = SettingsRow & { changedByName: string | null };

/** Each symbol's latest row, with who made it. */
export async function selectCurrentSettings(db: Db): Promise<SettingsWithAuthor[]> {
  const { rows } = (await db.execute(sql`
    select distinct on (s.symbol) s.*, st.username as changed_by_name
    from ${tradingInstrumentSettings} s
    left join ${staff} st on st.id = s.changed_by
    order by s.symbol, s.id desc`)) as unknown as { rows: Record<string, unknown>[] };
  return rows.map(fromRaw);
}

/** The id of the newest change, 0 when none: what an instance compares to know it is behind. */
export async function selectLatestSettingsId(db: Db): Promise<number> {
  const { rows } = (await db.execute(
    sql`select coalesce(max(id), 0) as id from ${tradingInstrumentSettings}`,
  )) as unknown as { rows: { id: string | number }[] };
  return Number(rows[0]?.id ?? 0);
}

/**
 * Each symbol's row in force at a rollover: the latest effective before it (a change at the
 * rollover's own millisecond applies from the next one).
 */
export async function selectSettingsBefore(db: Db, atMs: number): Promise<SettingsRow[]> {
  const at = new Date(atMs).toISOString();
  const { rows } = (await db.execute(sql`
    select distinct on (s.symbol) s.*, null as changed_by_name
    from ${tradingInstrumentSettings} s
    where s.effective_at < ${at}
    order by s.symbol, s.id desc`)) as unknown as { rows: Record<string, unknown>[] };
  return rows.map(fromRaw);
}

/**
 * Serialises changes of one symbol (each row is complete, so two desks changing different
 * fields at once must not both start from the same row): a transaction-scoped advisory lock.
 */
export async function lockSymbolSettings(tx: Db, symbol: string): Promise<SettingsRow | null> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`instrument-settings:${symbol}`}))`);
  const { rows } = (await tx.execute(sql`
    select s.*, null as changed_by_name from ${tradingInstrumentSettings} s
    where s.symbol = ${symbol} order by s.id desc limit 1`)) as unknown as {
    rows: Record<string, unknown>[];
  };
  return rows[0] ? fromRaw(rows[0]) : null;
}

export async function insertSettings(tx: Db, row: SettingsInsert): Promise<SettingsRow> {
  const [inserted] = await tx.insert(tradingInstrumentSettings).values(row).returning();
  if (!inserted) throw new Error('instrument settings insert returned nothing');
  return inserted;
}

const num = (value: unknown) => (value === null || value === undefined ? null : Number(value));
const time = (value: unknown) => (value instanceof Date ? value : new Date(String(value)));

function fromRaw(row: Record<string, unknown>): SettingsWithAuthor {
  return {
    id: Number(row.id),
    symbol: String(row.symbol),
    tradingEnabled: row.trading_enabled === true || row.trading_enabled === 't',
    spreadMarkupPoints: Number(row.spread_markup_points),
    maxVolume: num(row.max_volume),
    leverageCap: num(row.leverage_cap),
    swapLongHundredths: Number(row.swap_long_hundredths),
    swapShortHundredths: Number(row.swap_short_hundredths),
    badTickSpreads: num(row.bad_tick_spreads),
    exposureLimitUsd: num(row.exposure_limit_usd),
    reason: String(row.reason),
    changedBy: String(row.changed_by),
    effectiveAt: time(row.effective_at),
    createdAt: time(row.created_at),
    changedByName: row.changed_by_name === null ? null : String(row.changed_by_name),
  };
}
