import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, rename, rm, stat } from 'node:fs/promises';
import { dirname, resolve, sep } from 'node:path';
import type { Readable } from 'node:stream';
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
}

export class StorageNotFoundError extends Error {
  constructor(key: string) {
    super(`no stored object under ${key}`);
  }
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

  /** Keys are ours, but a key that would leave the root is refused all the same. */
  private pathOf(key: string): string {
    const path = resolve(this.root, key);
    if (!path.startsWith(this.root + sep)) throw new Error(`storage key outside the root: ${key}`);
    return path;
  }
}
