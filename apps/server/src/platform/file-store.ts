import { randomUUID } from 'node:crypto';
import { extname } from 'node:path';
import { PassThrough, pipeline, type Readable, Transform } from 'node:stream';
import { extensionOf, UPLOAD_MESSAGES } from '@ks/contract';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { recordAttachments, storedFiles, uploadTasks } from '../db/schema/index.ts';
import type { SessionUser } from './access.ts';
import { assertContentMatches, cleanFileName, SNIFF_BYTES } from './content-check.ts';
import { badRequest, notFound } from './errors.ts';
import type { StoredFile } from './file-refs.ts';
import { recordOperation } from './operation-log.ts';
import { createDigestStream, type FileStorage } from './storage.ts';

/** Whether the caller may read one of the records a file is attached to (the attachment grant). */
export type ReadsAttachedRecord = (
  links: { systemCoding: string; gnCoding: string; recordId: string }[],
) => Promise<boolean>;
export type FileVisibility = 'session' | 'owner' | 'public';

export interface StoreInput {
  body: Readable;
  fileName: string;
  mimeType: string;
  ownerUserId: string | null;
  /** Who may download it (see the column); platform content defaults to any logged-in user. */
  visibility?: FileVisibility;
}

/** Limits of the files area, from the configuration. */
export interface FileLimits {
  /** Bytes one user may keep (stored files plus uploads in progress). */
  userQuotaBytes: number;
  /** Largest file accepted in one request (simple, slot and editor uploads). */
  singleRequestBytes: number;
  /** Largest file a chunked upload may announce. */
  maxFileBytes: number;
}

/** A checked upload: what the uploader allows, and whom the file belongs to. */
export interface CheckedStoreInput {
  body: Readable;
  fileName: string;
  owner: SessionUser;
  formats: readonly string[];
  /** Message when the extension is not among `formats` (the simple uploader has its own). */
  formatMessage: string;
  visibility: FileVisibility;
  /** True once the stream ended because it passed the request's size limit. */
  isTruncated: () => boolean;
  /** The size limit the request used, in bytes, for the message. */
  limitBytes: number;
  /** A smaller limit of the uploader (a slot's annexSize), with its message. */
  maxBytes?: number;
  maxMessage?: string;
  /** The operation-log entry of the upload, written in the file row's transaction. */
  log: { action: string; targetName: (file: StoredFile) => string; ip: string };
}

const megabytes = (bytes: number) => Math.round((bytes / 1024 / 1024) * 100) / 100;

/**
 * Who may read a stored file. An attachment is also read by whoever may read a record it is
 * attached to (colleagues of the record's enterprise, its reviewers): the caller passes that in as
 * `readsAttachedRecord`.
 */
export function canReadFile(
  user: SessionUser | null,
  file: Pick<StoredFile, 'visibility' | 'ownerUserId'>,
  grants: { readsAttachedRecord?: boolean } = {},
): boolean {
  if (file.visibility === 'public') return true;
  if (!user) return false;
  if (file.visibility === 'session') return true;
  return file.ownerUserId === user.id || user.loginRoleType === 'M' || grants.readsAttachedRecord === true;
}

/** Stores uploaded bytes and their record; the one way any module keeps a file. */
export class FileService {
  constructor(
    private readonly db: Db,
    readonly storage: FileStorage,
    readonly limits: FileLimits = {
      userQuotaBytes: Number.MAX_SAFE_INTEGER,
      singleRequestBytes: 50 * 1024 * 1024,
      maxFileBytes: Number.MAX_SAFE_INTEGER,
    },
  ) {}

  /** A storage key under the year and month, generated: the user's name never reaches a path. */
  newStorageKey(fileName: string): string {
    const now = new Date();
    const extension = extname(fileName)
      .toLowerCase()
      .replace(/[^.a-z0-9]/g, '')
      .slice(0, 12);
    return `${now.getUTCFullYear()}/${String(now.getUTCMonth() + 1).padStart(2, '0')}/${randomUUID()}${extension}`;
  }

  /** Streams the body to storage while hashing it (md5, size); the record is written after the bytes. */
  async store(input: StoreInput): Promise<StoredFile> {
    const storageKey = this.newStorageKey(input.fileName);
    const digest = createDigestStream();
    await this.storage.put(storageKey, chain(input.body, digest.stream));
    const { md5, size } = digest.digest();
    return this.insertFile({
      storageKey,
      fileName: input.fileName,
      mimeType: input.mimeType || 'application/octet-stream',
      size,
      md5,
      ownerUserId: input.ownerUserId,
      visibility: input.visibility ?? 'session',
    });
  }

  /**
   * An upload from a person: name, extension, size, quota and magic bytes are all checked again
   * here whatever the browser checked. A refused file leaves nothing behind.
   */
  async storeChecked(input: CheckedStoreInput): Promise<StoredFile> {
    const fileName = cleanFileName(input.fileName);
    const extension = extensionOf(fileName);
    if (!input.formats.map((f) => f.toLowerCase()).includes(extension)) throw badRequest(input.formatMessage);
    const used = await this.usedBytes(input.owner.id);
    if (used >= this.limits.userQuotaBytes) throw badRequest(UPLOAD_MESSAGES.quota);

    const storageKey = this.newStorageKey(fileName);
    const digest = createDigestStream();
    const head: Buffer[] = [];
    let headSize = 0;
    // Keep the first bytes for the magic check while the rest streams on to storage.
    const sniff = new Transform({
      transform(chunk: Buffer, _encoding, done) {
        if (headSize < SNIFF_BYTES) {
          head.push(chunk.subarray(0, SNIFF_BYTES - headSize));
          headSize += Math.min(chunk.length, SNIFF_BYTES - headSize);
        }
        done(null, chunk);
      },
    });
    try {
      await this.storage.put(storageKey, chain(input.body, sniff, digest.stream));
    } catch (error) {
      if (input.isTruncated()) throw badRequest(UPLOAD_MESSAGES.size(megabytes(input.limitBytes)));
      throw error;
    }
    const { md5, size } = digest.digest();
    try {
      if (input.isTruncated()) throw badRequest(UPLOAD_MESSAGES.size(megabytes(input.limitBytes)));
      if (size === 0) throw badRequest(UPLOAD_MESSAGES.emptyFile);
      if (input.maxBytes !== undefined && size > input.maxBytes) {
        throw badRequest(input.maxMessage ?? UPLOAD_MESSAGES.size(megabytes(input.maxBytes)));
      }
      if (used + size > this.limits.userQuotaBytes) throw badRequest(UPLOAD_MESSAGES.quota);
      const mimeType = await assertContentMatches(fileName, Buffer.concat(head));
      return await this.db.transaction(async (tx) => {
        const file = await this.insertFile(
          {
            storageKey,
            fileName,
            mimeType,
            size,
            md5,
            ownerUserId: input.owner.id,
            visibility: input.visibility,
          },
          tx,
        );
        await recordOperation(tx, {
          user: input.owner,
          action: input.log.action,
          targetType: 'stored_file',
          targetId: file.id,
          targetName: input.log.targetName(file),
          ip: input.log.ip,
        });
        return file;
      });
    } catch (error) {
      await this.storage.delete(storageKey);
      throw error;
    }
  }

  async insertFile(values: typeof storedFiles.$inferInsert, db: Db = this.db): Promise<StoredFile> {
    const [row] = await db.insert(storedFiles).values(values).returning();
    if (!row) throw new Error('stored file insert returned nothing');
    return row;
  }

  /** Bytes a user keeps: live stored files plus what unfinished chunked uploads announced. */
  async usedBytes(userId: string): Promise<number> {
    const [files] = await this.db
      .select({ total: sql<string>`coalesce(sum(${storedFiles.size}), 0)` })
      .from(storedFiles)
      .where(and(eq(storedFiles.ownerUserId, userId), isNull(storedFiles.deletedAt)));
    const [uploads] = await this.db
      .select({ total: sql<string>`coalesce(sum(${uploadTasks.fileSize}), 0)` })
      .from(uploadTasks)
      .where(and(eq(uploadTasks.ownerUserId, userId), eq(uploadTasks.status, 'uploading')));
    return Number(files?.total ?? 0) + Number(uploads?.total ?? 0);
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

  /**
   * A file the user may read; anything else answers 文件不存在, so guessing ids tells nothing.
   * An attachment is readable by whoever may read a record it is attached to: the records side
   * supplies that check (`readsRecord`, readsAnyAttachedRecord), which this module cannot import.
   */
  async getReadable(
    user: SessionUser | null,
    fileId: string,
    readsRecord: ReadsAttachedRecord = async () => false,
  ): Promise<StoredFile> {
    const file = await this.get(fileId);
    if (canReadFile(user, file)) return file;
    const links = await this.db
      .select({
        systemCoding: recordAttachments.systemCoding,
        gnCoding: recordAttachments.gnCoding,
        recordId: recordAttachments.recordId,
      })
      .from(recordAttachments)
      .where(and(eq(recordAttachments.fileId, file.id), isNull(recordAttachments.deletedAt)));
    if (links.length > 0 && canReadFile(user, file, { readsAttachedRecord: await readsRecord(links) }))
      return file;
    throw notFound('文件不存在');
  }

  /** A file and its bytes: unchecked without a user, else as getReadable decides. */
  async open(
    fileId: string,
    user?: SessionUser | null,
    readsRecord?: ReadsAttachedRecord,
  ): Promise<{ file: StoredFile; body: Readable }> {
    const file =
      user === undefined ? await this.get(fileId) : await this.getReadable(user, fileId, readsRecord);
    return { file, body: await this.storage.get(file.storageKey) };
  }
}

/**
 * `source` through `transforms`, as one readable whose consumer sees any stage's error. Plain
 * `.pipe()` chains do not forward errors: a failing upload stream would be an uncaught exception.
 */
function chain(source: Readable, ...transforms: Transform[]): Readable {
  const out = new PassThrough();
  // The error (if any) reaches the consumer through `out`, which pipeline destroys with it.
  pipeline([source, ...transforms, out], () => {});
  return out;
}
