import { UPLOAD_CHUNK_SIZE, UPLOAD_MESSAGES } from '@ks/contract';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { bigPdf, EXE, md5Of, multipart } from '../../../test/file-fixtures.ts';
import { createUser, loginAs, type TestApp, useTestApp } from '../../../test/helper.ts';
import { uploadTasks } from '../../db/schema/index.ts';
import { FileService } from '../../platform/file-store.ts';
import { LocalDiskStorage } from '../../platform/storage.ts';
import { AnnexSlotService } from './annex-slot-service.ts';
import { UploadService } from './upload-service.ts';

const getApp = useTestApp();
type Headers = Record<string, string>;

/** 2.5 chunks: the last chunk is short, as with real files. */
const SIZE = Math.floor(UPLOAD_CHUNK_SIZE * 2.5);

async function startTask(
  app: TestApp,
  headers: Headers,
  content: Buffer,
  fileName = '招标文件.pdf',
  md5 = md5Of(content),
) {
  return app.inject({
    method: 'POST',
    url: '/ks/upload/v1/upload-task',
    headers,
    payload: { md5, fileName, fileSize: content.length },
  });
}

async function sendChunk(
  app: TestApp,
  headers: Headers,
  uploadId: string,
  content: Buffer,
  index: number,
  md5?: string,
) {
  const bytes = content.subarray(index * UPLOAD_CHUNK_SIZE, (index + 1) * UPLOAD_CHUNK_SIZE);
  const body = multipart(
    { uploadId, chunk: index, md5: md5 ?? md5Of(bytes), fileName: 'blob', fileSize: content.length },
    { name: 'blob', content: bytes },
  );
  return app.inject({
    method: 'POST',
    url: '/ks/upload/v1/chunk-upload',
    headers: { ...headers, ...body.headers },
    payload: body.payload,
  });
}

const merge = (app: TestApp, headers: Headers, uploadId: string, md5: string) =>
  app.inject({
    method: 'POST',
    url: '/ks/upload/v1/file-merge',
    headers,
    payload: { uploadId, md5, fileName: 'x' },
  });

const storage = () => new LocalDiskStorage(getApp.filesDir());

async function userHeaders(role: 'U' | 'P' = 'U') {
  const app = getApp();
  return (await loginAs(app, await createUser(app, role))).headers;
}

describe('chunked upload', () => {
  it('takes chunks out of order, reports progress, merges and serves the same bytes', async () => {
    const app = getApp();
    const headers = await userHeaders();
    const content = bigPdf(SIZE);
    const task = (await startTask(app, headers, content)).json().data;
    expect(task).toMatchObject({
      chunkCount: 3,
      chunkSize: UPLOAD_CHUNK_SIZE,
      uploadedChunks: [],
      status: 'uploading',
    });
    for (const index of [2, 0, 1]) {
      expect((await sendChunk(app, headers, task.uploadId, content, index)).json().code).toBe(200);
    }
    const progress = await app.inject({
      method: 'GET',
      url: `/ks/upload/v1/upload-progress?uploadId=${task.uploadId}`,
      headers,
    });
    expect(progress.json().data.uploadedChunks).toEqual([0, 1, 2]);
    const merged = (await merge(app, headers, task.uploadId, md5Of(content))).json();
    expect(merged).toMatchObject({
      code: 200,
      data: { status: 'done', file: { fileName: '招标文件.pdf', fileSize: SIZE } },
    });
    const download = await app.inject({ method: 'GET', url: merged.data.file.url, headers });
    expect(md5Of(download.rawPayload)).toBe(md5Of(content));
    const [row] = await app.db.select().from(uploadTasks).where(eq(uploadTasks.id, task.uploadId));
    expect(await storage().listParts(row?.storageKey ?? '')).toEqual([]);
  });

  it('refuses a chunk whose md5 is wrong and keeps nothing of it: 分片校验失败，请重新上传', async () => {
    const app = getApp();
    const headers = await userHeaders();
    const content = bigPdf(SIZE);
    const task = (await startTask(app, headers, content)).json().data;
    const response = await sendChunk(app, headers, task.uploadId, content, 0, md5Of(Buffer.from('other')));
    expect(response.json()).toMatchObject({ code: 400, message: UPLOAD_MESSAGES.chunkMd5 });
    const progress = await app.inject({
      method: 'GET',
      url: `/ks/upload/v1/upload-progress?uploadId=${task.uploadId}`,
      headers,
    });
    expect(progress.json().data.uploadedChunks).toEqual([]);
  });

  it('refuses a merge with a missing chunk: 分片不完整，请重新上传', async () => {
    const app = getApp();
    const headers = await userHeaders();
    const content = bigPdf(SIZE);
    const task = (await startTask(app, headers, content)).json().data;
    await sendChunk(app, headers, task.uploadId, content, 0);
    await sendChunk(app, headers, task.uploadId, content, 2);
    const response = await merge(app, headers, task.uploadId, md5Of(content));
    expect(response.json()).toMatchObject({ code: 400, message: UPLOAD_MESSAGES.chunkMissing });
  });

  it('resumes: the same file again answers the same task with the chunks already held', async () => {
    const app = getApp();
    const headers = await userHeaders();
    const content = bigPdf(SIZE);
    const first = (await startTask(app, headers, content)).json().data;
    await sendChunk(app, headers, first.uploadId, content, 1);
    const again = (await startTask(app, headers, content)).json().data;
    expect(again).toMatchObject({ uploadId: first.uploadId, uploadedChunks: [1] });
    await sendChunk(app, headers, again.uploadId, content, 0);
    await sendChunk(app, headers, again.uploadId, content, 2);
    expect((await merge(app, headers, again.uploadId, md5Of(content))).json().data.status).toBe('done');
  });

  it('completes at once when the user already stored a file with this md5', async () => {
    const app = getApp();
    const headers = await userHeaders();
    const content = bigPdf(UPLOAD_CHUNK_SIZE + 10);
    const task = (await startTask(app, headers, content)).json().data;
    await sendChunk(app, headers, task.uploadId, content, 0);
    await sendChunk(app, headers, task.uploadId, content, 1);
    await merge(app, headers, task.uploadId, md5Of(content));
    const instant = (await startTask(app, headers, content, '副本.pdf')).json().data;
    expect(instant).toMatchObject({ status: 'done', uploadedChunks: [0, 1], file: { fileName: '副本.pdf' } });
    const download = await app.inject({ method: 'GET', url: instant.file.url, headers });
    expect(md5Of(download.rawPayload)).toBe(md5Of(content));
    // Another user knowing the md5 gets no shortcut to the file.
    const stranger = (await startTask(app, await userHeaders(), content)).json().data;
    expect(stranger).toMatchObject({ status: 'uploading', uploadedChunks: [] });
    // Nor does a new extension: the bytes must pass the content check of a real upload.
    const renamed = (await startTask(app, headers, content, '照片.png')).json().data;
    expect(renamed).toMatchObject({ status: 'uploading', uploadedChunks: [] });
  });

  it('refuses a whole file whose md5 differs from the one announced: 文件校验失败，请重新上传', async () => {
    const app = getApp();
    const headers = await userHeaders();
    const content = bigPdf(UPLOAD_CHUNK_SIZE + 10);
    const other = bigPdf(UPLOAD_CHUNK_SIZE + 10);
    const task = (await startTask(app, headers, content, 'a.pdf', md5Of(other))).json().data;
    await sendChunk(app, headers, task.uploadId, content, 0);
    await sendChunk(app, headers, task.uploadId, content, 1);
    const response = await merge(app, headers, task.uploadId, md5Of(other));
    expect(response.json()).toMatchObject({ code: 400, message: UPLOAD_MESSAGES.fileMd5 });
  });

  it('refuses forged content at merge: an executable named .pdf', async () => {
    const app = getApp();
    const headers = await userHeaders();
    const content = Buffer.concat([EXE, bigPdf(UPLOAD_CHUNK_SIZE)]);
    const task = (await startTask(app, headers, content, 'tender.pdf')).json().data;
    await sendChunk(app, headers, task.uploadId, content, 0);
    await sendChunk(app, headers, task.uploadId, content, 1);
    const response = await merge(app, headers, task.uploadId, md5Of(content));
    expect(response.json()).toMatchObject({ code: 400, message: UPLOAD_MESSAGES.forged('pdf') });
  });

  it.each([
    ['a wrong format', 'a.exe', UPLOAD_MESSAGES.simpleFormat],
    ['a long name', `${'a'.repeat(61)}.pdf`, UPLOAD_MESSAGES.nameTooLong],
    ['a path as name', '../../x/..', UPLOAD_MESSAGES.nameInvalid],
  ])('refuses a task with %s', async (_label, fileName, message) => {
    const response = await startTask(getApp(), await userHeaders(), bigPdf(100), fileName);
    expect(response.json()).toMatchObject({ code: 400, message });
  });

  it("keeps one user's upload from another: 上传任务不存在或已取消", async () => {
    const app = getApp();
    const content = bigPdf(SIZE);
    const task = (await startTask(app, await userHeaders(), content)).json().data;
    const response = await sendChunk(app, await userHeaders('P'), task.uploadId, content, 0);
    expect(response.json()).toMatchObject({ code: 404, message: UPLOAD_MESSAGES.taskGone });
  });

  it('cancel removes the parts and ends the task', async () => {
    const app = getApp();
    const headers = await userHeaders();
    const content = bigPdf(SIZE);
    const task = (await startTask(app, headers, content)).json().data;
    await sendChunk(app, headers, task.uploadId, content, 0);
    const [row] = await app.db.select().from(uploadTasks).where(eq(uploadTasks.id, task.uploadId));
    expect(await storage().listParts(row?.storageKey ?? '')).toEqual([1]);
    const cancelled = await app.inject({
      method: 'POST',
      url: '/ks/upload/v1/upload-cancel',
      headers,
      payload: { uploadId: task.uploadId },
    });
    expect(cancelled.json().code).toBe(200);
    expect(await storage().listParts(row?.storageKey ?? '')).toEqual([]);
    expect((await sendChunk(app, headers, task.uploadId, content, 1)).json().message).toBe(
      UPLOAD_MESSAGES.taskGone,
    );
  });

  it('cleans up abandoned uploads, and only those', async () => {
    const app = getApp();
    const headers = await userHeaders();
    const old = bigPdf(SIZE);
    const fresh = bigPdf(SIZE);
    const oldTask = (await startTask(app, headers, old)).json().data;
    await sendChunk(app, headers, oldTask.uploadId, old, 0);
    const freshTask = (await startTask(app, headers, fresh)).json().data;
    await sendChunk(app, headers, freshTask.uploadId, fresh, 0);
    await app.db
      .update(uploadTasks)
      .set({ touchedAt: new Date(Date.now() - 48 * 3600_000) })
      .where(eq(uploadTasks.id, oldTask.uploadId));
    const files = new FileService(app.db, storage());
    const uploads = new UploadService(app.db, files, new AnnexSlotService(app.db));
    expect(await uploads.cleanupAbandoned(new Date(Date.now() - 24 * 3600_000))).toBe(1);
    const rows = await app.db.select().from(uploadTasks);
    const byId = new Map(rows.map((r) => [r.id, r]));
    expect(byId.get(oldTask.uploadId)?.status).toBe('expired');
    expect(byId.get(freshTask.uploadId)?.status).toBe('uploading');
    expect(await storage().listParts(byId.get(oldTask.uploadId)?.storageKey ?? '')).toEqual([]);
    expect(await storage().listParts(byId.get(freshTask.uploadId)?.storageKey ?? '')).toEqual([1]);
  });
});
