import { readdir } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import { Readable } from 'node:stream';
import { UPLOAD_CHUNK_SIZE, UPLOAD_MESSAGES } from '@ks/contract';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it, vi } from 'vitest';
import { bigPdf, EXE, md5Of, multipart } from '../../../test/file-fixtures.ts';
import { createUser, loginAs, type TestApp, useTestApp } from '../../../test/helper.ts';
import { storedFiles, uploadTasks } from '../../db/schema/files.ts';
import { operationLogs, users } from '../../db/schema/identity.ts';
import type { SessionUser } from '../../platform/access.ts';
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

/** What the disk holds for an upload's storage key: the file, `<name>.partial`, anything else. */
async function leftovers(storageKey: string): Promise<string[]> {
  const name = basename(storageKey);
  const entries = await readdir(join(getApp.filesDir(), dirname(storageKey))).catch(() => []);
  return entries.filter((entry) => entry.startsWith(name)).map((entry) => entry.slice(name.length) || 'file');
}

const keyOf = async (uploadId: string) =>
  (await getApp().db.select().from(uploadTasks).where(eq(uploadTasks.id, uploadId)))[0]?.storageKey ?? '';

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
    // Written in place: the finished file and nothing beside it.
    expect(await leftovers(await keyOf(task.uploadId))).toEqual(['file']);
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
    const key = await keyOf(task.uploadId);
    expect(await leftovers(key)).toEqual(['.partial']);
    const cancelled = await app.inject({
      method: 'POST',
      url: '/ks/upload/v1/upload-cancel',
      headers,
      payload: { uploadId: task.uploadId },
    });
    expect(cancelled.json().code).toBe(200);
    expect(await leftovers(key)).toEqual([]);
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
    expect(await leftovers(byId.get(oldTask.uploadId)?.storageKey ?? '')).toEqual([]);
    expect(await leftovers(byId.get(freshTask.uploadId)?.storageKey ?? '')).toEqual(['.partial']);
  });
});

describe('concurrent merges of one upload', () => {
  it('merges once: every caller gets the one finished file, stored and logged once', async () => {
    const app = getApp();
    const headers = await userHeaders();
    const content = bigPdf(SIZE);
    const task = (await startTask(app, headers, content)).json().data;
    for (const index of [0, 1, 2]) await sendChunk(app, headers, task.uploadId, content, index);
    // A double click, and two more retries, all at once.
    const answers = await Promise.all(
      [1, 2, 3, 4].map(() => merge(app, headers, task.uploadId, md5Of(content))),
    );
    expect(answers.map((answer) => [answer.statusCode, answer.json().data?.status])).toEqual(
      Array(4).fill([200, 'done']),
    );
    const fileIds = new Set(answers.map((answer) => answer.json().data.file.fileId));
    expect(fileIds.size).toBe(1);
    const [fileId] = fileIds;
    const [row] = await app.db.select().from(uploadTasks).where(eq(uploadTasks.id, task.uploadId));
    const stored = await app.db
      .select()
      .from(storedFiles)
      .where(eq(storedFiles.storageKey, row?.storageKey ?? ''));
    expect(stored.map((file) => file.id)).toEqual([fileId]);
    const logged = await app.db
      .select()
      .from(operationLogs)
      .where(and(eq(operationLogs.action, '合并分片上传'), eq(operationLogs.targetId, String(fileId))));
    expect(logged).toHaveLength(1);
    const download = await app.inject({ method: 'GET', url: answers[3]?.json().data.file.url, headers });
    expect(md5Of(download.rawPayload)).toBe(md5Of(content));
  });
});

/** Lets the work a chunk request leaves for after its answer (the running whole-file md5) run. */
const settle = () => new Promise((resolve) => setImmediate(resolve));

const progressOf = async (headers: Headers, uploadId: string) =>
  (
    await getApp().inject({
      method: 'GET',
      url: `/ks/upload/v1/upload-progress?uploadId=${uploadId}`,
      headers,
    })
  ).json().data.uploadedChunks;

/** Chunk `index` of `content` beside the other chunks of `base`: a file whose chunk was replaced. */
const withChunk = (base: Buffer, content: Buffer, index: number) =>
  Buffer.concat([
    base.subarray(0, index * UPLOAD_CHUNK_SIZE),
    content.subarray(index * UPLOAD_CHUNK_SIZE, (index + 1) * UPLOAD_CHUNK_SIZE),
    base.subarray((index + 1) * UPLOAD_CHUNK_SIZE),
  ]);

/** A second instance on the same database and disk, or this one after a restart: nothing in memory. */
function otherInstance() {
  const app = getApp();
  return new UploadService(app.db, new FileService(app.db, storage()), new AnnexSlotService(app.db));
}

/** A user for calling the service directly, as the access guard would hand it over, and their headers. */
async function userAndHeaders(): Promise<{ user: SessionUser; headers: Headers }> {
  const app = getApp();
  const created = await createUser(app, 'U');
  const [row] = await app.db.select().from(users).where(eq(users.id, created.id));
  if (!row) throw new Error('no such user');
  const user = {
    id: row.id,
    userCode: row.userCode,
    userName: row.userName,
    loginRoleType: created.loginRoleType,
    enterpriseId: row.enterpriseId,
    sessionId: 'other-instance',
  };
  return { user, headers: (await loginAs(app, created)).headers };
}

const chunkOf = (content: Buffer, index: number) => {
  const bytes = content.subarray(index * UPLOAD_CHUNK_SIZE, (index + 1) * UPLOAD_CHUNK_SIZE);
  return { chunk: index, md5: md5Of(bytes), body: Readable.from([bytes]) };
};

describe('chunks written in place (decision 0041)', () => {
  it('hashes chunks that come in order as they come: the merge reads nothing back', async () => {
    const app = getApp();
    const headers = await userHeaders();
    const reads = vi.spyOn(LocalDiskStorage.prototype, 'get');
    try {
      for (const order of [
        [0, 1, 2],
        [1, 0, 2],
      ]) {
        const content = bigPdf(SIZE);
        const task = (await startTask(app, headers, content)).json().data;
        for (const index of order) await sendChunk(app, headers, task.uploadId, content, index);
        await settle();
        reads.mockClear();
        const merged = (await merge(app, headers, task.uploadId, md5Of(content))).json();
        expect(merged.data.status).toBe('done');
        // In order: the md5 was made as the chunks came. Out of order: the file is read once.
        expect(reads).toHaveBeenCalledTimes(order[0] === 0 ? 0 : 1);
        const download = await app.inject({ method: 'GET', url: merged.data.file.url, headers });
        expect(md5Of(download.rawPayload)).toBe(md5Of(content));
      }
    } finally {
      reads.mockRestore();
    }
  });

  it('takes a chunk sent again: the same bytes change nothing, other bytes replace the first', async () => {
    const app = getApp();
    const headers = await userHeaders();
    const first = bigPdf(SIZE);
    const final = withChunk(first, bigPdf(SIZE), 1);
    const task = (await startTask(app, headers, final)).json().data;
    for (const index of [0, 1, 2]) await sendChunk(app, headers, task.uploadId, first, index);
    expect((await sendChunk(app, headers, task.uploadId, final, 1)).json().code).toBe(200);
    expect((await sendChunk(app, headers, task.uploadId, final, 0)).json().code).toBe(200);
    await settle();
    expect(await progressOf(headers, task.uploadId)).toEqual([0, 1, 2]);
    // The md5 hashed as the first chunks came is not the file's any more: the merge must see that.
    const merged = (await merge(app, headers, task.uploadId, md5Of(final))).json();
    expect(merged).toMatchObject({ code: 200, data: { status: 'done' } });
    const download = await app.inject({ method: 'GET', url: merged.data.file.url, headers });
    expect(md5Of(download.rawPayload)).toBe(md5Of(final));
  });

  it('keeps the chunk it holds when the same chunk comes again with a wrong md5', async () => {
    const app = getApp();
    const headers = await userHeaders();
    const content = bigPdf(SIZE);
    const task = (await startTask(app, headers, content)).json().data;
    await sendChunk(app, headers, task.uploadId, content, 0);
    const bad = await sendChunk(app, headers, task.uploadId, bigPdf(SIZE), 0, md5Of(content.subarray(0, 9)));
    expect(bad.json()).toMatchObject({ code: 400, message: UPLOAD_MESSAGES.chunkMd5 });
    expect(await progressOf(headers, task.uploadId)).toEqual([0]);
    await sendChunk(app, headers, task.uploadId, content, 1);
    await sendChunk(app, headers, task.uploadId, content, 2);
    const merged = (await merge(app, headers, task.uploadId, md5Of(content))).json();
    const download = await app.inject({ method: 'GET', url: merged.data.file.url, headers });
    expect(md5Of(download.rawPayload)).toBe(md5Of(content));
  });

  it('drops everything when the whole md5 differs, with chunks hashed in order or read back', async () => {
    const app = getApp();
    const headers = await userHeaders();
    for (const order of [
      [0, 1, 2],
      [2, 1, 0],
    ]) {
      const content = bigPdf(SIZE);
      const announced = bigPdf(SIZE);
      const task = (await startTask(app, headers, content, 'a.pdf', md5Of(announced))).json().data;
      for (const index of order) await sendChunk(app, headers, task.uploadId, content, index);
      await settle();
      const refused = await merge(app, headers, task.uploadId, md5Of(announced));
      expect(refused.json()).toMatchObject({ code: 400, message: UPLOAD_MESSAGES.fileMd5 });
      expect(await leftovers(await keyOf(task.uploadId))).toEqual([]);
      const again = await merge(app, headers, task.uploadId, md5Of(announced));
      expect(again.json()).toMatchObject({ code: 400, message: UPLOAD_MESSAGES.taskGone });
    }
  });

  it('resumes on a restarted instance, and takes chunks through two instances', async () => {
    const app = getApp();
    const { user, headers } = await userAndHeaders();
    const content = bigPdf(SIZE);
    const task = (await startTask(app, headers, content)).json().data;
    await sendChunk(app, headers, task.uploadId, content, 0);
    await sendChunk(app, headers, task.uploadId, content, 1);

    const restarted = otherInstance();
    const start = { md5: md5Of(content), fileName: '招标文件.pdf', fileSize: content.length, fileNo: '' };
    const resumed = await restarted.createTask(
      user,
      { ...start, gnCoding: '', systemCoding: '' },
      '127.0.0.1',
    );
    expect(resumed).toMatchObject({ uploadId: task.uploadId, uploadedChunks: [0, 1] });
    await restarted.putChunk(user, { uploadId: task.uploadId, ...chunkOf(content, 2) });
    const merged = await restarted.merge(user, task.uploadId, md5Of(content), '127.0.0.1');
    const download = await app.inject({ method: 'GET', url: merged.file?.url ?? '', headers });
    expect(md5Of(download.rawPayload)).toBe(md5Of(content));

    // All chunks in order to this instance, then one replaced through another: the rows tell.
    const first = bigPdf(SIZE);
    const final = withChunk(first, bigPdf(SIZE), 1);
    const second = (await startTask(app, headers, final)).json().data;
    for (const index of [0, 1, 2]) await sendChunk(app, headers, second.uploadId, first, index);
    await otherInstance().putChunk(user, { uploadId: second.uploadId, ...chunkOf(final, 1) });
    await settle();
    const joined = (await merge(app, headers, second.uploadId, md5Of(final))).json();
    expect(joined).toMatchObject({ code: 200, data: { status: 'done' } });
    const bytes = await app.inject({ method: 'GET', url: joined.data.file.url, headers });
    expect(md5Of(bytes.rawPayload)).toBe(md5Of(final));
  });

  it('finishes a merge that died after completing the file, when it is sent again', async () => {
    const app = getApp();
    const headers = await userHeaders();
    const content = bigPdf(SIZE);
    const task = (await startTask(app, headers, content)).json().data;
    for (const index of [0, 1, 2]) await sendChunk(app, headers, task.uploadId, content, index);
    // What a kill -9 between the rename and the commit leaves: the file in place, the task open.
    const key = await keyOf(task.uploadId);
    await storage().completeParts(key);
    expect(await leftovers(key)).toEqual(['file']);
    const merged = (await merge(app, headers, task.uploadId, md5Of(content))).json();
    expect(merged).toMatchObject({ code: 200, data: { status: 'done' } });
    const download = await app.inject({ method: 'GET', url: merged.data.file.url, headers });
    expect(md5Of(download.rawPayload)).toBe(md5Of(content));
  });

  it('writes no chunk after the merge: the finished file keeps the bytes it was checked with', async () => {
    const app = getApp();
    const headers = await userHeaders();
    const content = bigPdf(SIZE);
    const task = (await startTask(app, headers, content)).json().data;
    for (const index of [0, 1, 2]) await sendChunk(app, headers, task.uploadId, content, index);
    const merged = (await merge(app, headers, task.uploadId, md5Of(content))).json();
    const forged = Buffer.concat([EXE, content.subarray(EXE.length)]);
    const late = await sendChunk(app, headers, task.uploadId, forged, 0);
    expect(late.json()).toMatchObject({ code: 400, message: UPLOAD_MESSAGES.taskGone });
    const download = await app.inject({ method: 'GET', url: merged.data.file.url, headers });
    expect(md5Of(download.rawPayload)).toBe(md5Of(content));
  });
});
