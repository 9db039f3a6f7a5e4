import { Readable } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import { S3Client, S3ServiceException } from '@aws-sdk/client-s3';
import { afterAll, describe, expect, it, vi } from 'vitest';
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

/** Chunk `index` (5 MiB chunks) of an upload, as UploadService hands it over, its md5 checked. */
const partOf = (key: string, uploadId: string, index: number, chunk: Buffer) => ({
  key,
  uploadId,
  partNumber: index + 1,
  offset: index * 5 * MB,
  bytes: [chunk],
  size: chunk.length,
  md5: md5Of(chunk),
});

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

  it('maps chunks onto parts: out of order, sent again, joined in order, completed once', async () => {
    const bytes = bigPdf(5 * MB * 2 + 100);
    const chunks = [bytes.subarray(0, 5 * MB), bytes.subarray(5 * MB, 10 * MB), bytes.subarray(10 * MB)];
    const uploadId = await storage.beginParts('chunked.pdf');
    const receipts = new Map<number, string>();
    const send = async (index: number, chunk: Buffer) => {
      const { etag } = await storage.putPart(partOf('chunked.pdf', uploadId, index, chunk));
      receipts.set(index + 1, etag);
    };
    await send(2, chunks[2] as Buffer);
    await send(0, bigPdf(5 * MB));
    await send(1, chunks[1] as Buffer);
    // Sent again with other bytes: the part is replaced.
    await send(0, chunks[0] as Buffer);
    const parts = [...receipts].map(([partNumber, etag]) => ({ partNumber, etag }));
    await storage.completeParts('chunked.pdf', uploadId, parts);
    expect(md5Of(await buffer(await storage.get('chunked.pdf')))).toBe(md5Of(bytes));
    // A merge that died after completing is retried: the object is there, the upload is not.
    await storage.completeParts('chunked.pdf', uploadId, parts);
    await expect(storage.completeParts('never-begun.pdf', uploadId, parts)).rejects.toBeInstanceOf(Error);
  });

  it("answers the store's refusal of a part's Content-MD5 as PartChecksumError", async () => {
    // s3rver does not check Content-MD5; AWS S3 and MinIO answer BadDigest.
    const send = vi
      .spyOn(S3Client.prototype, 'send')
      .mockRejectedValueOnce(
        new S3ServiceException({ name: 'BadDigest', $fault: 'client', $metadata: { httpStatusCode: 400 } }),
      );
    try {
      const chunk = bigPdf(1000);
      await expect(storage.putPart(partOf('digest.pdf', 'some-upload', 0, chunk))).rejects.toBeInstanceOf(
        PartChecksumError,
      );
    } finally {
      send.mockRestore();
    }
  });

  it('passes on a failed abort, so the cleanup sweep retries it later', async () => {
    // s3rver 3.7 does not implement AbortMultipartUpload (it answers MethodNotAllowed); AWS S3 and
    // MinIO do. The adapter must not swallow that: the sweep keeps the task in `cleaning` and retries.
    const uploadId = await storage.beginParts('aborted.pdf');
    const chunk = bigPdf(5 * MB);
    await storage.putPart(partOf('aborted.pdf', uploadId, 0, chunk));
    await expect(storage.abortParts('aborted.pdf', uploadId)).rejects.toMatchObject({
      name: 'MethodNotAllowed',
    });
    expect(await storage.exists('aborted.pdf')).toBe(false);
  });
});
