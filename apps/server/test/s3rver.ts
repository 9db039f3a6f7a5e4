import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import S3rver from 's3rver';
import { afterAll, beforeAll } from 'vitest';

export const S3RVER_CREDENTIALS = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' } as const;

/**
 * An in-process S3-compatible server (s3rver) for this test file, with one bucket, so the S3
 * adapter talks real S3 HTTP. `onStarted` gets its endpoint before the file's later hooks run.
 */
export function useS3rver(bucket: string, onStarted: (endpoint: string) => void) {
  let server: S3rver | undefined;
  let directory = '';
  beforeAll(async () => {
    directory = mkdtempSync(join(tmpdir(), 'ks-s3rver-'));
    server = new S3rver({
      port: 0,
      address: '127.0.0.1',
      directory,
      silent: true,
      configureBuckets: [{ name: bucket, configs: [] }],
    });
    const { port } = (await server.run()) as { port: number };
    onStarted(`http://127.0.0.1:${port}`);
  });
  afterAll(async () => {
    await server?.close();
    if (directory) rmSync(directory, { recursive: true, force: true });
  });
}
