// The key that seals staff TOTP secrets (lib/secret-box.ts): TOTP_ENCRYPTION_KEY, or one
// generated once into DATA_DIR/totp-encryption-key (mode 0600, like initial-admin-password).
// The log says where the key is, never what it is.
import { randomBytes } from 'node:crypto';
import { chmod, link, mkdir, readFile, unlink, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config.js';
import { SECRET_KEY_BYTES } from '../lib/secret-box.js';
import type { SecretKeys } from '../lib/secret-box.js';

export const TOTP_KEY_FILE = 'totp-encryption-key';

function isCode(error: unknown, code: string): boolean {
  return (error as NodeJS.ErrnoException).code === code;
}

function decodeKeyFile(text: string, path: string): Buffer {
  const trimmed = text.trim();
  const key = /^[A-Za-z0-9+/]+={0,2}$/.test(trimmed) ? Buffer.from(trimmed, 'base64') : null;
  if (!key || key.length !== SECRET_KEY_BYTES) {
    throw new Error(
      `${path} does not hold a ${SECRET_KEY_BYTES}-byte base64 key; restore it from a backup or set TOTP_ENCRYPTION_KEY`,
    );
  }
  return key;
}

/**
 * Reads the key file, or creates it when there is none. Creation links a finished temporary
 * file into place, which fails if another instance sharing DATA_DIR got there first: then its
 * key is read, so every instance seals with the same key.
 */
async function keyFromDataDir(
  dataDir: string,
  log: FastifyBaseLogger,
): Promise<{ key: Buffer; created: boolean }> {
  const path = join(dataDir, TOTP_KEY_FILE);
  try {
    return { key: decodeKeyFile(await readFile(path, 'utf8'), path), created: false };
  } catch (error) {
    if (!isCode(error, 'ENOENT')) throw error;
  }
  await mkdir(dataDir, { recursive: true });
  const temporary = `${path}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`;
  const key = randomBytes(SECRET_KEY_BYTES);
  await writeFile(temporary, `${key.toString('base64')}\n`, { mode: 0o600 });
  await chmod(temporary, 0o600); // in case a umask got in the way
  try {
    await link(temporary, path);
  } catch (error) {
    if (!isCode(error, 'EEXIST')) throw error;
    return { key: decodeKeyFile(await readFile(path, 'utf8'), path), created: false };
  } finally {
    await unlink(temporary).catch(() => undefined);
  }
  log.info(
    `Generated the TOTP encryption key into ${path}: back it up with the database (without it, staff two-factor codes cannot be checked)`,
  );
  return { key, created: true };
}

export async function loadTotpKeys(config: Config, log: FastifyBaseLogger): Promise<SecretKeys> {
  if (config.totpEncryptionKey) {
    return { current: config.totpEncryptionKey, previous: config.totpEncryptionKeyPrevious };
  }
  const { key } = await keyFromDataDir(config.dataDir, log);
  return { current: key };
}
