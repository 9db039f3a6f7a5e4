import { createHash } from 'node:crypto';
import { once } from 'node:events';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, readdir, rename, rm, stat } from 'node:fs/promises';
import { dirname, join, resolve, sep } from 'node:path';
import { PassThrough, type Readable, Transform } from 'node:stream';
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
   * Multipart writing, for chunked uploads: parts may arrive in any order and on any instance that
   * shares this store; `completeParts` joins them under `key` in part-number order. Returns the
   * store's own id of the multipart upload ('' where it needs none).
   */
  beginParts(key: string): Promise<string>;
  /**
   * Stores one part (numbered from 1). `md5` is the hex digest the client announced: a part whose
   * bytes do not match is refused with PartChecksumError and not kept. Answers the part's receipt.
   */
  putPart(part: PartInput): Promise<{ etag: string }>;
  completeParts(
    key: string,
    uploadId: string,
    parts: readonly { partNumber: number; etag: string }[],
  ): Promise<void>;
  /** Drops every part of an unfinished multipart upload; doing it twice is harmless. */
  abortParts(key: string, uploadId: string): Promise<void>;
}

export interface PartInput {
  key: string;
  uploadId: string;
  partNumber: number;
  body: Readable;
  /** Bytes the part must have (S3 needs the length up front). */
  size: number;
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

  async beginParts(_key: string): Promise<string> {
    return '';
  }

  async putPart(part: PartInput): Promise<{ etag: string }> {
    const dir = this.partsDir(part.key);
    await mkdir(dir, { recursive: true });
    const target = join(dir, String(part.partNumber));
    const partial = `${target}.${process.pid}.${Date.now()}.part`;
    const digest = createDigestStream();
    part.body.on('error', (error) => digest.stream.destroy(error));
    try {
      await pipeline(part.body, digest.stream, createWriteStream(partial));
      const { md5, size } = digest.digest();
      if (md5 !== part.md5 || size !== part.size) throw new PartChecksumError(part.key, part.partNumber);
      await rename(partial, target);
      return { etag: md5 };
    } finally {
      await rm(partial, { force: true });
    }
  }

  async completeParts(
    key: string,
    _uploadId: string,
    parts: readonly { partNumber: number; etag: string }[],
  ): Promise<void> {
    const dir = this.partsDir(key);
    const ordered = [...parts].sort((a, b) => a.partNumber - b.partNumber);
    const joined = new PassThrough();
    // Parts are streamed one after another into one write: a 1 GB file never sits in memory.
    const feed = (async () => {
      for (const part of ordered) {
        for await (const chunk of createReadStream(join(dir, String(part.partNumber)))) {
          if (!joined.write(chunk)) await once(joined, 'drain');
        }
      }
      joined.end();
    })();
    feed.catch((error: Error) => joined.destroy(error));
    await Promise.all([this.put(key, joined), feed]);
    await rm(dir, { recursive: true, force: true });
  }

  async abortParts(key: string, _uploadId: string): Promise<void> {
    await rm(this.partsDir(key), { recursive: true, force: true });
  }

  /** Part numbers currently held for a key (tests look here to prove a cancel removed them). */
  async listParts(key: string): Promise<number[]> {
    try {
      return (await readdir(this.partsDir(key))).filter((n) => /^\d+$/.test(n)).map(Number);
    } catch {
      return [];
    }
  }

  private partsDir(key: string): string {
    return this.pathOf(`${key}.parts`);
  }

  /** Keys are ours, but a key that would leave the root is refused all the same. */
  private pathOf(key: string): string {
    const path = resolve(this.root, key);
    if (!path.startsWith(this.root + sep)) throw new Error(`storage key outside the root: ${key}`);
    return path;
  }
}
