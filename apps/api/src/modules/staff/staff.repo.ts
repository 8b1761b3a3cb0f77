import { eq, sql } from 'drizzle-orm';
import type { StaffRole } from '@brokerdesk/shared';
import type { Db } from '../../db/client.js';
import { staff } from '../../db/schema.js';

export async function anyStaffExists(db: Db): Promise<boolean> {
  const rows = await db.select({ id: staff.id }).from(staff).limit(1);
  return rows.length > 0;
}

/** Inserts unless the username is taken (another instance starting at the same time). */
export async function insertStaffIfAbsent(
  db: Db,
  member: { username: string; passwordHash: string; role: StaffRole },
): Promise<{ id: string } | null> {
  const [row] = await db
    .insert(staff)
    .values(member)
    .onConflictDoNothing()
    .returning({ id: staff.id });
  return row ?? null;
}

/** Usernames are unique case-insensitively (index staff_username_unique on lower(username)). */
export async function findStaffByUsername(db: Db, username: string) {
  const [row] = await db
    .select({
      id: staff.id,
      username: staff.username,
      passwordHash: staff.passwordHash,
      role: staff.role,
      totpSecret: staff.totpSecret,
      disabledAt: staff.disabledAt,
    })
    .from(staff)
    .where(eq(sql`lower(${staff.username})`, username.toLowerCase()))
    .limit(1);
  return row ?? null;
}
