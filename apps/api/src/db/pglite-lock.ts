// Two processes on one PGlite directory silently lose writes (docs/product.md §9), so the directory
// is guarded by a lock file holding the owner's pid, created with O_EXCL.
import { closeSync, openSync, readFileSync, unlinkSync, writeSync } from 'node:fs';

export class DatabaseLockedError extends Error {
  constructor(pid: number, dataDir: string, lockPath: string) {
    super(
      `Another BrokerDesk process (pid ${pid}) is using ${dataDir}; stop it or set DATA_DIR/DATABASE_URL. ` +
        `If no such process is running, delete ${lockPath}.`,
    );
    this.name = 'DatabaseLockedError';
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: the process exists but belongs to someone else.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function readPid(lockPath: string): number | null {
  try {
    const pid = Number.parseInt(readFileSync(lockPath, 'utf8').trim(), 10);
    return Number.isInteger(pid) && pid > 0 ? pid : null;
  } catch {
    return null;
  }
}

function tryCreate(lockPath: string): boolean {
  try {
    const fd = openSync(lockPath, 'wx', 0o600);
    try {
      writeSync(fd, `${process.pid}\n`);
    } finally {
      closeSync(fd);
    }
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return false;
    throw error;
  }
}

export interface DirectoryLock {
  release(): void;
}

/**
 * Takes the lock or throws DatabaseLockedError. A lock left by a dead process is taken over.
 * The same process opening the directory twice is refused too: that is the same bug.
 */
export function acquireDirectoryLock(lockPath: string, guardedDir: string): DirectoryLock {
  if (!tryCreate(lockPath)) {
    const owner = readPid(lockPath);
    if (owner !== null && isAlive(owner))
      throw new DatabaseLockedError(owner, guardedDir, lockPath);
    // Stale: its owner died without cleaning up. If another process wins the retry, it owns it.
    try {
      unlinkSync(lockPath);
    } catch {
      // Already removed by a concurrent taker; the retry below decides.
    }
    if (!tryCreate(lockPath)) {
      throw new DatabaseLockedError(readPid(lockPath) ?? 0, guardedDir, lockPath);
    }
  }
  let released = false;
  return {
    release() {
      if (released) return;
      released = true;
      // Only remove the file while it is still ours.
      if (readPid(lockPath) === process.pid) {
        try {
          unlinkSync(lockPath);
        } catch {
          // Nothing left to clean up.
        }
      }
    },
  };
}
