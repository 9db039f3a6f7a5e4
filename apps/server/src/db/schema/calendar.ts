import { sql } from 'drizzle-orm';
import { date, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { editable } from './columns.ts';
import { users } from './identity.ts';

/**
 * The centre's working calendar (modules/calendar, decision 0074): the exceptions to the ordinary
 * week, one live row per date — a holiday (法定节假日) or an adjusted working day (调休上班). A
 * replaced or deleted entry stays, soft-deleted, as the calendar's history.
 */
export const calendarDays = pgTable(
  'calendar_days',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** The China date. */
    day: date('day', { mode: 'string' }).notNull(),
    kind: text('kind', { enum: ['holiday', 'workday'] }).notNull(),
    name: text('name').notNull(),
    createdBy: uuid('created_by').references(() => users.id),
    ...editable,
  },
  // One live entry per date; it also serves the range reads, which ask for live entries only.
  (t) => [uniqueIndex('calendar_days_live_day').on(t.day).where(sql`${t.deletedAt} is null`)],
);
