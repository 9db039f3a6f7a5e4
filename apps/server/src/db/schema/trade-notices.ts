import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from './identity.ts';

/**
 * The trade-notices module's own table (decision 0076). A notice is drafted, submitted and audited
 * as a record of the 交易公告 system (the engine's node tables); `send` writes its row here, a
 * snapshot of what was approved, and from then on this row is what is scheduled, published and
 * spread. `chain_id` groups a notice with its change notices; `version_no` orders them (1 is the
 * original), and every version stays.
 */
export const tradeNotices = pgTable(
  'trade_notices',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** The engine record the notice was approved as (its node is `gn_coding` of 交易公告). */
    recordId: uuid('record_id').notNull(),
    gnCoding: text('gn_coding').notNull(),
    kind: text('kind', { enum: ['tender', 'prequalification', 'change'] }).notNull(),
    /** The original notice's id (its own for an original). */
    chainId: uuid('chain_id').notNull(),
    versionNo: integer('version_no').notNull(),
    /** Trading's section and project (read through trading's port; no foreign key across modules). */
    sectionId: uuid('section_id').notNull(),
    projectId: uuid('project_id').notNull(),
    title: text('title').notNull(),
    body: text('body').notNull(),
    /** The section's data composed into the notice when it was saved (project, prices, dates). */
    composed: jsonb('composed').$type<Record<string, string>>().notNull().default({}),
    publishAt: timestamp('publish_at', { withTimezone: true }).notNull(),
    state: text('state', { enum: ['scheduled', 'published'] })
      .notNull()
      .default('scheduled'),
    sentBy: uuid('sent_by')
      .notNull()
      .references(() => users.id),
    sentAt: timestamp('sent_at', { withTimezone: true }).notNull().defaultNow(),
    publishedAt: timestamp('published_at', { withTimezone: true }),
    spreadAt: timestamp('spread_at', { withTimezone: true }),
    spreadBy: uuid('spread_by').references(() => users.id),
  },
  (t) => [
    uniqueIndex('trade_notices_record').on(t.recordId),
    uniqueIndex('trade_notices_chain_version').on(t.chainId, t.versionNo),
    index('trade_notices_due').on(t.publishAt).where(sql`state = 'scheduled'`),
    index('trade_notices_project').on(t.projectId, t.kind),
    index('trade_notices_section').on(t.sectionId),
  ],
);
