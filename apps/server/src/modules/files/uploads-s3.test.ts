import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { UPLOAD_CHUNK_SIZE } from '@ks/contract';
import S3rver from 's3rver';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser, loginAs, useTestApp } from '../../../test/helper.ts';
import { bigPdf, md5Of, multipart } from './test-fixtures.ts';

// The env object is filled in before useTestApp's own beforeAll reads it (hooks run in order).
const env: Record<string, string> = {};
let server: S3rver;
let directory: string;
beforeAll(async () => {
  directory = mkdtempSync(join(tmpdir(), 'ks-s3rver-'));
  server = new S3rver({
    port: 0,
    address: '127.0.0.1',
    directory,
    silent: true,
    configureBuckets: [{ name: 'ks', configs: [] }],
  });
  const { port } = (await server.run()) as { port: number };
  Object.assign(env, {
    FILES_STORAGE: 's3',
    S3_ENDPOINT: `http://127.0.0.1:${port}`,
    S3_BUCKET: 'ks',
    S3_ACCESS_KEY_ID: 'S3RVER',
    S3_SECRET_ACCESS_KEY: 'S3RVER',
  });
});
const getApp = useTestApp(env);
afterAll(async () => {
  await server?.close();
  rmSync(directory, { recursive: true, force: true });
});

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
});
