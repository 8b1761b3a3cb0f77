// What a client was mailed, whether or not the outbox worker has sent it yet: a queued row
// keeps its text, a sent one is emptied (its body may hold a single-use link) and its text is in
// an .eml file of DATA_DIR/outbox (the dev transport), decoded here as a person would read it.
import { and, eq, isNotNull } from 'drizzle-orm';
import { mailOutbox } from '../db/schema.js';
import { mailsTo } from '../../../../scripts/dev-outbox.mjs';
import type { TestApp } from './test-app.js';

/** The plain texts of every mail to `email`, queued or sent, in no particular order. */
export async function mailTextsTo(t: TestApp, email: string): Promise<string[]> {
  const queued = await t.database.db
    .select({ text: mailOutbox.textBody })
    .from(mailOutbox)
    .where(and(eq(mailOutbox.recipient, email), isNotNull(mailOutbox.textBody)));
  const sent = (await mailsTo(t.dataDir, email)).map((mail) => mail.text);
  return [...queued.map((row) => row.text ?? ''), ...sent];
}
