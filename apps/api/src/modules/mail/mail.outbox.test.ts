// Without SMTP_URL every mail becomes an .eml file in DATA_DIR/outbox within a second of the
// commit, and the log names the file but never the link (docs/product.md §7).
import { readFileSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../../test/test-app.js';
import type { TestApp } from '../../test/test-app.js';
import { escapeHtml, makeMailTemplates } from './mail-templates.js';
import { retryDelayMs } from './mail-worker.js';

describe('the dev outbox', () => {
  const lines: string[] = [];
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({
      env: { LOG_LEVEL: 'info' },
      logStream: { write: (line: string) => lines.push(line) },
    });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('writes each mail as an .eml file within a second, and logs only the file name', async () => {
    const outbox = join(t.dataDir, 'outbox');
    const started = Date.now();
    const client = await t.createClient({}, { verified: false });
    let files: string[] = [];
    while (Date.now() - started < 1000) {
      files = (() => {
        try {
          return readdirSync(outbox).filter((name) => name.endsWith('.eml'));
        } catch {
          return [];
        }
      })();
      if (files.length > 0) break;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    expect(files).toHaveLength(1);
    const file = join(outbox, files[0]!);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    const eml = readFileSync(file, 'utf8');
    expect(eml).toContain(`To: ${client.email}`);
    expect(eml).toMatch(/Subject: Verify your e-mail address/);
    const token = /verifyEmail#token=([A-Za-z0-9_-]{43})/.exec(eml.replace(/=\r?\n/g, ''))?.[1];
    expect(token).toBeDefined();

    await expect.poll(() => lines.some((line) => line.includes(files[0]!))).toBe(true);
    const log = lines.join('');
    expect(log).not.toContain(token);
    expect(log).not.toContain('verifyEmail#token');
  });
});

describe('templates', () => {
  const templates = makeMailTemplates({
    companyName: 'Acme <Markets>',
    publicUrl: 'https://acme.example',
  });

  it('escapes what people typed in the HTML part, and keeps it readable in the text part', () => {
    const mail = templates.ticketReply({
      firstName: '<b>Eve</b>',
      subject: 'Fees & "charges"',
      reply: '<script>alert(1)</script>',
      signedIn: true,
    });
    expect(mail.html).not.toContain('<script>');
    expect(mail.html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(mail.html).toContain('Hello &lt;b&gt;Eve&lt;/b&gt;,');
    expect(mail.text).toContain('<script>alert(1)</script>');
    expect(mail.subject).toBe('Re: Fees & "charges"');
    expect(escapeHtml(`'`)).toBe('&#39;');
  });

  it('formats amounts as dollars with cents', () => {
    const mail = templates.depositConfirmed({
      firstName: 'Ada',
      amountMinor: 1_234_567,
      method: 'Bitcoin',
    });
    expect(mail.subject).toBe('Deposit of $12,345.67 confirmed');
  });

  it('backs off from 30 s, doubling, up to an hour', () => {
    expect([1, 2, 3, 7, 8, 20].map(retryDelayMs)).toEqual([
      30_000, 60_000, 120_000, 1_920_000, 3_600_000, 3_600_000,
    ]);
  });
});
