// Where mail goes: an SMTP server when SMTP_URL is set, otherwise one .eml file per mail in
// DATA_DIR/outbox (docs/product.md §7), so every flow works on a machine with no mail server.
import { randomBytes } from 'node:crypto';
import { mkdir, rename, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import nodemailer from 'nodemailer';

export interface OutgoingMessage {
  from: string;
  to: string;
  subject: string;
  text: string;
  html: string;
}

export interface MailTransport {
  /** Resolves with where the message went (a file name or the SMTP server's id). */
  send(message: OutgoingMessage): Promise<{ delivered: string }>;
  close(): void;
}

export function makeSmtpTransport(smtpUrl: string): MailTransport {
  // A bounded connection pool; a slow server delays mail, never the requests that queued it.
  const transport = nodemailer.createTransport(smtpUrl, {
    pool: true,
    maxConnections: 2,
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 20_000,
  } as object);
  return {
    async send(message) {
      const info = await transport.sendMail(message);
      return { delivered: String(info.messageId ?? 'smtp') };
    },
    close: () => transport.close(),
  };
}

export function makeFileTransport(outboxDir: string): MailTransport {
  const writer = nodemailer.createTransport({ streamTransport: true, buffer: true });
  let ready: Promise<unknown> | null = null;
  return {
    async send(message) {
      ready ??= mkdir(outboxDir, { recursive: true, mode: 0o700 });
      await ready;
      const info = await writer.sendMail(message);
      // Sortable by time, unguessable, and nothing from the message in the name.
      const fileName = `${new Date().toISOString().replace(/[:.]/g, '-')}-${randomBytes(6).toString('hex')}.eml`;
      // 0600: a mail may hold a single-use link. Written under a temporary name and renamed,
      // so whoever watches the folder for .eml files never reads one half written.
      const partial = join(outboxDir, `.${fileName}.partial`);
      await writeFile(partial, info.message as Buffer, { mode: 0o600 });
      await rename(partial, join(outboxDir, fileName));
      return { delivered: fileName };
    },
    close: () => writer.close(),
  };
}
