import { VENUE_HALVES, VENUE_MAX_RANGE_DAYS, VENUE_MESSAGES, type VenueHalf } from '@ks/contract';
import { badRequest } from '../../platform/errors.ts';

/** Today on China's calendar: the server's clock decides which cells are past, never the browser's. */
export const chinaToday = () =>
  new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Shanghai' }).format(new Date());

const DAY_MS = 24 * 3600 * 1000;
const dayNumber = (day: string) => Date.parse(`${day}T00:00:00Z`) / DAY_MS;
const dayOf = (n: number) => new Date(n * DAY_MS).toISOString().slice(0, 10);

/** `count` days from `from`, in order. */
export const daysFrom = (from: string, count: number) =>
  Array.from({ length: count }, (_, i) => dayOf(dayNumber(from) + i));

export interface CellRange {
  fromDay: string;
  fromHalf: VenueHalf;
  toDay: string;
  toHalf: VenueHalf;
}

/**
 * The half-day cells of a range, both ends included, in order; refuses an end before its start
 * and a range longer than VENUE_MAX_RANGE_DAYS with the message under the end's field.
 */
export function cellsOf(range: CellRange): { day: string; half: VenueHalf }[] {
  const start = dayNumber(range.fromDay) * 2 + VENUE_HALVES.indexOf(range.fromHalf);
  const end = dayNumber(range.toDay) * 2 + VENUE_HALVES.indexOf(range.toHalf);
  if (end < start) throw badRequest(VENUE_MESSAGES.endBeforeStart, { toDay: VENUE_MESSAGES.endBeforeStart });
  if (dayNumber(range.toDay) - dayNumber(range.fromDay) >= VENUE_MAX_RANGE_DAYS)
    throw badRequest(VENUE_MESSAGES.rangeTooLong, { toDay: VENUE_MESSAGES.rangeTooLong });
  const cells: { day: string; half: VenueHalf }[] = [];
  for (let i = start; i <= end; i++)
    cells.push({ day: dayOf(Math.floor(i / 2)), half: VENUE_HALVES[i % 2] as VenueHalf });
  return cells;
}
