// DATA_DIR is for the server's user only (issue 16: PGlite left 969 of 1,099 files
// world-writable under umask 022): directories 0700, files 0600, repaired at start, and kept so
// for files made afterwards. Proved on the real process, started under umask 022 on a DATA_DIR
// an earlier run left open to everyone.
import { spawn } from 'node:child_process';
import {
  chmodSync,
  lstatSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../config.js';
import { registrationBody } from '../test/test-app.js';
import { openDatabase } from './client.js';
import { makeDataDirPrivate } from './private-files.js';

const API_DIR = fileURLToPath(new URL('../..', import.meta.url));
const dirs: string[] = [];

function newDataDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'brokerdesk-private-test-'));
  dirs.push(dir);
  return dir;
}

afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/** Every path under `dir` (itself included) whose mode is not 0700 (folders) or 0600 (files). */
function openToOthers(dir: string): string[] {
  const wrong: string[] = [];
  const walk = (path: string) => {
    const stat = lstatSync(path);
    if (stat.isSymbolicLink()) return;
    const want = stat.isDirectory() ? 0o700 : 0o600;
    const mode = stat.mode & 0o7777;
    if (mode !== want) wrong.push(`${path.slice(dir.length) || '/'} ${mode.toString(8)}`);
    if (stat.isDirectory()) for (const name of readdirSync(path)) walk(join(path, name));
  };
  walk(dir);
  return wrong;
}

/** What an earlier version left: everything readable and writable by everyone. */
function leaveOpenToEveryone(dataDir: string): void {
  mkdirSync(join(dataDir, 'outbox'), { recursive: true });
  writeFileSync(join(dataDir, 'outbox', 'old.eml'), 'Subject: old\n');
  writeFileSync(join(dataDir, 'initial-admin-password'), 'not a real password\n');
  chmodSync(join(dataDir, 'outbox', 'old.eml'), 0o666);
  chmodSync(join(dataDir, 'initial-admin-password'), 0o666);
  chmodSync(join(dataDir, 'outbox'), 0o777);
  chmodSync(dataDir, 0o777);
}

describe('makeDataDirPrivate', () => {
  it("repairs DATA_DIR and BrokerDesk's files in it, and leaves other things alone", () => {
    const dataDir = newDataDir();
    leaveOpenToEveryone(dataDir);
    mkdirSync(join(dataDir, 'pglite', 'base', '1'), { recursive: true });
    writeFileSync(join(dataDir, 'pglite', 'base', '1', '1259'), '');
    chmodSync(join(dataDir, 'pglite', 'base', '1', '1259'), 0o666);
    chmodSync(join(dataDir, 'pglite', 'base'), 0o777);
    // The operator's own things beside ours: their modes are theirs.
    writeFileSync(join(dataDir, 'notes.txt'), '');
    chmodSync(join(dataDir, 'notes.txt'), 0o644);
    // A link is not followed: what it points at keeps its mode.
    symlinkSync(join(dataDir, 'notes.txt'), join(dataDir, 'pglite', 'link'));

    expect(makeDataDirPrivate(dataDir)).toBeGreaterThanOrEqual(6);
    expect(openToOthers(dataDir)).toEqual(['/notes.txt 644']);
    expect(makeDataDirPrivate(dataDir)).toBe(0); // nothing left to repair
  });
});

describe('openDatabase with PGlite', () => {
  it('leaves the new database private to this user', async () => {
    const dataDir = newDataDir();
    chmodSync(dataDir, 0o755);
    const database = await openDatabase(loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent' }));
    try {
      await database.migrate();
      expect(openToOthers(join(dataDir, 'pglite'))).toEqual([]);
      expect(lstatSync(dataDir).mode & 0o777).toBe(0o700);
    } finally {
      await database.close();
    }
  }, 60_000);
});

describe('the server (server.ts) under umask 022', () => {
  it('repairs DATA_DIR at start and keeps what it writes afterwards private', async () => {
    const dataDir = newDataDir();
    leaveOpenToEveryone(dataDir);
    const child = spawn(
      'sh',
      ['-c', `umask 022 && exec "${process.execPath}" --import tsx src/server.ts`],
      {
        cwd: API_DIR,
        stdio: ['ignore', 'pipe', 'pipe'],
        env: {
          ...process.env,
          NODE_ENV: 'test',
          PORT: '0',
          HOST: '127.0.0.1',
          DATA_DIR: dataDir,
          DATABASE_URL: '',
          REDIS_URL: '',
          SMTP_URL: '',
          ADMIN_PASSWORD: 'private-files-test-owner-password',
          LOG_LEVEL: 'info',
          WEB_DIST_DIR: join(dataDir, 'no-web-build'),
        },
      },
    );
    let output = '';
    const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
    try {
      const port = await new Promise<number>((resolve, reject) => {
        const onData = (chunk: Buffer) => {
          output += chunk.toString('utf8');
          const match = /running at http:\/\/127\.0\.0\.1:(\d+)/.exec(output);
          if (match) resolve(Number(match[1]));
        };
        child.stdout.on('data', onData);
        child.stderr.on('data', onData);
        void exited.then(() => reject(new Error(`the server exited:\n${output}`)));
      });
      expect(output).toContain('readable by this user only');

      // Writes after start: a registration (database rows and its verification mail in
      // DATA_DIR/outbox, written within a second).
      const registered = await fetch(`http://127.0.0.1:${port}/api/userRegister/send`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(registrationBody()),
      });
      expect(registered.status).toBe(201);
      await expect
        .poll(() => readdirSync(join(dataDir, 'outbox')).filter((n) => n.endsWith('.eml')).length, {
          timeout: 10_000,
        })
        .toBeGreaterThan(1);

      expect(openToOthers(dataDir)).toEqual([]);
    } finally {
      child.kill('SIGTERM');
      await exited;
    }
    // And what closing wrote.
    expect(openToOthers(dataDir)).toEqual([]);
  }, 90_000);
});
