import { sql } from 'drizzle-orm';
import { index, integer, numeric, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { editable } from './columns.ts';
import { storedFiles } from './files.ts';
import { users } from './identity.ts';

/**
 * The trading module's own tables (decisions 0072, 0073): a project entered (进场) by its tenderee or
 * agent, its bid sections with their planned dates, the parties on it, the section's attachments
 * and the project's history. Entered projects live here, not in engine nodes (0073 says why).
 */
export const tradingProjects = pgTable(
  'trading_projects',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** Business code shown to people (JY + date + sequence). */
    code: text('code').notNull(),
    name: text('name').notNull(),
    /** The tenderee's name as entered: the tenderee enterprise's own, or the one its agent named. */
    tendereeName: text('tenderee_name').notNull(),
    principal: text('principal').notNull(),
    principalPhone: text('principal_phone').notNull(),
    state: text('state', { enum: ['draft', 'pending', 'approved', 'returned'] })
      .notNull()
      .default('draft'),
    returnReason: text('return_reason').notNull().default(''),
    createdBy: uuid('created_by')
      .notNull()
      .references(() => users.id),
    submittedAt: timestamp('submitted_at', { withTimezone: true }),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    ...editable,
  },
  (t) => [uniqueIndex('trading_projects_code').on(t.code), index('trading_projects_state').on(t.state)],
);

/**
 * A bid section (标段). Amounts in 元. The planned dates are the section's one timeline until the
 * versioned `trading_timelines` of decision 0072 arrives with the notices slice.
 */
export const tradingSections = pgTable(
  'trading_sections',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    projectId: uuid('project_id')
      .notNull()
      .references(() => tradingProjects.id),
    code: text('code').notNull(),
    /** Order within the project (1-based), kept from the entry form. */
    position: integer('position').notNull(),
    name: text('name').notNull(),
    type: text('type').notNull(),
    estimatePrice: numeric('estimate_price', { precision: 16, scale: 2, mode: 'number' }).notNull(),
    controlPrice: numeric('control_price', { precision: 16, scale: 2, mode: 'number' }),
    controlPriceNote: text('control_price_note').notNull().default(''),
    qualification: text('qualification').notNull(),
    evaluationMethod: text('evaluation_method').notNull(),
    noticeAt: timestamp('notice_at', { withTimezone: true }).notNull(),
    saleStartAt: timestamp('sale_start_at', { withTimezone: true }).notNull(),
    saleEndAt: timestamp('sale_end_at', { withTimezone: true }).notNull(),
    bidDeadlineAt: timestamp('bid_deadline_at', { withTimezone: true }).notNull(),
    openingAt: timestamp('opening_at', { withTimezone: true }).notNull(),
    ...editable,
  },
  (t) => [
    uniqueIndex('trading_sections_code').on(t.code),
    index('trading_sections_project').on(t.projectId).where(sql`deleted_at is null`),
  ],
);

/** Who is on a project, and in which capacity; anyone else of type U is a possible bidder. */
export const tradingParties = pgTable(
  'trading_parties',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    projectId: uuid('project_id')
      .notNull()
      .references(() => tradingProjects.id),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    capacity: text('capacity', { enum: ['tenderee', 'agent'] }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('trading_parties_project_user').on(t.projectId, t.userId),
    index('trading_parties_user').on(t.userId),
  ],
);

/** A section's attachments: files uploaded through the platform's upload, linked here. */
export const tradingSectionFiles = pgTable(
  'trading_section_files',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    sectionId: uuid('section_id')
      .notNull()
      .references(() => tradingSections.id),
    fileId: uuid('file_id')
      .notNull()
      .references(() => storedFiles.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('trading_section_files_section_file').on(t.sectionId, t.fileId)],
);

/** A project's history: every submit, decision and change of principal, who did it and why. */
export const tradingHistory = pgTable(
  'trading_history',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    projectId: uuid('project_id')
      .notNull()
      .references(() => tradingProjects.id),
    actorId: uuid('actor_id')
      .notNull()
      .references(() => users.id),
    actorName: text('actor_name').notNull(),
    action: text('action').notNull(),
    reason: text('reason').notNull().default(''),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('trading_history_project').on(t.projectId, t.at)],
);
