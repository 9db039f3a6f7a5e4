import { z } from 'zod';
import { envelopeOf } from './envelope.ts';
import { text } from './text.ts';
import { TimelineBreachSchema } from './trading-time.ts';

/**
 * The centre's working calendar (工作日历, apps/server/src/modules/calendar): the exceptions to the
 * ordinary week. A date is either a holiday (法定节假日, with its name) or an adjusted working day
 * (调休上班: a Saturday or Sunday that is worked); every other date is a working day from Monday to
 * Friday and a rest day on Saturday and Sunday. The centre enters these itself each year.
 */
export const CALENDAR_DAY_KINDS = ['holiday', 'workday'] as const;
export const CalendarDayKindSchema = z.enum(CALENDAR_DAY_KINDS, '请选择日期类型');
export type CalendarDayKind = z.infer<typeof CalendarDayKindSchema>;
export const CALENDAR_DAY_KIND_LABELS: Record<CalendarDayKind, string> = {
  holiday: '节假日',
  workday: '调休上班',
};

/** The longest range one save may cover: a year's holidays are saved a holiday at a time. */
export const CALENDAR_RANGE_MAX_DAYS = 366;
export const CALENDAR_NAME_MAX = 20;
/** Years the calendar keeps; outside them a date is refused as a mistyped one. */
export const CALENDAR_YEAR_MIN = 2000;
export const CALENDAR_YEAR_MAX = 2100;

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

/** True for a real calendar date written YYYY-MM-DD (2027-02-30 is not one). */
export function isIsoDate(value: string): boolean {
  if (!ISO_DATE.test(value)) return false;
  const [year, month, day] = value.split('-').map(Number) as [number, number, number];
  const date = new Date(Date.UTC(year, month - 1, day));
  return (
    date.getUTCFullYear() === year &&
    date.getUTCMonth() === month - 1 &&
    date.getUTCDate() === day &&
    year >= CALENDAR_YEAR_MIN &&
    year <= CALENDAR_YEAR_MAX
  );
}

/** A calendar date, YYYY-MM-DD (a day of the centre's calendar, in China time). */
export const CalendarDateSchema = z
  .string('请输入日期')
  .refine(isIsoDate, `日期格式不正确，应为YYYY-MM-DD（${CALENDAR_YEAR_MIN}–${CALENDAR_YEAR_MAX}年）`);

export const CalendarYearQuerySchema = z.object({
  year: z.coerce
    .number('请输入年份')
    .int('年份不正确')
    .min(CALENDAR_YEAR_MIN, `年份须在${CALENDAR_YEAR_MIN}–${CALENDAR_YEAR_MAX}之间`)
    .max(CALENDAR_YEAR_MAX, `年份须在${CALENDAR_YEAR_MIN}–${CALENDAR_YEAR_MAX}之间`),
});
export type CalendarYearQuery = z.infer<typeof CalendarYearQuerySchema>;

/** One exception of the calendar, as the year's list answers it. */
export const CalendarDaySchema = z.object({
  id: z.uuid(),
  /** YYYY-MM-DD. */
  day: z.string(),
  kind: CalendarDayKindSchema,
  /** The holiday's or the adjusted day's name (e.g. 春节, 春节调休). */
  name: z.string(),
  /** Edit counter: a delete names the version it saw. */
  version: z.number().int(),
  updatedAt: z.string(),
});
export type CalendarDay = z.infer<typeof CalendarDaySchema>;

export const CalendarYearSchema = z.object({
  year: z.number().int(),
  days: z.array(CalendarDaySchema),
});
export type CalendarYear = z.infer<typeof CalendarYearSchema>;
export const CalendarYearEnvelopeSchema = envelopeOf(CalendarYearSchema);

/**
 * Marks the days from `from` to `to` (inclusive; one day when they are equal) as holidays or as
 * adjusted working days. What was marked on those days before is replaced, and kept as history.
 */
export const SaveCalendarDaysBodySchema = z
  .object({
    from: CalendarDateSchema,
    to: CalendarDateSchema,
    kind: CalendarDayKindSchema,
    name: text().trim().min(1, '请输入名称').max(CALENDAR_NAME_MAX, `名称不能超过${CALENDAR_NAME_MAX}个字符`),
  })
  .superRefine((body, ctx) => {
    if (!isIsoDate(body.from) || !isIsoDate(body.to)) return;
    if (body.to < body.from) {
      ctx.addIssue({ code: 'custom', path: ['to'], message: '结束日期不能早于开始日期' });
      return;
    }
    const days = (Date.parse(body.to) - Date.parse(body.from)) / 86_400_000 + 1;
    if (days > CALENDAR_RANGE_MAX_DAYS) {
      ctx.addIssue({ code: 'custom', path: ['to'], message: `一次最多设置${CALENDAR_RANGE_MAX_DAYS}天` });
    }
  });
export type SaveCalendarDaysBody = z.infer<typeof SaveCalendarDaysBodySchema>;
export const SaveCalendarDaysEnvelopeSchema = envelopeOf(z.array(CalendarDaySchema));

export const CalendarDayParamsSchema = z.object({ id: z.uuid('日期设置不存在') });
export const CalendarDayVersionQuerySchema = z.object({
  version: z.coerce.number('请提供版本号').int().min(1, '请提供版本号'),
});

export const CheckTimelineEnvelopeSchema = envelopeOf(z.array(TimelineBreachSchema));
