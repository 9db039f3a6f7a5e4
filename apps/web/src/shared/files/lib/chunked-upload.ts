import { UPLOAD_CHUNK_SIZE } from '@ks/contract/constants';
import type { UploadedFile } from '@ks/contract/files';
import { createUploadTask, mergeUpload, uploadChunk } from '../api/chunk-upload.ts';
import type { UploadTarget } from '../api/upload-file.ts';
import { md5OfBlob, md5OfFile } from './md5.ts';

export type UploadPhase = 'hashing' | 'uploading' | 'merging';

export interface ChunkedUploadHandlers {
  onProgress: (phase: UploadPhase, percent: number) => void;
  /** The task's id once known, so a cancel can tell the server. */
  onTask?: (uploadId: string) => void;
  signal?: AbortSignal;
}

/**
 * Uploads a large file in 5 MB chunks: md5 of the whole file in a worker →
 * upload-task (which answers the chunks already held, or the finished file when this md5 is
 * stored) → only the missing chunks, each with its md5 (each answer says which chunks the server
 * holds) → file-merge.
 */
export async function uploadInChunks(
  file: File,
  target: UploadTarget,
  handlers: ChunkedUploadHandlers,
): Promise<UploadedFile> {
  const { signal, onProgress } = handlers;
  const md5 = await md5OfFile(file, (percent) => onProgress('hashing', percent), signal);
  const task = await createUploadTask(
    {
      md5,
      fileName: file.name,
      fileSize: file.size,
      gnCoding: target.gnCoding,
      systemCoding: target.systemCoding,
      fileNo: target.fileNo ?? '',
    },
    signal,
  );
  if (task.file) {
    onProgress('uploading', 100);
    return task.file;
  }
  handlers.onTask?.(task.uploadId);
  const chunkSize = task.chunkSize || UPLOAD_CHUNK_SIZE;
  const held = new Set(task.uploadedChunks);
  const report = (count: number) => onProgress('uploading', Math.round((count / task.chunkCount) * 100));
  report(held.size);
  for (let index = 0; index < task.chunkCount; index += 1) {
    if (held.has(index)) continue;
    signal?.throwIfAborted();
    const data = file.slice(index * chunkSize, (index + 1) * chunkSize);
    const answer = await uploadChunk(
      {
        uploadId: task.uploadId,
        chunk: index,
        md5: await md5OfBlob(data),
        fileName: file.name,
        fileSize: file.size,
        data,
      },
      signal,
    );
    // The server's count, not ours (after a reload or on another tab it is the truth): the chunk's
    // answer carries it, so no progress poll per chunk.
    report(answer.uploadedChunks.length);
  }
  onProgress('merging', 100);
  const merged = await mergeUpload({ uploadId: task.uploadId, fileName: file.name, md5 }, signal);
  if (!merged.file) throw new Error('merge answered no file');
  return merged.file;
}
