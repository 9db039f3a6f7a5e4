import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { FileService } from '../../platform/file-store.ts';
import { type FileStorage, LocalDiskStorage } from '../../platform/storage.ts';
import { AnnexSlotService } from './annex-slot-service.ts';
import { AttachmentService } from './attachment-service.ts';
import { fileRoutes } from './routes.ts';
import { startUploadCleanup, UploadService } from './upload-service.ts';

const MB = 1024 * 1024;

/**
 * The configured file storage: the local disk by default, an S3-compatible store when asked (its
 * SDK, about 26 MB of memory, is loaded only then).
 */
export async function createFileStorage(config: Config): Promise<FileStorage> {
  if (config.FILES_STORAGE === 's3') {
    const { S3Storage } = await import('../../platform/s3-storage.ts');
    return new S3Storage({
      endpoint: config.S3_ENDPOINT,
      region: config.S3_REGION,
      bucket: config.S3_BUCKET ?? '',
      accessKeyId: config.S3_ACCESS_KEY_ID,
      secretAccessKey: config.S3_SECRET_ACCESS_KEY,
      forcePathStyle: config.S3_FORCE_PATH_STYLE,
      prefix: config.S3_PREFIX,
    });
  }
  return new LocalDiskStorage(config.FILES_DIR ?? join(config.DATA_DIR, 'files'));
}

/** The file service every module stores through, with the configured storage and limits. */
export async function createFileService(db: Db, config: Config, storage?: FileStorage): Promise<FileService> {
  return new FileService(db, storage ?? (await createFileStorage(config)), {
    userQuotaBytes: config.FILES_USER_QUOTA_MB * MB,
    singleRequestBytes: config.FILES_REQUEST_MAX_MB * MB,
    maxFileBytes: config.FILES_MAX_FILE_MB * MB,
  });
}

/** Registers the upload, attachment and annex-slot routes and starts the abandoned-upload sweep. */
export async function registerFiles(
  app: FastifyInstance,
  deps: { db: Db; config: Config; files: FileService },
) {
  const slots = new AnnexSlotService(deps.db);
  const attachments = new AttachmentService(deps.db, slots);
  const uploads = new UploadService(deps.db, deps.files, slots);
  await app.register(fileRoutes, { files: deps.files, slots, attachments, uploads });
  const stop = startUploadCleanup(uploads, {
    everyMs: deps.config.UPLOAD_CLEANUP_MINUTES * 60_000,
    abandonAfterMs: deps.config.UPLOAD_ABANDON_HOURS * 3_600_000,
    log: app.log,
  });
  app.addHook('onClose', async () => stop());
  return { slots, attachments, uploads };
}
