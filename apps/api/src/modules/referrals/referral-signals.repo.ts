// The obvious signs that a client referred themself (decision 110), read in one statement:
// the same e-mail domain AND the same registration IP (a shared web-mail domain alone, or a
// shared address alone, is no sign), a withdrawal destination both have used, or a document
// file (SHA-256) both have uploaded.
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import type { ReferralSignalValue } from '../../db/schema.js';

/** A destination as written without case or spaces: "GB33 BUKB …" and "gb33bukb…" are one. */
const normalised = (column: string) => sql.raw(`lower(regexp_replace(${column}, '\\s', '', 'g'))`);

export async function findSelfReferralSignals(
  db: Db,
  referrerId: string,
  referredId: string,
): Promise<ReferralSignalValue[]> {
  // pg and PGlite both answer raw SQL with { rows }.
  const result = (await db.execute(sql`
    select
      exists (
        select 1 from clients a, clients b
        where a.id = ${referrerId} and b.id = ${referredId}
          and a.registration_ip is not null and a.registration_ip = b.registration_ip
          and split_part(a.email, '@', 2) = split_part(b.email, '@', 2)
      ) as "domainAndIp",
      exists (
        select 1 from client_transactions a
        join client_transactions b
          on ${normalised('a.destination')} = ${normalised('b.destination')}
        where a.client_id = ${referrerId} and a.type = 'withdrawal' and a.destination is not null
          and b.client_id = ${referredId} and b.type = 'withdrawal' and b.destination is not null
      ) as "destination",
      exists (
        select 1 from client_documents a
        join client_documents b on a.sha256 = b.sha256
        where a.client_id = ${referrerId} and b.client_id = ${referredId}
      ) as "document"
  `)) as unknown as { rows: { domainAndIp: boolean; destination: boolean; document: boolean }[] };
  const row = result.rows[0];
  const signals: ReferralSignalValue[] = [];
  if (row?.domainAndIp) signals.push('email-domain-and-ip');
  if (row?.destination) signals.push('withdrawal-destination');
  if (row?.document) signals.push('same-document');
  return signals;
}
