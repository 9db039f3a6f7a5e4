import type { CalendarDayKind } from '@ks/contract';
import { and, asc, between, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { calendarDays } from '../../db/schema/calendar.ts';

export type CalendarDayRow = typeof calendarDays.$inferSelect;

/** The live entries from one date to another (inclusive), by date. */
export function findDaysBetween(db: Db, from: string, to: string): Promise<CalendarDayRow[]> {
  return db
    .select()
    .from(calendarDays)
    .where(and(between(calendarDays.day, from, to), isNull(calendarDays.deletedAt)))
    .orderBy(asc(calendarDays.day));
}

/** Only what the rules of time need of the live entries in a range: date and kind. */
export function findKindsBetween(
  db: Db,
  from: string,
  to: string,
): Promise<{ day: string; kind: CalendarDayKind }[]> {
  return db
    .select({ day: calendarDays.day, kind: calendarDays.kind })
    .from(calendarDays)
    .where(and(between(calendarDays.day, from, to), isNull(calendarDays.deletedAt)));
}

/**
 * Serialises the calendar's writers: two saves over overlapping ranges would otherwise both see
 * the old entries and both insert, and the unique live-day index would refuse the second with a
 * bare database error instead of letting it replace the first.
 */
export async function lockCalendar(tx: Db): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext('calendar_days'))`);
}

/** Soft-deletes the live entries of a range (they stay as history); answers what they were. */
export function retireDaysBetween(tx: Db, from: string, to: string, at: Date): Promise<CalendarDayRow[]> {
  return tx
    .update(calendarDays)
    .set({ deletedAt: at, updatedAt: at, version: sql`${calendarDays.version} + 1` })
    .where(and(between(calendarDays.day, from, to), isNull(calendarDays.deletedAt)))
    .returning();
}

export function insertDays(
  tx: Db,
  rows: { day: string; kind: CalendarDayKind; name: string; createdBy: string | null }[],
): Promise<CalendarDayRow[]> {
  if (rows.length === 0) return Promise.resolve([]);
  return tx.insert(calendarDays).values(rows).returning();
}

/** A live entry by id, or null. */
export async function getLiveDay(db: Db, id: string): Promise<CalendarDayRow | null> {
  const [row] = await db
    .select()
    .from(calendarDays)
    .where(and(eq(calendarDays.id, id), isNull(calendarDays.deletedAt)));
  return row ?? null;
}

/** Soft-deletes one entry at the version the administrator saw; false when it changed since. */
export async function retireDay(tx: Db, id: string, version: number, at: Date): Promise<boolean> {
  const rows = await tx
    .update(calendarDays)
    .set({ deletedAt: at, updatedAt: at, version: sql`${calendarDays.version} + 1` })
    .where(and(eq(calendarDays.id, id), eq(calendarDays.version, version), isNull(calendarDays.deletedAt)))
    .returning({ id: calendarDays.id });
  return rows.length > 0;
}
