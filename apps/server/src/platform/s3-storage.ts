import type { Readable } from 'node:stream';
import {
  AbortMultipartUploadCommand,
  CompleteMultipartUploadCommand,
  CreateMultipartUploadCommand,
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
  UploadPartCommand,
} from '@aws-sdk/client-s3';
import { type FileStorage, PartChecksumError, type PartInput, StorageNotFoundError } from './storage.ts';

export interface S3StorageOptions {
  endpoint?: string;
  region: string;
  bucket: string;
  accessKeyId?: string;
  secretAccessKey?: string;
  /** MinIO, s3rver and most self-hosted stores need path-style addresses. */
  forcePathStyle: boolean;
  /** Prefix of every key, so one bucket can hold several deployments. */
  prefix?: string;
}

/** Whole objects up to this size go in one PutObject; larger streams use a multipart upload. */
const SINGLE_PUT_MAX = 5 * 1024 * 1024;

const isMissing = (error: unknown) =>
  error instanceof S3ServiceException &&
  (error.name === 'NoSuchKey' || error.name === 'NotFound' || error.$metadata.httpStatusCode === 404);
/** The multipart upload is over (completed or aborted), or never was. */
const isNoUpload = (error: unknown) =>
  (error instanceof S3ServiceException && error.name === 'NoSuchUpload') || isMissing(error);

/**
 * An S3-compatible store (AWS S3, MinIO, Ceph, OSS/COS in S3 mode): what several instances share.
 * Chunked uploads map one chunk onto one multipart part; S3 checks each part's Content-MD5.
 */
export class S3Storage implements FileStorage {
  readonly name = 's3';
  private readonly client: S3Client;
  private readonly bucket: string;
  private readonly prefix: string;

  constructor(options: S3StorageOptions) {
    this.client = new S3Client({
      region: options.region,
      endpoint: options.endpoint,
      forcePathStyle: options.forcePathStyle,
      credentials:
        options.accessKeyId && options.secretAccessKey
          ? { accessKeyId: options.accessKeyId, secretAccessKey: options.secretAccessKey }
          : undefined,
      // Checksums beyond Content-MD5 are an AWS extension many compatible stores reject.
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
    });
    this.bucket = options.bucket;
    this.prefix = options.prefix ?? '';
  }

  private keyOf(key: string) {
    return `${this.prefix}${key}`;
  }

  async put(key: string, body: Readable): Promise<void> {
    // The length of an upload stream is unknown: read up to one part, then decide.
    const iterator = body[Symbol.asyncIterator]();
    const head: Buffer[] = [];
    let headSize = 0;
    let done = false;
    while (headSize <= SINGLE_PUT_MAX) {
      const next = await iterator.next();
      if (next.done) {
        done = true;
        break;
      }
      const chunk = Buffer.from(next.value as Buffer);
      head.push(chunk);
      headSize += chunk.length;
    }
    if (done) {
      await this.client.send(
        new PutObjectCommand({ Bucket: this.bucket, Key: this.keyOf(key), Body: Buffer.concat(head) }),
      );
      return;
    }
    const uploadId = await this.beginParts(key);
    try {
      const parts: { partNumber: number; etag: string }[] = [];
      let buffered = Buffer.concat(head);
      let partNumber = 1;
      const flush = async (bytes: Buffer) => {
        const response = await this.client.send(
          new UploadPartCommand({
            Bucket: this.bucket,
            Key: this.keyOf(key),
            UploadId: uploadId,
            PartNumber: partNumber,
            Body: bytes,
          }),
        );
        parts.push({ partNumber, etag: response.ETag ?? '' });
        partNumber += 1;
      };
      // Only one part (5 MB) is ever held in memory.
      while (true) {
        while (buffered.length >= SINGLE_PUT_MAX) {
          await flush(buffered.subarray(0, SINGLE_PUT_MAX));
          buffered = buffered.subarray(SINGLE_PUT_MAX);
        }
        const next = await iterator.next();
        if (next.done) break;
        buffered = Buffer.concat([buffered, Buffer.from(next.value as Buffer)]);
      }
      if (buffered.length > 0 || parts.length === 0) await flush(buffered);
      await this.completeParts(key, uploadId, parts);
    } catch (error) {
      await this.abortParts(key, uploadId).catch(() => {});
      throw error;
    }
  }

  async get(key: string): Promise<Readable> {
    try {
      const response = await this.client.send(
        new GetObjectCommand({ Bucket: this.bucket, Key: this.keyOf(key) }),
      );
      if (!response.Body) throw new StorageNotFoundError(key);
      return response.Body as Readable;
    } catch (error) {
      if (isMissing(error)) throw new StorageNotFoundError(key);
      throw error;
    }
  }

  async delete(key: string): Promise<void> {
    await this.client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key: this.keyOf(key) }));
  }

  async exists(key: string): Promise<boolean> {
    try {
      await this.client.send(new HeadObjectCommand({ Bucket: this.bucket, Key: this.keyOf(key) }));
      return true;
    } catch (error) {
      if (isMissing(error)) return false;
      throw error;
    }
  }

  async beginParts(key: string): Promise<string> {
    const response = await this.client.send(
      new CreateMultipartUploadCommand({ Bucket: this.bucket, Key: this.keyOf(key) }),
    );
    if (!response.UploadId) throw new Error('the S3 store answered no UploadId');
    return response.UploadId;
  }

  async putPart(part: PartInput): Promise<{ etag: string }> {
    try {
      const response = await this.client.send(
        new UploadPartCommand({
          Bucket: this.bucket,
          Key: this.keyOf(part.key),
          UploadId: part.uploadId,
          PartNumber: part.partNumber,
          // The SDK needs one body of known length: a 5 MiB chunk, joined once.
          Body: part.bytes.length === 1 ? part.bytes[0] : Buffer.concat(part.bytes),
          ContentLength: part.size,
          // The store checks the part against the md5 the caller checked: nothing is lost between.
          ContentMD5: Buffer.from(part.md5, 'hex').toString('base64'),
        }),
      );
      return { etag: response.ETag ?? '' };
    } catch (error) {
      if (error instanceof S3ServiceException && error.name === 'BadDigest')
        throw new PartChecksumError(part.key, part.partNumber);
      if (isNoUpload(error)) throw new StorageNotFoundError(part.key);
      throw error;
    }
  }

  async completeParts(
    key: string,
    uploadId: string,
    parts: readonly { partNumber: number; etag: string }[],
  ): Promise<void> {
    try {
      await this.client.send(
        new CompleteMultipartUploadCommand({
          Bucket: this.bucket,
          Key: this.keyOf(key),
          UploadId: uploadId,
          MultipartUpload: {
            Parts: [...parts]
              .sort((a, b) => a.partNumber - b.partNumber)
              .map((p) => ({ PartNumber: p.partNumber, ETag: p.etag })),
          },
        }),
      );
    } catch (error) {
      // Completed by an earlier merge that died before recording the file: the key is this
      // upload's alone, so an object under it is that completion's.
      if (!(error instanceof S3ServiceException) || !(await this.exists(key))) {
        throw isNoUpload(error) ? new StorageNotFoundError(key) : error;
      }
    }
  }

  async abortParts(key: string, uploadId: string): Promise<void> {
    try {
      await this.client.send(
        new AbortMultipartUploadCommand({ Bucket: this.bucket, Key: this.keyOf(key), UploadId: uploadId }),
      );
    } catch (error) {
      // Already aborted or completed: nothing left to drop.
      if (!isNoUpload(error)) throw error;
    }
    // What a completion left before its merge was refused or died: no stored file names the key
    // of an upload that is not done.
    await this.delete(key);
  }

  /** Releases the client's sockets. */
  close() {
    this.client.destroy();
  }
}
