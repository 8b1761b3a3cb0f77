import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../config.js';
import { TOTP_KEY_FILE, loadTotpKeys } from './totp-keys.js';

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

function dataDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'brokerdesk-totp-key-'));
  dirs.push(dir);
  return dir;
}

function capturingLog() {
  const lines: string[] = [];
  const log = {
    info: (message: string) => void lines.push(message),
  } as unknown as FastifyBaseLogger;
  return { log, lines };
}

describe('the TOTP encryption key', () => {
  it('without TOTP_ENCRYPTION_KEY is generated once into DATA_DIR (0600); the log says where, never what', async () => {
    const dir = dataDir();
    const { log, lines } = capturingLog();
    const first = await loadTotpKeys(loadConfig({ DATA_DIR: dir }), log);
    const file = join(dir, TOTP_KEY_FILE);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    const stored = readFileSync(file, 'utf8').trim();
    expect(Buffer.from(stored, 'base64').equals(first.current)).toBe(true);
    expect(first.current).toHaveLength(32);
    expect(lines.join('\n')).toContain(file);
    expect(lines.join('\n')).not.toContain(stored);

    // The next start reads it back, and says nothing.
    const again = capturingLog();
    const second = await loadTotpKeys(loadConfig({ DATA_DIR: dir }), again.log);
    expect(second.current.equals(first.current)).toBe(true);
    expect(again.lines).toEqual([]);
  });

  it('gives every instance sharing DATA_DIR the same key when they start together', async () => {
    const dir = dataDir();
    const keys = await Promise.all(
      Array.from({ length: 4 }, () =>
        loadTotpKeys(loadConfig({ DATA_DIR: dir }), capturingLog().log),
      ),
    );
    for (const key of keys)
      expect(key.current.equals(keys[0]?.current ?? Buffer.alloc(0))).toBe(true);
  });

  it('prefers TOTP_ENCRYPTION_KEY (and its previous key) and writes no file', async () => {
    const dir = dataDir();
    const current = randomBytes(32);
    const previous = randomBytes(32);
    const keys = await loadTotpKeys(
      loadConfig({
        DATA_DIR: dir,
        TOTP_ENCRYPTION_KEY: current.toString('base64'),
        TOTP_ENCRYPTION_KEY_PREVIOUS: previous.toString('base64'),
      }),
      capturingLog().log,
    );
    expect(keys.current.equals(current)).toBe(true);
    expect(keys.previous?.equals(previous)).toBe(true);
    expect(() => statSync(join(dir, TOTP_KEY_FILE))).toThrow();
  });

  it('refuses a damaged key file, naming it', async () => {
    const dir = dataDir();
    writeFileSync(join(dir, TOTP_KEY_FILE), 'not a key\n');
    await expect(loadTotpKeys(loadConfig({ DATA_DIR: dir }), capturingLog().log)).rejects.toThrow(
      /totp-encryption-key does not hold a 32-byte base64 key/,
    );
  });
});
