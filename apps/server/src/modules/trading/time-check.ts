import type { PlannedDates, TimelineField, TimelineLimits, TradingTimeline } from '@ks/contract';
import type { Db } from '../../db/client.ts';
import { badRequest } from '../../platform/errors.ts';
import { chinaDateOf, workingCalendar } from '../calendar/public.ts';
import { isoChinaTime } from './dates.ts';
import { checkTimeline } from './time-rules.ts';

/** A section's planned instants, as stored. */
export type PlannedInstants = { [K in keyof PlannedDates]: Date };

/** Where each rule's message goes in the entry form (the timeline's names → the section's fields). */
const FORM_FIELD: Partial<Record<TimelineField, keyof PlannedDates>> = {
  noticeAt: 'noticeAt',
  saleStart: 'saleStartAt',
  saleEnd: 'saleEndAt',
  bidDeadline: 'bidDeadlineAt',
  openingAt: 'openingAt',
};

const timelineOf = (section: PlannedInstants): TradingTimeline => ({
  noticeAt: isoChinaTime(section.noticeAt),
  saleStart: isoChinaTime(section.saleStartAt),
  saleEnd: isoChinaTime(section.saleEndAt),
  bidDeadline: isoChinaTime(section.bidDeadlineAt),
  openingAt: isoChinaTime(section.openingAt),
});

/**
 * Refuses sections whose planned dates break a statutory rule of time (decision 0074): each
 * message under its section's field, on the centre's working calendar and the deployment's limits.
 * Save and submit both call it, so dates saved before a holiday was entered are checked again.
 */
export async function requireRulesOfTime(
  db: Db,
  sections: readonly PlannedInstants[],
  limits: TimelineLimits,
): Promise<void> {
  if (sections.length === 0) return;
  const instants = sections.flatMap((s) => [s.noticeAt.getTime(), s.openingAt.getTime()]);
  const calendar = await workingCalendar(
    db,
    chinaDateOf(new Date(Math.min(...instants))),
    chinaDateOf(new Date(Math.max(...instants))),
  );
  const fields: Record<string, string> = {};
  sections.forEach((section, index) => {
    for (const breach of checkTimeline(timelineOf(section), calendar, limits)) {
      const field = FORM_FIELD[breach.field];
      const key = `sections.${index}.${field ?? 'bidDeadlineAt'}`;
      fields[key] ??= breach.message;
    }
  });
  const [first] = Object.values(fields);
  if (first !== undefined) throw badRequest(first, fields);
}
