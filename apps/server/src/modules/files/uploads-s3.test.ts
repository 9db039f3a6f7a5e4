import { UPLOAD_CHUNK_SIZE } from '@ks/contract';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { bigPdf, md5Of, multipart } from '../../../test/file-fixtures.ts';
import { createUser, loginAs, useTestApp } from '../../../test/helper.ts';
import { S3RVER_CREDENTIALS, useS3rver } from '../../../test/s3rver.ts';
import { uploadChunks, uploadTasks } from '../../db/schema/files.ts';
import { S3Storage } from '../../platform/s3-storage.ts';

// The env object is filled in before useTestApp's own beforeAll reads it (hooks run in order).
const env: Record<string, string> = {};
useS3rver('ks', (endpoint) => {
  Object.assign(env, {
    FILES_STORAGE: 's3',
    S3_ENDPOINT: endpoint,
    S3_BUCKET: 'ks',
    S3_ACCESS_KEY_ID: S3RVER_CREDENTIALS.accessKeyId,
    S3_SECRET_ACCESS_KEY: S3RVER_CREDENTIALS.secretAccessKey,
  });
});
const getApp = useTestApp(env);

describe('chunked upload on the S3 storage', () => {
  it('uploads chunks out of order as multipart parts and serves the merged file', async () => {
    const app = getApp();
    const { headers } = await loginAs(app, await createUser(app, 'U'));
    const content = bigPdf(UPLOAD_CHUNK_SIZE * 2 + 1000);
    const task = (
      await app.inject({
        method: 'POST',
        url: '/ks/upload/v1/upload-task',
        headers,
        payload: { md5: md5Of(content), fileName: '标书.pdf', fileSize: content.length },
      })
    ).json().data;
    for (const index of [1, 2, 0]) {
      const bytes = content.subarray(index * UPLOAD_CHUNK_SIZE, (index + 1) * UPLOAD_CHUNK_SIZE);
      const body = multipart(
        { uploadId: task.uploadId, chunk: index, md5: md5Of(bytes) },
        { name: 'blob', content: bytes },
      );
      const response = await app.inject({
        method: 'POST',
        url: '/ks/upload/v1/chunk-upload',
        headers: { ...headers, ...body.headers },
        payload: body.payload,
      });
      expect(response.json().code).toBe(200);
    }
    const merged = await app.inject({
      method: 'POST',
      url: '/ks/upload/v1/file-merge',
      headers,
      payload: { uploadId: task.uploadId, md5: md5Of(content) },
    });
    expect(merged.json().data.status).toBe('done');
    const download = await app.inject({ method: 'GET', url: merged.json().data.file.url, headers });
    expect(md5Of(download.rawPayload)).toBe(md5Of(content));
  });

  it('takes chunks in order and one sent again, and finishes a merge that died after completing', async () => {
    const app = getApp();
    const { headers } = await loginAs(app, await createUser(app, 'U'));
    const first = bigPdf(UPLOAD_CHUNK_SIZE * 2 + 1000);
    const final = Buffer.concat([
      first.subarray(0, UPLOAD_CHUNK_SIZE),
      bigPdf(UPLOAD_CHUNK_SIZE),
      first.subarray(UPLOAD_CHUNK_SIZE * 2),
    ]);
    const task = (
      await app.inject({
        method: 'POST',
        url: '/ks/upload/v1/upload-task',
        headers,
        payload: { md5: md5Of(final), fileName: '标书.pdf', fileSize: final.length },
      })
    ).json().data;
    const send = async (content: Buffer, index: number) => {
      const bytes = content.subarray(index * UPLOAD_CHUNK_SIZE, (index + 1) * UPLOAD_CHUNK_SIZE);
      const body = multipart(
        { uploadId: task.uploadId, chunk: index, md5: md5Of(bytes) },
        { name: 'blob', content: bytes },
      );
      const response = await app.inject({
        method: 'POST',
        url: '/ks/upload/v1/chunk-upload',
        headers: { ...headers, ...body.headers },
        payload: body.payload,
      });
      expect(response.json().code).toBe(200);
    };
    for (const index of [0, 1, 2]) await send(first, index);
    await send(final, 1);
    await new Promise((resolve) => setImmediate(resolve));

    // A merge cut short right after the store completed the upload: the retry finds the object.
    const [row] = await app.db.select().from(uploadTasks).where(eq(uploadTasks.id, task.uploadId));
    const chunks = await app.db.select().from(uploadChunks).where(eq(uploadChunks.uploadId, task.uploadId));
    const storage = new S3Storage({
      endpoint: env.S3_ENDPOINT,
      region: 'us-east-1',
      bucket: 'ks',
      ...S3RVER_CREDENTIALS,
      forcePathStyle: true,
    });
    try {
      await storage.completeParts(
        row?.storageKey ?? '',
        row?.storageUploadId ?? '',
        chunks.map((chunk) => ({ partNumber: chunk.chunkIndex + 1, etag: chunk.etag })),
      );
    } finally {
      storage.close();
    }
    const merged = await app.inject({
      method: 'POST',
      url: '/ks/upload/v1/file-merge',
      headers,
      payload: { uploadId: task.uploadId, md5: md5Of(final) },
    });
    expect(merged.json()).toMatchObject({ code: 200, data: { status: 'done' } });
    const download = await app.inject({ method: 'GET', url: merged.json().data.file.url, headers });
    expect(md5Of(download.rawPayload)).toBe(md5Of(final));
  });
});
