import type { Readable } from 'node:stream';
import {
  type CreateUploadTaskBody,
  checkUploadRule,
  DEFAULT_CHUNK_SIZE,
  extensionOf,
  SIMPLE_UPLOAD_EXTENSIONS,
  UPLOAD_MESSAGES,
  type UploadTask,
  type UploadTaskStatus,
} from '@ks/contract';
import { and, asc, eq, inArray, isNull, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { storedFiles, uploadChunks, uploadTasks } from '../../db/schema/index.ts';
import type { SessionUser } from '../../platform/access.ts';
import { assertContentMatches, cleanFileName, SNIFF_BYTES } from '../../platform/content-check.ts';
import { badRequest, notFound } from '../../platform/errors.ts';
import { toUploadedFile } from '../../platform/file-refs.ts';
import type { FileService } from '../../platform/file-store.ts';
import { recordOperation } from '../../platform/operation-log.ts';
import { createDigestStream, PartChecksumError } from '../../platform/storage.ts';
import type { AnnexSlotService } from './annex-slot-service.ts';

type Task = typeof uploadTasks.$inferSelect;

/** Advisory-lock key of the abandoned-upload sweep: one instance sweeps at a time. */
const CLEANUP_LOCK_KEY = 61_000_006;

/**
 * Chunked, resumable uploads (spec 001 §4, §7): upload-task → chunk-upload (each chunk's md5) →
 * progress → file-merge (whole md5) or upload-cancel. State is in the database and parts in the
 * file storage, so chunks may come in any order, to any instance, across browser reloads.
 */
export class UploadService {
  constructor(
    private readonly db: Db,
    private readonly files: FileService,
    private readonly slots: AnnexSlotService,
    readonly chunkSize: number = DEFAULT_CHUNK_SIZE,
  ) {}

  private get storage() {
    return this.files.storage;
  }

  /**
   * Starts an upload, or answers the one already under way for this user, file and md5 (resume),
   * or completes at once when the user already stored a file with this md5 (instant completion).
   */
  async createTask(user: SessionUser, body: CreateUploadTaskBody, ip: string): Promise<UploadTask> {
    const fileName = cleanFileName(body.fileName);
    await this.checkRule(fileName, body);
    if (body.fileSize > this.files.limits.maxFileBytes) {
      throw badRequest(UPLOAD_MESSAGES.size(Math.floor(this.files.limits.maxFileBytes / 1024 / 1024)));
    }

    // Instant completion is offered only against the user's own files: answering "already stored"
    // for someone else's md5 would hand out their file to anyone who knows its hash.
    const [same] = await this.db
      .select()
      .from(storedFiles)
      .where(
        and(
          eq(storedFiles.ownerUserId, user.id),
          eq(storedFiles.md5, body.md5),
          eq(storedFiles.size, body.fileSize),
          isNull(storedFiles.deletedAt),
        ),
      )
      .limit(1);
    // Under another extension the bytes would skip the content check a merge runs (a clip.mp4
    // instantly "stored" as photo.png): only the same kind of file completes at once.
    if (same && extensionOf(same.fileName) === extensionOf(fileName)) {
      const file = await this.db.transaction(async (tx) => {
        const copy = await this.files.insertFile(
          {
            storageKey: same.storageKey,
            fileName,
            mimeType: same.mimeType,
            size: same.size,
            md5: same.md5,
            ownerUserId: user.id,
            visibility: 'owner',
          },
          tx,
        );
        await recordOperation(tx, {
          user,
          action: '上传文件（秒传）',
          targetType: 'stored_file',
          targetId: copy.id,
          targetName: fileName,
          ip,
        });
        return copy;
      });
      const chunkCount = Math.ceil(body.fileSize / this.chunkSize);
      return {
        uploadId: '',
        chunkSize: this.chunkSize,
        chunkCount,
        uploadedChunks: Array.from({ length: chunkCount }, (_, i) => i),
        status: 'done',
        file: toUploadedFile(file, body.fileNo),
      };
    }

    const [running] = await this.db
      .select()
      .from(uploadTasks)
      .where(
        and(
          eq(uploadTasks.ownerUserId, user.id),
          eq(uploadTasks.md5, body.md5),
          eq(uploadTasks.fileSize, body.fileSize),
          eq(uploadTasks.status, 'uploading'),
        ),
      )
      .limit(1);
    if (running) return this.describe(running);

    if ((await this.files.usedBytes(user.id)) + body.fileSize > this.files.limits.userQuotaBytes) {
      throw badRequest(UPLOAD_MESSAGES.quota);
    }
    const storageKey = this.files.newStorageKey(fileName);
    const storageUploadId = await this.storage.beginParts(storageKey);
    const task = await this.db.transaction(async (tx) => {
      const [row] = await tx
        .insert(uploadTasks)
        .values({
          ownerUserId: user.id,
          md5: body.md5,
          fileName,
          fileSize: body.fileSize,
          chunkSize: this.chunkSize,
          chunkCount: Math.ceil(body.fileSize / this.chunkSize),
          storageKey,
          storageUploadId,
          gnCoding: body.gnCoding,
          systemCoding: body.systemCoding,
          fileNo: body.fileNo,
        })
        .returning();
      if (!row) throw new Error('upload task insert returned nothing');
      await recordOperation(tx, {
        user,
        action: '开始分片上传',
        targetType: 'upload_task',
        targetId: row.id,
        targetName: fileName,
        ip,
      });
      return row;
    });
    return this.describe(task);
  }

  /** The slot's formats and size when the upload names one; else the simple uploader's formats. */
  private async checkRule(fileName: string, body: CreateUploadTaskBody) {
    if (body.fileNo && body.gnCoding) {
      const slot = await this.slots.getSlot(body.gnCoding, body.fileNo);
      const message = checkUploadRule(
        { name: fileName, size: body.fileSize },
        { formats: slot.annexFormat, maxMb: slot.annexSize },
      );
      if (message) throw badRequest(message);
      return;
    }
    const message = checkUploadRule(
      { name: fileName, size: body.fileSize },
      { formats: SIMPLE_UPLOAD_EXTENSIONS, maxMb: 0 },
    );
    if (message)
      throw badRequest(message === UPLOAD_MESSAGES.nameTooLong ? message : UPLOAD_MESSAGES.simpleFormat);
  }

  private async getOwnTask(user: SessionUser, uploadId: string): Promise<Task> {
    const [task] = await this.db
      .select()
      .from(uploadTasks)
      .where(and(eq(uploadTasks.id, uploadId), eq(uploadTasks.ownerUserId, user.id)));
    if (!task) throw notFound(UPLOAD_MESSAGES.taskGone);
    return task;
  }

  private async describe(task: Task): Promise<UploadTask> {
    const chunks = await this.db
      .select({ index: uploadChunks.chunkIndex })
      .from(uploadChunks)
      .where(eq(uploadChunks.uploadId, task.id))
      .orderBy(asc(uploadChunks.chunkIndex));
    let file = null;
    if (task.fileId) file = toUploadedFile(await this.files.get(task.fileId), task.fileNo);
    return {
      uploadId: task.id,
      chunkSize: task.chunkSize,
      chunkCount: task.chunkCount,
      uploadedChunks: chunks.map((c) => c.index),
      status: task.status as UploadTaskStatus,
      file,
    };
  }

  /** Bytes chunk `index` must have: the chunk size, except the last one. */
  private expectedSize(task: Task, index: number): number {
    return Math.min(task.chunkSize, task.fileSize - index * task.chunkSize);
  }

  /** Stores one chunk after checking its md5; a chunk sent again (a retry) replaces the first. */
  async putChunk(
    user: SessionUser,
    input: { uploadId: string; chunk: number; md5: string; body: Readable },
  ): Promise<UploadTask> {
    const task = await this.getOwnTask(user, input.uploadId);
    if (task.status !== 'uploading') throw badRequest(UPLOAD_MESSAGES.taskGone);
    if (input.chunk >= task.chunkCount) throw badRequest(UPLOAD_MESSAGES.chunkMissing);
    let etag: string;
    try {
      ({ etag } = await this.storage.putPart({
        key: task.storageKey,
        uploadId: task.storageUploadId,
        partNumber: input.chunk + 1,
        body: input.body,
        size: this.expectedSize(task, input.chunk),
        md5: input.md5,
      }));
    } catch (error) {
      if (error instanceof PartChecksumError) throw badRequest(UPLOAD_MESSAGES.chunkMd5);
      throw error;
    }
    await this.db.transaction(async (tx) => {
      await tx
        .insert(uploadChunks)
        .values({
          uploadId: task.id,
          chunkIndex: input.chunk,
          md5: input.md5,
          size: this.expectedSize(task, input.chunk),
          etag,
        })
        .onConflictDoUpdate({
          target: [uploadChunks.uploadId, uploadChunks.chunkIndex],
          set: { md5: input.md5, etag, createdAt: new Date() },
        });
      await tx.update(uploadTasks).set({ touchedAt: new Date() }).where(eq(uploadTasks.id, task.id));
    });
    return this.describe(task);
  }

  async getProgress(user: SessionUser, uploadId: string): Promise<UploadTask> {
    return this.describe(await this.getOwnTask(user, uploadId));
  }

  /**
   * Joins the parts once all are there, checks the md5 of the whole and its magic bytes, and
   * records the file. Merging twice answers the same file.
   */
  async merge(user: SessionUser, uploadId: string, md5: string, ip: string): Promise<UploadTask> {
    const task = await this.getOwnTask(user, uploadId);
    if (task.status === 'done') return this.describe(task);
    if (task.status !== 'uploading') throw badRequest(UPLOAD_MESSAGES.taskGone);
    if (md5 !== task.md5) throw badRequest(UPLOAD_MESSAGES.fileMd5);
    const chunks = await this.db
      .select()
      .from(uploadChunks)
      .where(eq(uploadChunks.uploadId, task.id))
      .orderBy(asc(uploadChunks.chunkIndex));
    if (chunks.length !== task.chunkCount) throw badRequest(UPLOAD_MESSAGES.chunkMissing);

    await this.storage.completeParts(
      task.storageKey,
      task.storageUploadId,
      chunks.map((c) => ({ partNumber: c.chunkIndex + 1, etag: c.etag })),
    );
    // The whole file is read back once, streamed: its md5 proves the parts were joined right.
    const digest = createDigestStream();
    const head: Buffer[] = [];
    let headSize = 0;
    for await (const chunk of (await this.storage.get(task.storageKey)).pipe(digest.stream)) {
      if (headSize < SNIFF_BYTES) {
        head.push((chunk as Buffer).subarray(0, SNIFF_BYTES - headSize));
        headSize += Math.min((chunk as Buffer).length, SNIFF_BYTES - headSize);
      }
    }
    const whole = digest.digest();
    let mimeType: string;
    try {
      if (whole.md5 !== task.md5 || whole.size !== task.fileSize) throw badRequest(UPLOAD_MESSAGES.fileMd5);
      mimeType = await assertContentMatches(task.fileName, Buffer.concat(head));
    } catch (error) {
      await this.storage.delete(task.storageKey);
      await this.db.update(uploadTasks).set({ status: 'cancelled' }).where(eq(uploadTasks.id, task.id));
      await this.db.delete(uploadChunks).where(eq(uploadChunks.uploadId, task.id));
      throw error;
    }

    const done = await this.db.transaction(async (tx) => {
      const file = await this.files.insertFile(
        {
          storageKey: task.storageKey,
          fileName: task.fileName,
          mimeType,
          size: task.fileSize,
          md5: task.md5,
          ownerUserId: user.id,
          visibility: 'owner',
        },
        tx,
      );
      const [row] = await tx
        .update(uploadTasks)
        .set({ status: 'done', fileId: file.id, touchedAt: new Date() })
        .where(and(eq(uploadTasks.id, task.id), eq(uploadTasks.status, 'uploading')))
        .returning();
      if (!row) throw badRequest(UPLOAD_MESSAGES.taskGone);
      await tx.delete(uploadChunks).where(eq(uploadChunks.uploadId, task.id));
      await recordOperation(tx, {
        user,
        action: '合并分片上传',
        targetType: 'stored_file',
        targetId: file.id,
        targetName: task.fileName,
        ip,
      });
      return row;
    });
    return this.describe(done);
  }

  /** Stops an upload and drops its parts; cancelling again changes nothing. */
  async cancel(user: SessionUser, uploadId: string, ip: string): Promise<void> {
    const task = await this.getOwnTask(user, uploadId);
    if (task.status !== 'uploading') return;
    await this.db.transaction(async (tx) => {
      await tx
        .update(uploadTasks)
        .set({ status: 'cancelled', touchedAt: new Date() })
        .where(eq(uploadTasks.id, task.id));
      await tx.delete(uploadChunks).where(eq(uploadChunks.uploadId, task.id));
      await recordOperation(tx, {
        user,
        action: '取消上传',
        targetType: 'upload_task',
        targetId: task.id,
        targetName: task.fileName,
        ip,
      });
    });
    await this.storage.abortParts(task.storageKey, task.storageUploadId);
  }

  /**
   * Drops the parts of uploads untouched since `before`. One instance sweeps at a time (a
   * transaction-scoped advisory lock); tasks are first marked `cleaning`, so a sweep that dies
   * midway is finished by the next one. Answers how many uploads were cleaned.
   */
  async cleanupAbandoned(before: Date): Promise<number> {
    const claimed = await this.db.transaction(async (tx) => {
      // Both drivers answer `{rows}` (node-postgres and PGlite results alike).
      const lock = (await tx.execute(
        sql`select pg_try_advisory_xact_lock(${CLEANUP_LOCK_KEY}) as locked`,
      )) as unknown as {
        rows: { locked: boolean }[];
      };
      if (!lock.rows[0]?.locked) return [];
      await tx
        .update(uploadTasks)
        .set({ status: 'cleaning' })
        .where(and(eq(uploadTasks.status, 'uploading'), lt(uploadTasks.touchedAt, before)));
      return tx.select().from(uploadTasks).where(eq(uploadTasks.status, 'cleaning'));
    });
    for (const task of claimed) {
      await this.storage.abortParts(task.storageKey, task.storageUploadId);
      await this.db.delete(uploadChunks).where(eq(uploadChunks.uploadId, task.id));
    }
    if (claimed.length > 0) {
      await this.db
        .update(uploadTasks)
        .set({ status: 'expired' })
        .where(
          inArray(
            uploadTasks.id,
            claimed.map((t) => t.id),
          ),
        );
    }
    return claimed.length;
  }
}

/**
 * The periodic sweep of abandoned uploads: a plain interval in every server process, serialised
 * across instances by the advisory lock inside `cleanupAbandoned` (pg-boss would add a dependency
 * and its own tables for one idempotent job). Returns the function that stops it.
 */
export function startUploadCleanup(
  uploads: UploadService,
  options: { everyMs: number; abandonAfterMs: number; log: { warn: (o: object, m: string) => void } },
): () => void {
  const timer = setInterval(() => {
    uploads
      .cleanupAbandoned(new Date(Date.now() - options.abandonAfterMs))
      .catch((error: unknown) => options.log.warn({ err: error }, 'abandoned-upload cleanup failed'));
  }, options.everyMs);
  timer.unref();
  return () => clearInterval(timer);
}
