import type { CreateUploadTaskBody, UploadTask } from '@ks/contract/files';
import { http } from '@/lib/http.ts';

/** Chunked upload calls: quiet, the uploader shows the upload messages itself. */
export const createUploadTask = (body: CreateUploadTaskBody, signal?: AbortSignal) =>
  http.post<UploadTask>('/ks/upload/v1/upload-task', body, { quiet: true, signal });

export function uploadChunk(
  input: { uploadId: string; chunk: number; md5: string; fileName: string; fileSize: number; data: Blob },
  signal?: AbortSignal,
) {
  const form = new FormData();
  form.append('uploadId', input.uploadId);
  form.append('chunk', String(input.chunk));
  form.append('md5', input.md5);
  form.append('fileName', input.fileName);
  form.append('fileSize', String(input.fileSize));
  form.append('file', input.data, 'chunk');
  return http.post<UploadTask>('/ks/upload/v1/chunk-upload', form, { quiet: true, signal });
}

export const mergeUpload = (
  body: { uploadId: string; fileName: string; md5: string },
  signal?: AbortSignal,
) => http.post<UploadTask>('/ks/upload/v1/file-merge', body, { quiet: true, signal });

export const cancelUpload = (uploadId: string) =>
  http.post<null>('/ks/upload/v1/upload-cancel', { uploadId }, { quiet: true });
