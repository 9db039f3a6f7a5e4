import type { AchievementRow, BidScoreItem, DirectoryRow, ScoreRow } from '@ks/contract';
import { sql } from 'drizzle-orm';
import {
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

/**
 * Bid documents (投标文件, issue 19, decision 0052): the bidders' PDF documents of a cost project,
 * their extracted text per page, the tender's requirements they are checked against, the result of
 * each document's detection and the publication of the results to the bidders.
 */

/** What the tender asks of a project's bid documents; one row per project, edited by administrators. */
export const bidRequirements = pgTable('bid_requirements', {
  projectId: uuid('project_id').primaryKey(),
  /** Required chapters in their order. */
  chapters: jsonb('chapters').$type<string[]>().notNull(),
  scoreItems: jsonb('score_items').$type<BidScoreItem[]>().notNull(),
  publicityDays: integer('publicity_days').notNull(),
  version: integer('version').notNull().default(1),
  updatedBy: uuid('updated_by').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * One bidder's bid document of a project. `state`: `pending` → `parsing` → `checked` | `scanned`
 * (no extractable text) | `failed` (encrypted, broken, or the service failed), with `error`.
 * The result columns are written with the pages in one transaction, so they always belong together.
 */
export const bidDocuments = pgTable(
  'bid_documents',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    projectId: uuid('project_id').notNull(),
    /** The bidder's enterprise account (its upload, or the one an administrator's name resolves to). */
    bidderUserId: uuid('bidder_user_id'),
    bidderName: text('bidder_name').notNull(),
    /** The stored file (stored_files.id). */
    fileId: uuid('file_id').notNull(),
    state: text('state').notNull().default('pending'),
    error: text('error'),
    pageCount: integer('page_count').notNull().default(0),
    directories: jsonb('directories').$type<DirectoryRow[]>().notNull().default([]),
    achievements: jsonb('achievements').$type<AchievementRow[]>().notNull().default([]),
    achievementNote: text('achievement_note').notNull().default(''),
    scores: jsonb('scores').$type<ScoreRow[]>().notNull().default([]),
    /** The requirements version the result was computed with. */
    requirementsVersion: integer('requirements_version'),
    uploadedBy: uuid('uploaded_by').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    checkedAt: timestamp('checked_at', { withTimezone: true }),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
  },
  (t) => [
    index('bid_documents_project').on(t.projectId),
    // One live document per bidder and project (by account, else by name).
    uniqueIndex('bid_documents_bidder')
      .on(t.projectId, sql`coalesce(${t.bidderUserId}::text, ${t.bidderName})`)
      .where(sql`${t.deletedAt} is null`),
  ],
);

/** The text of a bid document's pages, as extracted; replaced with the result on every run. */
export const bidPages = pgTable(
  'bid_pages',
  {
    documentId: uuid('document_id').notNull(),
    pageNo: integer('page_no').notNull(),
    text: text('text').notNull(),
  },
  (t) => [primaryKey({ columns: [t.documentId, t.pageNo] })],
);

/**
 * A publication of a project's detection results: open from `startsAt` to `endsAt` unless closed
 * early. During the window each bidder reads its own document's result, never another's.
 */
export const bidPublicity = pgTable(
  'bid_publicity',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    projectId: uuid('project_id').notNull(),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    endsAt: timestamp('ends_at', { withTimezone: true }).notNull(),
    closedAt: timestamp('closed_at', { withTimezone: true }),
    publishedBy: uuid('published_by').notNull(),
  },
  (t) => [index('bid_publicity_project').on(t.projectId, t.startsAt)],
);
