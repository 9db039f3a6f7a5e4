import { bigint, index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

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
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
  },
  (t) => [index('stored_files_md5').on(t.md5)],
);
