import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { editable, timestamps } from './columns.ts';
import { users } from './identity.ts';

/** The centre's rooms (decision 0075): 开标室, 评标室, 会议室; a room stopped is inactive, never deleted. */
export const venueRooms = pgTable(
  'venue_rooms',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    kind: text('kind').notNull(),
    capacity: integer('capacity').notNull(),
    location: text('location').notNull().default(''),
    active: boolean('active').notNull().default(true),
    ...editable,
  },
  (table) => [uniqueIndex('venue_rooms_name').on(table.name).where(sql`deleted_at is null`)],
);

/**
 * A booking of a room from (day, half) to (day, half), both included. Pending ones occupy nothing:
 * only approval writes the booking's cells (venue_cells), where the database refuses a second
 * occupant. The section is a snapshot of the trading module's answer when booked.
 */
export const venueBookings = pgTable(
  'venue_bookings',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    roomId: uuid('room_id')
      .notNull()
      .references(() => venueRooms.id),
    fromDay: date('from_day', { mode: 'string' }).notNull(),
    fromHalf: text('from_half').notNull(),
    toDay: date('to_day', { mode: 'string' }).notNull(),
    toHalf: text('to_half').notNull(),
    purpose: text('purpose').notNull(),
    contactName: text('contact_name').notNull(),
    contactPhone: text('contact_phone').notNull(),
    sectionId: uuid('section_id'),
    sectionCode: text('section_code').notNull().default(''),
    sectionName: text('section_name').notNull().default(''),
    projectName: text('project_name').notNull().default(''),
    remark: text('remark').notNull().default(''),
    bookedBy: uuid('booked_by')
      .notNull()
      .references(() => users.id),
    /** The booker's enterprise: its other accounts see and cancel the booking too. */
    enterpriseId: uuid('enterprise_id'),
    status: text('status').notNull().default('pending'),
    refusal: text('refusal').notNull().default(''),
    decidedBy: uuid('decided_by'),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    ...editable,
  },
  (table) => [
    index('venue_bookings_status').on(table.status, table.createdAt),
    index('venue_bookings_booker').on(table.bookedBy),
    index('venue_bookings_enterprise').on(table.enterpriseId),
    check('venue_bookings_order', sql`(from_day, from_half) <= (to_day, to_half)`),
  ],
);

/**
 * The occupied half-day cells: an approved booking's or a lock's. One live occupant per cell is the
 * database's rule (the partial unique index), so two approvals of one cell, or an approval over a
 * lock, cannot both commit however the requests interleave. Released rows (a lock lifted) stay as
 * history.
 */
export const venueCells = pgTable(
  'venue_cells',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    roomId: uuid('room_id')
      .notNull()
      .references(() => venueRooms.id),
    day: date('day', { mode: 'string' }).notNull(),
    half: text('half').notNull(),
    /** `booked` (an approved booking), `locked`, or `released` (a lock lifted). */
    state: text('state').notNull(),
    bookingId: uuid('booking_id').references(() => venueBookings.id),
    reason: text('reason').notNull().default(''),
    createdBy: uuid('created_by'),
    releasedBy: uuid('released_by'),
    releasedAt: timestamp('released_at', { withTimezone: true }),
    ...timestamps,
  },
  (table) => [
    uniqueIndex('venue_cells_one_occupant')
      .on(table.roomId, table.day, table.half)
      .where(sql`state in ('booked', 'locked')`),
    index('venue_cells_day').on(table.day),
  ],
);
