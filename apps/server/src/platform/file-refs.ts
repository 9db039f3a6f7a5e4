import { extensionOf, type UploadedFile } from '@ks/contract';
import type { storedFiles } from '../db/schema/index.ts';

/**
 * How a stored file is addressed and shown, shared by every module that hands out file links
 * (records, help, notices, profile photos) without depending on the files module's service.
 */
export type StoredFile = typeof storedFiles.$inferSelect;

/** The URL the web client downloads a stored file from (with its Bearer header). */
export const fileUrl = (fileId: string) => `/ks/file/v1/files/${fileId}`;
/** The URL of a public image (rich-text content), fetched by `<img>` without a header. */
export const publicImageUrl = (fileId: string) => `/ks/file/v1/images/${fileId}`;

/** A stored file as the uploaders and file lists show it. */
export function toUploadedFile(file: StoredFile, fileNo = ''): UploadedFile {
  return {
    url: fileUrl(file.id),
    host: '',
    fileId: file.id,
    fileName: file.fileName,
    fileType: extensionOf(file.fileName),
    fileSize: file.size,
    fileNo,
  };
}
