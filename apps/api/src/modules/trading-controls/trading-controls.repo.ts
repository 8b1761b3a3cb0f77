// SQL of the dealing desk's trading controls (decision 133): one row per change, for the
// platform (client_id null) or a client; the latest row of each is in force.
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { clients, tradingControls } from '../../db/schema.js';

export type ControlRow = typeof tradingControls.$inferSelect;
export interface ControlInForce extends ControlRow {
  changedByName: string | null;
  /** The client's name and e-mail; null for the platform's row. */
  clientName: string | null;
  clientEmail: string | null;
}

interface RawControl {
  id: string | number;
  client_id: string | null;
  mode: ControlRow['mode'];
  exposure_limit_usd: string | number | null;
  reason: string;
  changed_by: string;
  created_at: string | Date;
  changed_by_name: string | null;
  client_name: string | null;
  client_email: string | null;
}

function fromRaw(row: RawControl): ControlInForce {
  return {
    id: Number(row.id),
    clientId: row.client_id,
    mode: row.mode,
    exposureLimitUsd: row.exposure_limit_usd === null ? null : Number(row.exposure_limit_usd),
    reason: row.reason,
    changedBy: row.changed_by,
    createdAt: new Date(row.created_at),
    changedByName: row.changed_by_name,
    clientName: row.client_name,
    clientEmail: row.client_email,
  };
}

/**
 * The platform's row and each client's latest, with who made it and whom it concerns. Clients
 * set back to normal are in it too (the caller keeps what it needs): the list stays as short as
 * the clients the desk has ever restricted.
 */
export async function selectControlsInForce(db: Db): Promise<ControlInForce[]> {
  const { rows } = (await db.execute(sql`
    select distinct on (c.client_id) c.*, st.username as changed_by_name,
      cl.first_name || ' ' || cl.last_name as client_name, cl.email as client_email
    from trading_controls c
    join staff st on st.id = c.changed_by
    left join clients cl on cl.id = c.client_id
    order by c.client_id nulls first, c.id desc`)) as unknown as { rows: RawControl[] };
  return rows.map(fromRaw);
}

export async function selectLatestControlId(db: Db): Promise<number> {
  const { rows } = (await db.execute(
    sql`select coalesce(max(id), 0) as id from trading_controls`,
  )) as unknown as { rows: { id: string | number }[] };
  return Number(rows[0]?.id ?? 0);
}

/**
 * Serialises changes of one scope (two desks at once must each see the other's row as "before"):
 * a transaction-scoped advisory lock, then the row in force.
 */
export async function lockControl(tx: Db, clientId: string | null): Promise<ControlRow | null> {
  const key = `trading-controls:${clientId ?? 'platform'}`;
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${key}))`);
  const { rows } = (await tx.execute(sql`
    select c.*, null as changed_by_name, null as client_name, null as client_email
    from trading_controls c
    where c.client_id is not distinct from ${clientId}
    order by c.id desc limit 1`)) as unknown as { rows: RawControl[] };
  return rows[0] ? fromRaw(rows[0]) : null;
}

export async function insertControl(
  tx: Db,
  row: Omit<ControlRow, 'id' | 'createdAt'>,
): Promise<ControlRow> {
  const [inserted] = await tx.insert(tradingControls).values(row).returning();
  if (!inserted) throw new Error('trading control insert returned nothing');
  return inserted;
}

export async function selectClientName(
  db: Db,
  clientId: string,
): Promise<{ name: string; email: string } | null> {
  const [row] = await db
    .select({
      name: sql<string>`${clients.firstName} || ' ' || ${clients.lastName}`,
      email: clients.email,
    })
    .from(clients)
    .where(eq(clients.id, clientId));
  return row ?? null;
}
