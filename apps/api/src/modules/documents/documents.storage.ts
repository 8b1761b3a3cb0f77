// Where verification documents live on disk: DATA_DIR/uploads, outside anything the web server
// serves. The directory is 0700 and every file 0600; a file's name is 128 random bits chosen
// here, never anything the client sent, so a name can neither collide, be guessed nor escape the
// directory. An upload is streamed to a ".partial-…" file while it is counted, hashed and
// sniffed, and only renamed to its final name once the whole of it is accepted; a refused or
// failed upload leaves nothing behind.
import { createHash, randomBytes } from 'node:crypto';
import { chmod, mkdir, open, readdir, rename, rm, stat } from 'node:fs/promises';
import type { FileHandle } from 'node:fs/promises';
import { join } from 'node:path';
import type { Readable } from 'node:stream';

const STORED_NAME = /^[0-9a-f]{32}$/;
const PARTIAL_PREFIX = '.partial-';
/** Partial files older than this are left over from a crash; younger ones may be in flight. */
const STALE_PARTIAL_MS = 60 * 60 * 1000;

/** Why an upload was refused while it streamed in. */
export type UploadRefusal = 'too-large' | 'unrecognised' | 'empty';

export class UploadRefusedError extends Error {
  constructor(readonly refusal: UploadRefusal) {
    super(`upload refused: ${refusal}`);
    this.name = 'UploadRefusedError';
  }
}

/** A file that streamed in completely and passed the checks, not yet given its final name. */
export interface ReceivedFile<T extends string> {
  partialPath: string;
  sizeBytes: number;
  /** Hex. */
  sha256: string;
  contentType: T;
}

export interface ReceiveOptions<T extends string> {
  maxBytes: number;
  /** How many leading bytes `sniff` needs. */
  sniffBytes: number;
  /** The type from the first bytes, or null to refuse the file. */
  sniff: (head: Uint8Array) => T | null;
}

function isNotFound(error: unknown): boolean {
  return (error as NodeJS.ErrnoException | null)?.code === 'ENOENT';
}

/**
 * Reads `source` into `handle`: counts, hashes and sniffs as the bytes arrive and stops at the
 * first refusal. The source is never destroyed: after a refusal the rest of the request is read
 * and dropped, so the client receives the 413 or 415 instead of a reset connection.
 */
function streamInto<T extends string>(
  source: Readable,
  handle: FileHandle,
  { maxBytes, sniffBytes, sniff }: ReceiveOptions<T>,
): Promise<Omit<ReceivedFile<T>, 'partialPath'>> {
  return new Promise((resolve, reject) => {
    const hash = createHash('sha256');
    let sizeBytes = 0;
    let head = Buffer.alloc(0);
    let contentType: T | null = null;
    let writing: Promise<unknown> = Promise.resolve();
    let settled = false;

    const detach = () => {
      source.off('data', onData);
      source.off('end', onEnd);
      source.off('error', onError);
      source.off('close', onClose);
    };
    const fail = (error: unknown) => {
      if (settled) return;
      settled = true;
      detach();
      // Drain and drop whatever is still coming, without reading it into memory.
      source.on('error', () => undefined);
      source.resume();
      reject(error);
    };
    const decideType = (): boolean => {
      contentType = sniff(head);
      if (contentType === null) fail(new UploadRefusedError('unrecognised'));
      return contentType !== null;
    };

    function onData(chunk: Buffer | string) {
      const bytes = typeof chunk === 'string' ? Buffer.from(chunk) : chunk;
      sizeBytes += bytes.length;
      if (sizeBytes > maxBytes) return fail(new UploadRefusedError('too-large'));
      if (contentType === null) {
        head = Buffer.concat([head, bytes.subarray(0, sniffBytes - head.length)]);
        if (head.length >= sniffBytes && !decideType()) return;
      }
      hash.update(bytes);
      // One write at a time: pause the source until the disk has taken this chunk.
      source.pause();
      writing = handle.write(bytes).then(
        () => {
          if (!settled) source.resume();
        },
        (error: unknown) => fail(error),
      );
    }
    function onEnd() {
      void writing.then(() => {
        if (settled) return;
        if (sizeBytes === 0) return fail(new UploadRefusedError('empty'));
        if (contentType === null && !decideType()) return;
        settled = true;
        detach();
        resolve({ sizeBytes, sha256: hash.digest('hex'), contentType: contentType as T });
      });
    }
    function onError(error: unknown) {
      fail(error);
    }
    function onClose() {
      // Closed before 'end': the client went away mid-upload.
      if (!source.readableEnded) fail(new Error('upload stream closed before its end'));
    }

    source.on('data', onData);
    source.on('end', onEnd);
    source.on('error', onError);
    source.on('close', onClose);
    source.resume();
  });
}

export function makeDocumentStorage({ dir }: { dir: string }) {
  let ready: Promise<void> | null = null;

  /** Creates the directory (0700) once, tightening it if it already existed. */
  function ensureDirectory(): Promise<void> {
    ready ??= (async () => {
      await mkdir(dir, { recursive: true, mode: 0o700 });
      await chmod(dir, 0o700);
    })().catch((error: unknown) => {
      ready = null; // try again next time
      throw error;
    });
    return ready;
  }

  function pathOf(storedName: string): string {
    // Names come from newStoredName only; anything else is a bug, never a path to follow.
    if (!STORED_NAME.test(storedName)) throw new Error('not a stored document name');
    return join(dir, storedName);
  }

  function newStoredName(): string {
    return randomBytes(16).toString('hex');
  }

  /** Streams an upload to a partial file; throws UploadRefusedError (nothing left on disk). */
  async function receive<T extends string>(
    source: Readable,
    options: ReceiveOptions<T>,
  ): Promise<ReceivedFile<T>> {
    await ensureDirectory();
    const partialPath = join(dir, `${PARTIAL_PREFIX}${randomBytes(16).toString('hex')}`);
    const handle = await open(partialPath, 'wx', 0o600);
    let kept = false;
    try {
      const received = await streamInto(source, handle, options);
      await handle.sync();
      kept = true;
      return { ...received, partialPath };
    } finally {
      await handle.close();
      if (!kept) await rm(partialPath, { force: true });
    }
  }

  /** Gives a received file its final name. */
  async function keep(received: ReceivedFile<string>, storedName: string): Promise<void> {
    await rename(received.partialPath, pathOf(storedName));
  }

  /** Deletes a received file that will not be kept (idempotent). */
  async function discard(received: ReceivedFile<string>): Promise<void> {
    await rm(received.partialPath, { force: true });
  }

  /** Deletes a stored file (idempotent). */
  async function remove(storedName: string): Promise<void> {
    await rm(pathOf(storedName), { force: true });
  }

  /** An open handle on a stored file, or null when the file is missing. */
  async function openStored(storedName: string): Promise<FileHandle | null> {
    try {
      return await open(pathOf(storedName), 'r');
    } catch (error) {
      if (isNotFound(error)) return null;
      throw error;
    }
  }

  /** Deletes partial files a crash left behind (not ones that may still be streaming). */
  async function sweepPartials(now: Date): Promise<number> {
    let names: string[];
    try {
      names = await readdir(dir);
    } catch (error) {
      if (isNotFound(error)) return 0;
      throw error;
    }
    let removed = 0;
    for (const name of names) {
      if (!name.startsWith(PARTIAL_PREFIX)) continue;
      const path = join(dir, name);
      const info = await stat(path).catch(() => null);
      if (info && now.getTime() - info.mtimeMs > STALE_PARTIAL_MS) {
        await rm(path, { force: true });
        removed += 1;
      }
    }
    return removed;
  }

  return {
    dir,
    ensureDirectory,
    newStoredName,
    receive,
    keep,
    discard,
    remove,
    openStored,
    sweepPartials,
  };
}

export type DocumentStorage = ReturnType<typeof makeDocumentStorage>;
