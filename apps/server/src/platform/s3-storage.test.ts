import { Readable } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import { afterAll, describe, expect, it } from 'vitest';
import { bigPdf, md5Of } from '../../test/file-fixtures.ts';
import { S3RVER_CREDENTIALS, useS3rver } from '../../test/s3rver.ts';
import { S3Storage } from './s3-storage.ts';
import { PartChecksumError, StorageNotFoundError } from './storage.ts';

const MB = 1024 * 1024;
let storage: S3Storage;

useS3rver('ks-files', (endpoint) => {
  storage = new S3Storage({
    endpoint,
    region: 'us-east-1',
    bucket: 'ks-files',
    ...S3RVER_CREDENTIALS,
    forcePathStyle: true,
    prefix: 'test/',
  });
});
afterAll(() => storage?.close());

describe('S3Storage against s3rver', () => {
  it('puts, gets, checks and deletes a small object', async () => {
    await storage.put('a/b.txt', Readable.from([Buffer.from('你好')]));
    expect(await storage.exists('a/b.txt')).toBe(true);
    expect((await buffer(await storage.get('a/b.txt'))).toString()).toBe('你好');
    await storage.delete('a/b.txt');
    expect(await storage.exists('a/b.txt')).toBe(false);
    await expect(storage.get('a/b.txt')).rejects.toBeInstanceOf(StorageNotFoundError);
  });

  it('streams a large object through a multipart upload', async () => {
    const bytes = bigPdf(12 * MB + 7);
    await storage.put('big.bin', Readable.from([bytes.subarray(0, 3 * MB), bytes.subarray(3 * MB)]));
    expect(md5Of(await buffer(await storage.get('big.bin')))).toBe(md5Of(bytes));
  });

  it('maps chunks onto parts: out of order, md5 checked, joined in order', async () => {
    const bytes = bigPdf(5 * MB * 2 + 100);
    const chunks = [bytes.subarray(0, 5 * MB), bytes.subarray(5 * MB, 10 * MB), bytes.subarray(10 * MB)];
    const uploadId = await storage.beginParts('chunked.pdf');
    const receipts: { partNumber: number; etag: string }[] = [];
    for (const index of [2, 0, 1]) {
      const chunk = chunks[index] as Buffer;
      const { etag } = await storage.putPart({
        key: 'chunked.pdf',
        uploadId,
        partNumber: index + 1,
        body: Readable.from([chunk]),
        size: chunk.length,
        md5: md5Of(chunk),
      });
      receipts.push({ partNumber: index + 1, etag });
    }
    await expect(
      storage.putPart({
        key: 'chunked.pdf',
        uploadId,
        partNumber: 1,
        body: Readable.from([chunks[0] as Buffer]),
        size: 5 * MB,
        md5: md5Of(Buffer.from('x')),
      }),
    ).rejects.toBeInstanceOf(PartChecksumError);
    await storage.completeParts('chunked.pdf', uploadId, receipts);
    expect(md5Of(await buffer(await storage.get('chunked.pdf')))).toBe(md5Of(bytes));
  });

  it('passes on a failed abort, so the cleanup sweep retries it later', async () => {
    // s3rver 3.7 does not implement AbortMultipartUpload (it answers MethodNotAllowed); AWS S3 and
    // MinIO do. The adapter must not swallow that: the sweep keeps the task in `cleaning` and retries.
    const uploadId = await storage.beginParts('aborted.pdf');
    const chunk = bigPdf(5 * MB);
    await storage.putPart({
      key: 'aborted.pdf',
      uploadId,
      partNumber: 1,
      body: Readable.from([chunk]),
      size: chunk.length,
      md5: md5Of(chunk),
    });
    await expect(storage.abortParts('aborted.pdf', uploadId)).rejects.toMatchObject({
      name: 'MethodNotAllowed',
    });
    expect(await storage.exists('aborted.pdf')).toBe(false);
  });
});
