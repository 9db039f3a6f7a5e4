import { sql } from 'drizzle-orm';
import { index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { editable } from './columns.ts';
import { storedFiles } from './files.ts';
import { users } from './identity.ts';

/**
 * The clarifications module's own tables (decision 0078). The bid section belongs to the trading
 * module: its id is kept with a snapshot of its code, name and project (as venues do), never a
 * foreign key into another module's table.
 */
export const clarifications = pgTable(
  'clarifications',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    sectionId: uuid('section_id').notNull(),
    projectId: uuid('project_id').notNull(),
    sectionCode: text('section_code').notNull(),
    sectionName: text('section_name').notNull(),
    projectName: text('project_name').notNull(),
    title: text('title').notNull(),
    content: text('content').notNull(),
    state: text('state', { enum: ['draft', 'submitted', 'approved', 'returned', 'sent'] })
      .notNull()
      .default('draft'),
    /** The moved bid deadline the draft asks for (法 第23条), applied when it is sent. */
    newBidDeadlineAt: timestamp('new_bid_deadline_at', { withTimezone: true }),
    returnReason: text('return_reason').notNull().default(''),
    createdBy: uuid('created_by')
      .notNull()
      .references(() => users.id),
    createdByName: text('created_by_name').notNull(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    ...editable,
  },
  (t) => [
    index('clarifications_section').on(t.sectionId).where(sql`deleted_at is null`),
    index('clarifications_project').on(t.projectId).where(sql`deleted_at is null`),
    index('clarifications_state').on(t.state).where(sql`deleted_at is null`),
  ],
);

/** A clarification's attachments: files uploaded through the platform's upload, linked here. */
export const clarificationFiles = pgTable(
  'clarification_files',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    clarificationId: uuid('clarification_id')
      .notNull()
      .references(() => clarifications.id),
    fileId: uuid('file_id')
      .notNull()
      .references(() => storedFiles.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('clarification_files_clarification_file').on(t.clarificationId, t.fileId)],
);

/**
 * One clarification delivered to one bidder who downloaded the section's documents. Unique per
 * (clarification, bidder): the delivery job inserts with ON CONFLICT DO NOTHING, so a job run
 * again after its instance died delivers to every downloader exactly once.
 */
export const clarificationDeliveries = pgTable(
  'clarification_deliveries',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    clarificationId: uuid('clarification_id')
      .notNull()
      .references(() => clarifications.id),
    bidderId: uuid('bidder_id')
      .notNull()
      .references(() => users.id),
    enterpriseName: text('enterprise_name').notNull(),
    downloadedAt: timestamp('downloaded_at', { withTimezone: true }).notNull(),
    deliveredAt: timestamp('delivered_at', { withTimezone: true }).notNull().defaultNow(),
    /** 确认收到: set once by the bidder, never changed after. */
    receivedAt: timestamp('received_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('clarification_deliveries_clarification_bidder').on(t.clarificationId, t.bidderId),
    index('clarification_deliveries_bidder').on(t.bidderId),
  ],
);

/** Every save, submit, decision, revoke, send and delete of a clarification: who, what, why. */
export const clarificationHistory = pgTable(
  'clarification_history',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    clarificationId: uuid('clarification_id')
      .notNull()
      .references(() => clarifications.id),
    actorId: uuid('actor_id')
      .notNull()
      .references(() => users.id),
    actorName: text('actor_name').notNull(),
    action: text('action').notNull(),
    reason: text('reason').notNull().default(''),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('clarification_history_clarification').on(t.clarificationId, t.at)],
);

/**
 * An objection (异议) to a section's tender documents by a bidder (条例 第22条): open until the
 * tenderee or agent answers; while one is open the section is paused (public.ts `isPaused`).
 */
export const clarificationObjections = pgTable(
  'clarification_objections',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    sectionId: uuid('section_id').notNull(),
    projectId: uuid('project_id').notNull(),
    sectionCode: text('section_code').notNull(),
    sectionName: text('section_name').notNull(),
    projectName: text('project_name').notNull(),
    raisedBy: uuid('raised_by')
      .notNull()
      .references(() => users.id),
    raisedByName: text('raised_by_name').notNull(),
    content: text('content').notNull(),
    raisedAt: timestamp('raised_at', { withTimezone: true }).notNull().defaultNow(),
    state: text('state', { enum: ['open', 'answered'] })
      .notNull()
      .default('open'),
    answer: text('answer').notNull().default(''),
    answeredBy: uuid('answered_by').references(() => users.id),
    answeredByName: text('answered_by_name').notNull().default(''),
    answeredAt: timestamp('answered_at', { withTimezone: true }),
    version: integer('version').notNull().default(1),
  },
  (t) => [
    index('clarification_objections_section').on(t.sectionId, t.state),
    index('clarification_objections_raised_by').on(t.raisedBy),
  ],
);
