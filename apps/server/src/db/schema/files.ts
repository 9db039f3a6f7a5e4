import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  doublePrecision,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { editable } from './columns.ts';

/** One stored file: its bytes live in the file storage under `storageKey`, its facts here. */
export const storedFiles = pgTable(
  'stored_files',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    storageKey: text('storage_key').notNull(),
    /** The name the uploader's file had; downloads carry it back. */
    fileName: text('file_name').notNull(),
    mimeType: text('mime_type').notNull(),
    size: bigint('size', { mode: 'number' }).notNull(),
    md5: text('md5').notNull(),
    ownerUserId: uuid('owner_user_id'),
    /**
     * Who may download it: `session` = any logged-in user (platform content such as help files),
     * `owner` = its owner, administrators and those `canReadFile` grants (attachments),
     * `public` = anyone (rich-text editor images, which `<img>` fetches without a header).
     */
    visibility: text('visibility').notNull().default('session'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
  },
  (t) => [index('stored_files_md5').on(t.md5), index('stored_files_owner').on(t.ownerUserId)],
);

/** Annex slot of a node (gnCoding): a kind of file its records carry, with formats, size and required flag. */
export const annexSlots = pgTable(
  'annex_slots',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    gnCoding: text('gn_coding').notNull(),
    annexNo: text('annex_no').notNull(),
    annexName: text('annex_name').notNull(),
    annexFormat: text('annex_format').array().notNull(),
    /** Size limit in MB; 0 = only the platform's limit. */
    annexSize: doublePrecision('annex_size').notNull().default(0),
    isRequired: boolean('is_required').notNull().default(false),
    annexCount: integer('annex_count').notNull().default(3),
    description: text('description').notNull().default(''),
    sort: integer('sort').notNull().default(0),
    ...editable,
  },
  (t) => [uniqueIndex('annex_slots_node_no').on(t.gnCoding, t.annexNo).where(sql`${t.deletedAt} is null`)],
);

/** A stored file attached to a record (systemCoding, gnCoding, record id), in a slot (annexNo, '' = simple). */
export const recordAttachments = pgTable(
  'record_attachments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    systemCoding: text('system_coding').notNull(),
    gnCoding: text('gn_coding').notNull(),
    recordId: text('record_id').notNull(),
    annexNo: text('annex_no').notNull().default(''),
    fileId: uuid('file_id')
      .notNull()
      .references(() => storedFiles.id),
    ownerUserId: uuid('owner_user_id'),
    ...editable,
  },
  (t) => [
    index('record_attachments_record').on(t.gnCoding, t.recordId),
    index('record_attachments_file').on(t.fileId),
  ],
);

/**
 * A chunked upload in progress. The state lives here and the bytes in the file storage, so chunks
 * may reach any instance in any order, and a reload resumes from what the server holds.
 */
export const uploadTasks = pgTable(
  'upload_tasks',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    ownerUserId: uuid('owner_user_id').notNull(),
    md5: text('md5').notNull(),
    fileName: text('file_name').notNull(),
    fileSize: bigint('file_size', { mode: 'number' }).notNull(),
    chunkSize: integer('chunk_size').notNull(),
    chunkCount: integer('chunk_count').notNull(),
    /** Where the file will live; the storage writes the chunks beside it until then (decision 0041). */
    storageKey: text('storage_key').notNull(),
    /** The storage's own multipart id (S3 UploadId); '' for the local disk. */
    storageUploadId: text('storage_upload_id').notNull().default(''),
    gnCoding: text('gn_coding').notNull().default(''),
    systemCoding: text('system_coding').notNull().default(''),
    fileNo: text('file_no').notNull().default(''),
    /** uploading → done | cancelled; abandoned: uploading → cleaning → expired. */
    status: text('status').notNull().default('uploading'),
    fileId: uuid('file_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** Last chunk received: the cleanup job measures abandonment from here. */
    touchedAt: timestamp('touched_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('upload_tasks_owner_md5').on(t.ownerUserId, t.md5),
    index('upload_tasks_status').on(t.status, t.touchedAt),
  ],
);

/** One received chunk of an upload task, its md5 checked on arrival. */
export const uploadChunks = pgTable(
  'upload_chunks',
  {
    uploadId: uuid('upload_id')
      .notNull()
      .references(() => uploadTasks.id, { onDelete: 'cascade' }),
    chunkIndex: integer('chunk_index').notNull(),
    md5: text('md5').notNull(),
    size: integer('size').notNull(),
    /** The storage's receipt for the part (S3 ETag), needed to complete the multipart upload. */
    etag: text('etag').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.uploadId, t.chunkIndex] })],
);
