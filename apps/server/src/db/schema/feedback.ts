import type { FeedbackItem } from '@ks/contract';
import { index, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './identity.ts';

/** One feedback submission from the drawer; never edited, so no version. */
export const feedbacks = pgTable(
  'feedbacks',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id').references(() => users.id),
    userName: text('user_name').notNull().default(''),
    roleType: text('role_type').notNull().default(''),
    /** The 1–5 rating, kept apart from the items so the chart counts it with an index. */
    rating: integer('rating'),
    text: text('text').notNull(),
    items: jsonb('items').$type<FeedbackItem[]>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
  },
  (t) => [index('feedbacks_created').on(t.createdAt), index('feedbacks_rating').on(t.rating)],
);
