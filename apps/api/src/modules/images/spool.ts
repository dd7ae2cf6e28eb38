import { createWriteStream } from 'node:fs';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';

/** Every submission's folder starts with this, so only ours are ever swept. */
export const SPOOL_PREFIX = 'marketplace-upload-';
/**
 * Older than any upload can be (a request lasts at most REQUEST_TIMEOUT_SECONDS, an hour at most, and its
 * decode seconds after): such a folder was left by a process that was killed while holding it.
 */
export const STALE_SPOOL_MS = 6 * 60 * 60 * 1000;

export interface SpooledFile {
  /** Where the bytes are: a file only this process can read, named without an extension. */
  path: string;
  /** Bytes written so far (all of them once save() resolved). */
  bytes: number;
}

/**
 * Removes the submission folders in `parent` last written more than STALE_SPOOL_MS before `now`. Best
 * effort: anything it cannot read or remove is left alone.
 */
export async function sweepStaleSpools(parent: string, now = Date.now()): Promise<number> {
  let removed = 0;
  for (const name of await fs.readdir(parent).catch(() => [] as string[])) {
    if (!name.startsWith(SPOOL_PREFIX)) continue;
    const dir = path.join(parent, name);
    const stat = await fs.stat(dir).catch(() => undefined);
    if (!stat?.isDirectory() || now - stat.mtimeMs <= STALE_SPOOL_MS) continue;
    await fs.rm(dir, { recursive: true, force: true }).then(
      () => removed++,
      () => {},
    );
  }
  return removed;
}

/** Folders swept once per process, with the first upload that uses them. */
const swept = new Set<string>();

/**
 * The files of one submission, written to a private temporary folder as they arrive instead of being held
 * in memory: an upload costs the stream's 64 KB chunks, not its megabytes, however long it waits for a
 * decode turn. The folder is made with the first file (mode 0700) and removed, with everything in it, by
 * dispose(). A process killed meanwhile leaves it behind; the next process sweeps such folders once they
 * are older than any upload can be.
 */
export class UploadSpool {
  private dir: string | undefined;
  private disposed = false;
  readonly files: SpooledFile[] = [];

  constructor(private readonly parent: string = os.tmpdir()) {}

  /** Bytes written to all files so far. */
  get bytes(): number {
    return this.files.reduce((sum, file) => sum + file.bytes, 0);
  }

  /** Writes `stream` to the next file; rejects with the stream's error (a file too large, a broken form). */
  async save(stream: Readable): Promise<SpooledFile> {
    if (this.disposed) throw new Error('the upload spool is disposed');
    if (!this.dir) {
      if (!swept.has(this.parent)) {
        swept.add(this.parent);
        void sweepStaleSpools(this.parent);
      }
      const dir = await fs.mkdtemp(path.join(this.parent, SPOOL_PREFIX));
      if (this.disposed) {
        await fs.rm(dir, { recursive: true, force: true });
        throw new Error('the upload spool is disposed');
      }
      this.dir = dir;
    }
    // Named by position only: no sender-chosen name or extension ever reaches the file system or libvips.
    const file: SpooledFile = { path: path.join(this.dir, String(this.files.length)), bytes: 0 };
    this.files.push(file);
    const out = createWriteStream(file.path, { flags: 'wx', mode: 0o600 });
    try {
      await pipeline(stream, out);
    } finally {
      file.bytes = out.bytesWritten;
    }
    return file;
  }

  /** Removes the folder and every file in it. */
  async dispose(): Promise<void> {
    this.disposed = true;
    if (this.dir) await fs.rm(this.dir, { recursive: true, force: true });
  }
}
