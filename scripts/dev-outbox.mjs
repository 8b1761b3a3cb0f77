// Reading the dev outbox (DATA_DIR/outbox/*.eml, written when no SMTP_URL is set): shared by the
// browser journeys, the API tests and the stress scripts, which follow the links the app mails.
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';

/**
 * The mails to `to` (matched in the To: header, any case) in `dataDir`'s outbox, newest first
 * (file names begin with the time they were written), each with its subject and decoded text.
 * An outbox not made yet holds none.
 */
export async function mailsTo(dataDir, to) {
  const outbox = join(dataDir, 'outbox');
  const names = (await readdir(outbox).catch(() => []))
    .filter((name) => name.endsWith('.eml'))
    .sort()
    .reverse();
  const mails = [];
  for (const name of names) {
    const eml = (await readFile(join(outbox, name), 'utf8')).replace(/\r\n/g, '\n');
    const recipient = /^To:\s*(.+)$/im.exec(eml)?.[1] ?? '';
    if (!recipient.toLowerCase().includes(to.toLowerCase())) continue;
    const subject = /^Subject:\s*(.+)$/im.exec(eml)?.[1] ?? '';
    mails.push({ name, subject, text: mailText(eml) });
  }
  return mails;
}

/** The plain-text part of an .eml, decoded (quoted-printable or base64). */
export function mailText(eml) {
  const lines = eml.replace(/\r\n/g, '\n');
  const boundary = /boundary="?([^";\n]+)"?/i.exec(lines)?.[1];
  const parts = boundary ? lines.split(`--${boundary}`) : [lines];
  for (const part of parts) {
    const split = part.indexOf('\n\n');
    if (split < 0) continue;
    const headers = part.slice(0, split);
    if (!/content-type:\s*text\/plain/i.test(headers) && boundary) continue;
    const body = part.slice(split + 2);
    const encoding = /content-transfer-encoding:\s*([\w-]+)/i.exec(headers)?.[1]?.toLowerCase();
    if (encoding === 'base64')
      return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
    if (encoding === 'quoted-printable') {
      // Soft line breaks ("=" at the end of a line) join lines; "=3D" and friends are bytes.
      const joined = body.replace(/=\n/g, '');
      const bytes = joined.replace(/=([0-9A-F]{2})/gi, (_, hex) =>
        String.fromCharCode(parseInt(hex, 16)),
      );
      return Buffer.from(bytes, 'latin1').toString('utf8');
    }
    return body;
  }
  throw new Error('the mail has no text part');
}
