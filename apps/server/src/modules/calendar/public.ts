import type { Db } from '../../db/client.ts';
import { readWorkingCalendar } from './service.ts';
import type { WorkingCalendar } from './working-calendar.ts';

/**
 * What other modules may read of the calendar (the lint lets them import this file only): the
 * centre's working days as a pure object, so no module reads the calendar's table, and the date
 * arithmetic in China time that the rules of time use.
 */

/**
 * The centre's working calendar over the China dates `from`–`to` (YYYY-MM-DD), read once. Ask it
 * about dates in that range (a date just after `to` still rolls over correctly: a margin is read);
 * further out it knows only the ordinary week.
 */
export const workingCalendar = (db: Db, from: string, to: string): Promise<WorkingCalendar> =>
  readWorkingCalendar(db, from, to);

export {
  addDays,
  type CalendarExceptions,
  calendarOf,
  chinaDateOf,
  daysBetween,
  type WorkingCalendar,
} from './working-calendar.ts';
