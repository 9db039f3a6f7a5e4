import type { CalendarDayKind } from '@ks/contract';

/**
 * Dates of the calendar are China dates written YYYY-MM-DD. China keeps one offset, UTC+8, all year
 * (no daylight saving since 1991), so an instant's China date is its UTC date 8 hours later, and a
 * day count is a difference of such dates: no time-zone database is needed, and the server's own
 * zone never matters.
 */
const CHINA_OFFSET_MS = 8 * 3_600_000;
const DAY_MS = 86_400_000;

/** The China date (YYYY-MM-DD) of an instant. */
export function chinaDateOf(instant: string | Date): string {
  const ms = typeof instant === 'string' ? Date.parse(instant) : instant.getTime();
  return new Date(ms + CHINA_OFFSET_MS).toISOString().slice(0, 10);
}

/** The day number of a YYYY-MM-DD date (days since 1970-01-01), for counting whole days. */
export const dayNumberOf = (date: string): number => Date.parse(`${date}T00:00:00Z`) / DAY_MS;

/** The date `days` days after a YYYY-MM-DD date (before it when negative). */
export const addDays = (date: string, days: number): string =>
  new Date(Date.parse(`${date}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);

/** Whole calendar days from one China date to another (the start day not counted). */
export const daysBetween = (from: string, to: string): number => dayNumberOf(to) - dayNumberOf(from);

/** The exceptions to the ordinary week the centre keeps, by date. */
export type CalendarExceptions = ReadonlyMap<string, CalendarDayKind>;

/** Which days the centre works, as the rules of time read them. Pure: no database behind it. */
export interface WorkingCalendar {
  /** True on a working day: Monday–Friday unless a holiday, Saturday–Sunday only when adjusted. */
  isWorkingDay(date: string): boolean;
  /** The first working day after `date` (strictly after). */
  nextWorkingDay(date: string): string;
  /** `date` itself when it is a working day, else the next one: a date that rolls over. */
  rollToWorkingDay(date: string): string;
}

/** No run of rest days is this long; a calendar that claims one is broken, not a holiday. */
const LONGEST_REST = 366;

/**
 * A calendar over the given exceptions. Dates outside the range they were read for follow the
 * ordinary week, so a caller reads the range it will ask about (public.ts does, with a margin).
 */
export function calendarOf(exceptions: CalendarExceptions): WorkingCalendar {
  const isWorkingDay = (date: string): boolean => {
    const kind = exceptions.get(date);
    if (kind === 'holiday') return false;
    if (kind === 'workday') return true;
    const weekday = new Date(`${date}T00:00:00Z`).getUTCDay();
    return weekday !== 0 && weekday !== 6;
  };
  const nextWorkingDay = (date: string): string => {
    for (let step = 1; step <= LONGEST_REST; step++) {
      const next = addDays(date, step);
      if (isWorkingDay(next)) return next;
    }
    throw new Error(`工作日历中${date}之后一年内没有工作日`);
  };
  return {
    isWorkingDay,
    nextWorkingDay,
    rollToWorkingDay: (date) => (isWorkingDay(date) ? date : nextWorkingDay(date)),
  };
}
