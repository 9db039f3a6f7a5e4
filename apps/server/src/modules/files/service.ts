import { createHash, randomUUID } from 'node:crypto';
import { extname } from 'node:path';
import type { Readable } from 'node:stream';
import { Transform } from 'node:stream';
import { and, eq, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { storedFiles } from '../../db/schema/index.ts';
import { notFound } from '../../platform/errors.ts';
import type { FileStorage } from '../../platform/storage.ts';

export type StoredFile = typeof storedFiles.$inferSelect;

export interface StoreInput {
  body: Readable;
  fileName: string;
  mimeType: string;
  ownerUserId: string | null;
}

/** Stores uploaded bytes and their record; the one way any module keeps a file. */
export class FileService {
  constructor(
    private readonly db: Db,
    readonly storage: FileStorage,
  ) {}

  /** Streams the body to storage while hashing it (md5, size); the record is written after the bytes. */
  async store(input: StoreInput): Promise<StoredFile> {
    const now = new Date();
    const extension = extname(input.fileName)
      .toLowerCase()
      .replace(/[^.a-z0-9]/g, '');
    const storageKey = `${now.getUTCFullYear()}/${String(now.getUTCMonth() + 1).padStart(2, '0')}/${randomUUID()}${extension}`;
    const md5 = createHash('md5');
    let size = 0;
    // Hash inside the stream (not with a 'data' listener, which would start the flow before storage reads it).
    const counted = new Transform({
      transform(chunk: Buffer, _encoding, done) {
        md5.update(chunk);
        size += chunk.length;
        done(null, chunk);
      },
    });
    input.body.on('error', (error) => counted.destroy(error));
    await this.storage.put(storageKey, input.body.pipe(counted));
    const [row] = await this.db
      .insert(storedFiles)
      .values({
        storageKey,
        fileName: input.fileName,
        mimeType: input.mimeType || 'application/octet-stream',
        size,
        md5: md5.digest('hex'),
        ownerUserId: input.ownerUserId,
      })
      .returning();
    if (!row) throw new Error('stored file insert returned nothing');
    return row;
  }

  async get(fileId: string): Promise<StoredFile> {
    if (!/^[0-9a-f-]{36}$/.test(fileId)) throw notFound('文件不存在');
    const [row] = await this.db
      .select()
      .from(storedFiles)
      .where(and(eq(storedFiles.id, fileId), isNull(storedFiles.deletedAt)));
    if (!row) throw notFound('文件不存在');
    return row;
  }

  async open(fileId: string): Promise<{ file: StoredFile; body: Readable }> {
    const file = await this.get(fileId);
    return { file, body: await this.storage.get(file.storageKey) };
  }
}

/** The URL the web client downloads a stored file from (with its Bearer header). */
export const fileUrl = (fileId: string) => `/ks/file/v1/files/${fileId}`;
