import { createHash } from 'node:crypto';
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
import { storedFiles, uploadChunks, uploadTasks } from '../../db/schema/files.ts';
import type { SessionUser } from '../../platform/access.ts';
import { assertContentMatches, cleanFileName, SNIFF_BYTES } from '../../platform/content-check.ts';
import { AppError, badRequest, notFound } from '../../platform/errors.ts';
import { toUploadedFile } from '../../platform/file-refs.ts';
import type { FileService } from '../../platform/file-store.ts';
import { recordOperation } from '../../platform/operation-log.ts';
import { createDigestStream, PartChecksumError, StorageNotFoundError } from '../../platform/storage.ts';
import type { AnnexSlotService } from './annex-slot-service.ts';
import { RunningDigests } from './running-digests.ts';

type Task = typeof uploadTasks.$inferSelect;

/**
 * A chunk's bytes, read whole (one chunk: 5 MiB at most, whatever the file's size) and checked
 * against their md5 before any of them is stored, so a bad chunk never reaches the file.
 */
async function readChunk(body: Readable, size: number, md5: string): Promise<Buffer[]> {
  const hash = createHash('md5');
  const pieces: Buffer[] = [];
  let received = 0;
  // Read to the end even when too long: breaking off would leave the request half read.
  for await (const piece of body as AsyncIterable<Buffer>) {
    received += piece.length;
    if (received > size) continue;
    hash.update(piece);
    pieces.push(piece);
  }
  if (received !== size || hash.digest('hex') !== md5) throw badRequest(UPLOAD_MESSAGES.chunkMd5);
  return pieces;
}

/** Advisory-lock key of the abandoned-upload sweep: one instance sweeps at a time. */
const CLEANUP_LOCK_KEY = 61_000_006;

/**
 * Chunked, resumable uploads: upload-task → chunk-upload (each chunk's md5) →
 * progress → file-merge (whole md5) or upload-cancel. State is in the database and the bytes in the
 * file storage (each chunk written where it belongs in the file, or as the store's multipart part:
 * decision 0041), so chunks may come in any order, to any instance, across browser reloads.
 */
export class UploadService {
  private readonly digests = new RunningDigests();

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
    return this.answer(
      task,
      task.status as UploadTaskStatus,
      chunks.map((c) => c.index),
      file,
    );
  }

  private answer(
    task: Task,
    status: UploadTaskStatus,
    uploadedChunks: number[],
    file: UploadTask['file'],
  ): UploadTask {
    return {
      uploadId: task.id,
      chunkSize: task.chunkSize,
      chunkCount: task.chunkCount,
      uploadedChunks,
      status,
      file,
    };
  }

  /** Bytes chunk `index` must have: the chunk size, except the last one. */
  private expectedSize(task: Task, index: number): number {
    return Math.min(task.chunkSize, task.fileSize - index * task.chunkSize);
  }

  /**
   * Stores one chunk after checking its md5; a chunk sent again replaces the first.
   *
   * The stored bytes of chunk i are always those whose md5 upload_chunks row i holds, whatever
   * instance writes them and wherever one dies: a chunk is written under the task's row lock (so
   * not while a merge reads the file, nor after it), only while its row is absent — a chunk sent
   * again with other bytes first deletes the row and commits that — and its row is recorded in the
   * same transaction. The same bytes again are not written at all.
   */
  async putChunk(
    user: SessionUser,
    input: { uploadId: string; chunk: number; md5: string; body: Readable },
  ): Promise<UploadTask> {
    const task = await this.getOwnTask(user, input.uploadId);
    if (task.status !== 'uploading') throw badRequest(UPLOAD_MESSAGES.taskGone);
    if (input.chunk >= task.chunkCount) throw badRequest(UPLOAD_MESSAGES.chunkMissing);
    const size = this.expectedSize(task, input.chunk);
    const bytes = await readChunk(input.body, size, input.md5);
    type Outcome = { kind: 'stored'; held: number[] } | { kind: 'cleared' } | { kind: 'gone' };
    let outcome: Outcome = { kind: 'cleared' };
    // Twice at most: once to clear other bytes held for this chunk, once to write these.
    for (let attempt = 0; attempt < 3 && outcome.kind === 'cleared'; attempt += 1) {
      outcome = await this.db.transaction(async (tx): Promise<Outcome> => {
        // Takes the task row's lock (the merge's) and marks it touched, while it is open: an
        // update waiting on a merge sees the row the merge committed.
        const [open] = await tx
          .update(uploadTasks)
          .set({ touchedAt: new Date() })
          .where(and(eq(uploadTasks.id, task.id), eq(uploadTasks.status, 'uploading')))
          .returning({ id: uploadTasks.id });
        if (!open) throw badRequest(UPLOAD_MESSAGES.taskGone);
        // Every chunk held: this one's md5, and the answer's list without another query.
        const chunks = await tx
          .select({ index: uploadChunks.chunkIndex, md5: uploadChunks.md5 })
          .from(uploadChunks)
          .where(eq(uploadChunks.uploadId, task.id))
          .orderBy(asc(uploadChunks.chunkIndex));
        const held = chunks.find((c) => c.index === input.chunk);
        if (held?.md5 === input.md5) return { kind: 'stored', held: chunks.map((c) => c.index) };
        if (held) {
          await tx
            .delete(uploadChunks)
            .where(and(eq(uploadChunks.uploadId, task.id), eq(uploadChunks.chunkIndex, input.chunk)));
          return { kind: 'cleared' };
        }
        let etag: string;
        try {
          ({ etag } = await this.storage.putPart({
            key: task.storageKey,
            uploadId: task.storageUploadId,
            partNumber: input.chunk + 1,
            offset: input.chunk * task.chunkSize,
            bytes,
            size,
            md5: input.md5,
          }));
        } catch (error) {
          if (error instanceof PartChecksumError) throw badRequest(UPLOAD_MESSAGES.chunkMd5);
          if (!(error instanceof StorageNotFoundError)) throw error;
          // The store no longer has this upload (an interrupted merge completed it, or it was
          // begun before the layout of decision 0041): it cannot finish, so it ends here.
          await tx.update(uploadTasks).set({ status: 'cancelled' }).where(eq(uploadTasks.id, task.id));
          await tx.delete(uploadChunks).where(eq(uploadChunks.uploadId, task.id));
          return { kind: 'gone' };
        }
        await tx.insert(uploadChunks).values({
          uploadId: task.id,
          chunkIndex: input.chunk,
          md5: input.md5,
          size,
          etag,
        });
        return { kind: 'stored', held: [...chunks.map((c) => c.index), input.chunk].sort((a, b) => a - b) };
      });
    }
    if (outcome.kind === 'gone') {
      await this.storage.abortParts(task.storageKey, task.storageUploadId);
      throw badRequest(UPLOAD_MESSAGES.taskGone);
    }
    if (outcome.kind !== 'stored') throw badRequest(UPLOAD_MESSAGES.chunkMd5);
    // Hashed for the whole-file md5 after the answer has gone out, while the client prepares the
    // next chunk: the merge then need not read the file back.
    setImmediate(() => this.digests.add(task.id, input.chunk, input.md5, bytes));
    return this.answer(task, 'uploading', outcome.held, null);
  }

  async getProgress(user: SessionUser, uploadId: string): Promise<UploadTask> {
    return this.describe(await this.getOwnTask(user, uploadId));
  }

  /**
   * Completes the file once all chunks are there (on the local disk a rename: the chunks were
   * written in place), checks the md5 of the whole and its magic bytes, and records the file.
   * Merging twice answers the same file.
   *
   * One merge at a time per upload: the task row stays locked (FOR UPDATE) while the file is
   * completed and checked, so a second merge (a double click, a retry through another instance)
   * waits and then answers the finished file, instead of completing it again (a 500 on S3) or, on
   * a digest mismatch of its own, deleting the file the first one stored; and no chunk is written
   * meanwhile (putChunk takes the same lock).
   */
  async merge(user: SessionUser, uploadId: string, md5: string, ip: string): Promise<UploadTask> {
    const outcome = await this.db.transaction(async (tx) => {
      const [task] = await tx
        .select()
        .from(uploadTasks)
        .where(and(eq(uploadTasks.id, uploadId), eq(uploadTasks.ownerUserId, user.id)))
        .for('update');
      if (!task) throw notFound(UPLOAD_MESSAGES.taskGone);
      if (task.status === 'done') return { task };
      if (task.status !== 'uploading') throw badRequest(UPLOAD_MESSAGES.taskGone);
      if (md5 !== task.md5) throw badRequest(UPLOAD_MESSAGES.fileMd5);
      const chunks = await tx
        .select()
        .from(uploadChunks)
        .where(eq(uploadChunks.uploadId, task.id))
        .orderBy(asc(uploadChunks.chunkIndex));
      if (chunks.length !== task.chunkCount) throw badRequest(UPLOAD_MESSAGES.chunkMissing);

      // A refusal is committed (the task ends cancelled, its bytes dropped), then answered.
      const refuse = async (error: unknown) => {
        await this.storage.abortParts(task.storageKey, task.storageUploadId);
        await tx.update(uploadTasks).set({ status: 'cancelled' }).where(eq(uploadTasks.id, task.id));
        await tx.delete(uploadChunks).where(eq(uploadChunks.uploadId, task.id));
        return { task, error };
      };
      let mimeType: string;
      try {
        await this.storage.completeParts(
          task.storageKey,
          task.storageUploadId,
          chunks.map((c) => ({ partNumber: c.chunkIndex + 1, etag: c.etag })),
        );
        // The whole file's md5 proves it holds the bytes announced: hashed while the chunks came
        // in order to this instance, or else read back once, streamed.
        const whole =
          this.digests.finish(
            task.id,
            chunks.map((c) => c.md5),
          ) ?? (await this.readBack(task.storageKey));
        if (whole.md5 !== task.md5 || whole.size !== task.fileSize) throw badRequest(UPLOAD_MESSAGES.fileMd5);
        mimeType = await assertContentMatches(task.fileName, whole.head);
      } catch (error) {
        if (error instanceof StorageNotFoundError) return refuse(badRequest(UPLOAD_MESSAGES.fileMd5));
        if (error instanceof AppError) return refuse(error);
        throw error;
      }

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
        .where(eq(uploadTasks.id, task.id))
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
      return { task: row };
    });
    if ('error' in outcome) throw outcome.error;
    return this.describe(outcome.task);
  }

  /** The stored file's md5, size and first bytes, read once, streamed. */
  private async readBack(key: string): Promise<{ md5: string; size: number; head: Buffer }> {
    const digest = createDigestStream();
    const head: Buffer[] = [];
    let headSize = 0;
    for await (const chunk of (await this.storage.get(key)).pipe(digest.stream)) {
      if (headSize < SNIFF_BYTES) {
        head.push((chunk as Buffer).subarray(0, SNIFF_BYTES - headSize));
        headSize += Math.min((chunk as Buffer).length, SNIFF_BYTES - headSize);
      }
    }
    return { ...digest.digest(), head: Buffer.concat(head) };
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
    this.digests.forget(task.id);
    await this.storage.abortParts(task.storageKey, task.storageUploadId);
  }

  /**
   * Drops the parts of uploads untouched since `before`. One sweep at a time (a transaction-scoped
   * advisory lock: a scheduled run and one an administrator started may meet); tasks are first
   * marked `cleaning`, so a sweep that dies midway is finished by the next one. Answers how many
   * uploads were cleaned; `onProgress` hears after each one.
   */
  async cleanupAbandoned(
    before: Date,
    onProgress: (done: number, total: number) => Promise<void> = async () => {},
  ): Promise<number> {
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
    for (const [index, task] of claimed.entries()) {
      this.digests.forget(task.id);
      await this.storage.abortParts(task.storageKey, task.storageUploadId);
      await this.db.delete(uploadChunks).where(eq(uploadChunks.uploadId, task.id));
      await onProgress(index + 1, claimed.length);
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
