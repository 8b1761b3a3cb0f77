// DATA_DIR holds the ledger (the embedded database), identity documents, mail, the first staff
// password and the key that seals staff TOTP secrets: no other local user may read or change any of it (issue 16: PGlite left 969 of
// 1,099 files world-writable). Directories are 0700 and files 0600, repaired at every start;
// server.ts also sets the process umask to 0o077 so files created later are private too.
import { chmodSync, lstatSync, mkdirSync, readdirSync } from 'node:fs';
import { join } from 'node:path';

export const PRIVATE_DIR_MODE = 0o700;
export const PRIVATE_FILE_MODE = 0o600;
/** The process umask that makes every new file 0600 and directory 0700. */
export const PRIVATE_UMASK = 0o077;

/**
 * What BrokerDesk keeps in DATA_DIR. Only these are repaired recursively: an operator may point
 * DATA_DIR at a folder that holds other things (whose modes are theirs to choose); DATA_DIR's own
 * 0700 already keeps other users out of everything in it.
 */
export const DATA_DIR_ENTRIES = [
  'pglite',
  'pglite.lock',
  'uploads',
  'outbox',
  'initial-admin-password',
  'totp-encryption-key',
] as const;

function isMissing(error: unknown): boolean {
  return (error as NodeJS.ErrnoException).code === 'ENOENT';
}

/** chmod to `mode` unless it already has it; true when it changed. Symlinks are left alone. */
function tighten(path: string): { isDirectory: boolean; changed: boolean } | null {
  let stat;
  try {
    stat = lstatSync(path);
  } catch (error) {
    if (isMissing(error)) return null; // removed while we walked (PGlite's temporary files)
    throw error;
  }
  if (stat.isSymbolicLink()) return null;
  const isDirectory = stat.isDirectory();
  const mode = isDirectory ? PRIVATE_DIR_MODE : PRIVATE_FILE_MODE;
  if ((stat.mode & 0o7777) === mode) return { isDirectory, changed: false };
  try {
    chmodSync(path, mode);
  } catch (error) {
    if (isMissing(error)) return null;
    throw error;
  }
  return { isDirectory, changed: true };
}

/** `path` and everything under it made private; returns how many entries changed. */
export function makeTreePrivate(path: string): number {
  const result = tighten(path);
  if (!result) return 0;
  let changed = result.changed ? 1 : 0;
  if (!result.isDirectory) return changed;
  let names: string[];
  try {
    names = readdirSync(path);
  } catch (error) {
    if (isMissing(error)) return changed;
    throw error;
  }
  for (const name of names) changed += makeTreePrivate(join(path, name));
  return changed;
}

/**
 * Creates DATA_DIR (0700) when missing and repairs it: itself 0700, BrokerDesk's entries in it
 * (DATA_DIR_ENTRIES) 0700 for directories and 0600 for files, recursively. Returns how many
 * entries changed mode. An error other than a file vanishing mid-walk is thrown (EPERM: DATA_DIR
 * belongs to another user).
 */
export function makeDataDirPrivate(dataDir: string): number {
  mkdirSync(dataDir, { recursive: true, mode: PRIVATE_DIR_MODE });
  let changed = tighten(dataDir)?.changed ? 1 : 0;
  for (const entry of DATA_DIR_ENTRIES) changed += makeTreePrivate(join(dataDir, entry));
  return changed;
}
