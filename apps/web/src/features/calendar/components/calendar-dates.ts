/**
 * Dates of the calendar as the server keeps them: China dates written YYYY-MM-DD. China is UTC+8
 * all year, so a date's weekday and "today" are read in UTC after adding 8 hours, whatever the
 * browser's own zone.
 */
const CHINA_OFFSET_MS = 8 * 3_600_000;

export const chinaToday = (): string => new Date(Date.now() + CHINA_OFFSET_MS).toISOString().slice(0, 10);

export const weekdayOf = (date: string): number => new Date(`${date}T00:00:00Z`).getUTCDay();

export const isWeekend = (date: string): boolean => [0, 6].includes(weekdayOf(date));

export const dateOf = (year: number, month: number, day: number): string =>
  `${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;

export const daysInMonth = (year: number, month: number): number =>
  new Date(Date.UTC(year, month, 0)).getUTCDate();
