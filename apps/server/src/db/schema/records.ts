import type { RevisionChange } from '@ks/contract';
import { index, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './identity.ts';
import { menuNodes } from './shell.ts';

/**
 * Every change of a node record, one row per version (docs/architecture.md, "Every change is history"):
 * which fields changed, from what to what (wire values), by whom and through which action. The
 * change record's dataList (logHistory) is read from here. Rows are only ever appended.
 */
export const recordRevisions = pgTable(
  'record_revisions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    nodeId: uuid('node_id')
      .notNull()
      .references(() => menuNodes.id),
    recordId: uuid('record_id').notNull(),
    /** The record's version after the change. */
    version: integer('version').notNull(),
    action: text('action').notNull(),
    userId: uuid('user_id').references(() => users.id),
    userName: text('user_name').notNull().default(''),
    changes: jsonb('changes').$type<RevisionChange[]>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('record_revisions_record').on(t.nodeId, t.recordId, t.version)],
);
