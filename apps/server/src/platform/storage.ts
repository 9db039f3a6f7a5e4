import { createHash } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { type FileHandle, mkdir, open, rename, rm, stat, writeFile } from 'node:fs/promises';
import { dirname, resolve, sep } from 'node:path';
import { type Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';

/**
 * Where file bytes live. Keys are opaque paths chosen by the platform (never by users). A shared
 * store (S3-compatible) is what lets several instances serve each other's uploads; the local disk
 * is the single-instance default.
 */
export interface FileStorage {
  readonly name: string;
  /** Writes the whole stream under `key`, replacing what was there. */
  put(key: string, body: Readable): Promise<void>;
  /** The bytes under `key`; rejects with StorageNotFoundError when there are none. */
  get(key: string): Promise<Readable>;
  delete(key: string): Promise<void>;
  exists(key: string): Promise<boolean>;

  /**
   * Multipart writing, for chunked uploads: parts may arrive in any order, more than once, and on
   * any instance that shares this store; `completeParts` makes them the object under `key`.
   * Returns the store's own id of the multipart upload ('' where it needs none).
   */
  beginParts(key: string): Promise<string>;
  /**
   * Stores one part (numbered from 1) whose bytes the caller has already checked against `md5`,
   * replacing the part's earlier bytes. A store that checks again and disagrees rejects with
   * PartChecksumError; an upload the store no longer has (completed, aborted) with
   * StorageNotFoundError. Answers the part's receipt.
   */
  putPart(part: PartInput): Promise<{ etag: string }>;
  /**
   * Makes the parts the object under `key`, in part-number order. Completing an upload that an
   * earlier call completed (a merge cut short after this step, then retried) is not an error;
   * rejects with StorageNotFoundError when neither the parts nor the object are there.
   */
  completeParts(
    key: string,
    uploadId: string,
    parts: readonly { partNumber: number; etag: string }[],
  ): Promise<void>;
  /**
   * Drops every part of an unfinished multipart upload, and what an interrupted completion left
   * under `key`; doing it twice is harmless.
   */
  abortParts(key: string, uploadId: string): Promise<void>;
}

export interface PartInput {
  key: string;
  uploadId: string;
  partNumber: number;
  /** Where the part starts in the whole file: (partNumber - 1) × the upload's chunk size. */
  offset: number;
  /** The part's bytes, in order (as they came off the request, not joined into one buffer). */
  bytes: readonly Buffer[];
  /** Their total length. */
  size: number;
  /** Hex md5 of the bytes, already checked by the caller; sent on where the store checks it too. */
  md5: string;
}

export class StorageNotFoundError extends Error {
  constructor(key: string) {
    super(`no stored object under ${key}`);
  }
}

/** A part's bytes differ from the md5 the client announced (or from the announced size). */
export class PartChecksumError extends Error {
  constructor(key: string, partNumber: number) {
    super(`part ${partNumber} of ${key} does not match its md5`);
  }
}

/** Hashes (md5) and counts what flows through, so a write can be checked without a second read. */
export function createDigestStream() {
  const md5 = createHash('md5');
  let size = 0;
  const stream = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      md5.update(chunk);
      size += chunk.length;
      done(null, chunk);
    },
  });
  return { stream, digest: () => ({ md5: md5.digest('hex'), size }) };
}

export class LocalDiskStorage implements FileStorage {
  readonly name = 'local';
  private readonly root: string;

  constructor(root: string) {
    this.root = resolve(root);
  }

  async put(key: string, body: Readable): Promise<void> {
    const path = this.pathOf(key);
    await mkdir(dirname(path), { recursive: true });
    // Write beside the target and rename, so a reader never sees half a file.
    const partial = `${path}.${process.pid}.${Date.now()}.part`;
    try {
      await pipeline(body, createWriteStream(partial));
      await rename(partial, path);
    } catch (error) {
      await rm(partial, { force: true });
      throw error;
    }
  }

  async get(key: string): Promise<Readable> {
    const path = this.pathOf(key);
    if (!(await this.exists(key))) throw new StorageNotFoundError(key);
    return createReadStream(path);
  }

  async delete(key: string): Promise<void> {
    await rm(this.pathOf(key), { force: true });
  }

  async exists(key: string): Promise<boolean> {
    try {
      return (await stat(this.pathOf(key))).isFile();
    } catch {
      return false;
    }
  }

  /**
   * A chunked upload is written in place: `<key>.partial` holds the whole file, each part written
   * at its offset when it arrives (by whichever instance shares this disk), and completing renames
   * it to `<key>`. Every byte is written once, and nothing is joined or copied at the end.
   */
  async beginParts(key: string): Promise<string> {
    const partial = this.partialOf(key);
    await mkdir(dirname(partial), { recursive: true });
    await writeFile(partial, '', { flag: 'wx' });
    return '';
  }

  async putPart(part: PartInput): Promise<{ etag: string }> {
    let handle: FileHandle;
    try {
      // Opened, never created, here: the file is there from beginParts until the upload is
      // completed or aborted, so a part that comes late cannot bring an upload back.
      handle = await open(this.partialOf(part.key), 'r+');
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') throw new StorageNotFoundError(part.key);
      throw error;
    }
    try {
      const { bytesWritten } = await handle.writev(part.bytes as Buffer[], part.offset);
      if (bytesWritten !== part.size)
        throw new Error(`short write of part ${part.partNumber} of ${part.key}`);
    } finally {
      await handle.close();
    }
    return { etag: part.md5 };
  }

  async completeParts(key: string): Promise<void> {
    try {
      await rename(this.partialOf(key), this.pathOf(key));
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
      // Renamed by an earlier completion whose merge died before recording the file.
      if (!(await this.exists(key))) throw new StorageNotFoundError(key);
    }
  }

  async abortParts(key: string): Promise<void> {
    await rm(this.partialOf(key), { force: true });
    // What a completion left before its merge was refused or died: no stored file names the key
    // of an upload that is not done.
    await rm(this.pathOf(key), { force: true });
    // The layout before decision 0041 kept one file per part in `<key>.parts/`.
    await rm(this.pathOf(`${key}.parts`), { recursive: true, force: true });
  }

  private partialOf(key: string): string {
    return this.pathOf(`${key}.partial`);
  }

  /** Keys are ours, but a key that would leave the root is refused all the same. */
  private pathOf(key: string): string {
    const path = resolve(this.root, key);
    if (!path.startsWith(this.root + sep)) throw new Error(`storage key outside the root: ${key}`);
    return path;
  }
}
