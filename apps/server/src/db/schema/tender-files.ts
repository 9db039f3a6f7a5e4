import { sql } from 'drizzle-orm';
import { bigint, index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { editable } from './columns.ts';
import { storedFiles } from './files.ts';
import { users } from './identity.ts';
import { tradingSections } from './trading.ts';

/**
 * The tender-files module's own tables (decision 0077): the law fixes their shape. A section's
 * tender and prequalification documents (files from the platform's store), the bidders' sign-ups
 * (one per section and bidder) and a row per document served to a bidder.
 */
export const tenderDocuments = pgTable(
  'tender_documents',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    sectionId: uuid('section_id')
      .notNull()
      .references(() => tradingSections.id),
    /** 招标文件 (tender) or 资格预审文件 (prequal). */
    kind: text('kind', { enum: ['tender', 'prequal'] }).notNull(),
    fileId: uuid('file_id')
      .notNull()
      .references(() => storedFiles.id),
    /** The file's name and size when attached (the stored file keeps them too). */
    fileName: text('file_name').notNull(),
    size: bigint('size', { mode: 'number' }).notNull(),
    uploadedBy: uuid('uploaded_by')
      .notNull()
      .references(() => users.id),
    ...editable,
  },
  (t) => [
    index('tender_documents_section').on(t.sectionId).where(sql`deleted_at is null`),
    uniqueIndex('tender_documents_section_file').on(t.sectionId, t.fileId).where(sql`deleted_at is null`),
  ],
);

/** 报名: a bidder enterprise account signed up for a section, with the contact it gave. */
export const tenderSignUps = pgTable(
  'tender_sign_ups',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    sectionId: uuid('section_id')
      .notNull()
      .references(() => tradingSections.id),
    bidderId: uuid('bidder_id')
      .notNull()
      .references(() => users.id),
    contactName: text('contact_name').notNull(),
    contactPhone: text('contact_phone').notNull(),
    signedUpAt: timestamp('signed_up_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('tender_sign_ups_section_bidder').on(t.sectionId, t.bidderId),
    index('tender_sign_ups_bidder').on(t.bidderId),
  ],
);

/** A document served to a bidder: who, when, from where. */
export const tenderDownloads = pgTable(
  'tender_downloads',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    documentId: uuid('document_id')
      .notNull()
      .references(() => tenderDocuments.id),
    /** Copied from the document so a section's downloads are read without a join. */
    sectionId: uuid('section_id')
      .notNull()
      .references(() => tradingSections.id),
    bidderId: uuid('bidder_id')
      .notNull()
      .references(() => users.id),
    ip: text('ip').notNull().default(''),
    downloadedAt: timestamp('downloaded_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('tender_downloads_section').on(t.sectionId, t.bidderId),
    index('tender_downloads_document').on(t.documentId),
  ],
);
