import {
  CALENDAR_DAY_KIND_LABELS,
  type CalendarDay,
  type CalendarYear,
  type SaveCalendarDaysBody,
  type TimelineBreach,
  type TimelineLimits,
  type TradingTimeline,
} from '@ks/contract';
import type { Db } from '../../db/client.ts';
import type { SessionUser } from '../../platform/access.ts';
import { badRequest, conflict, notFound } from '../../platform/errors.ts';
import { recordOperation } from '../../platform/operation-log.ts';
import * as repo from './repository.ts';
import { addDays, calendarOf, chinaDateOf, daysBetween, type WorkingCalendar } from './working-calendar.ts';

const WEEKDAYS = ['周日', '周一', '周二', '周三', '周四', '周五', '周六'];

/**
 * Days read past a range's end: nextWorkingDay may walk beyond the last date asked about, and the
 * longest run of rest days the calendar can hold (a holiday joined to weekends) is well under this.
 */
const ROLL_MARGIN_DAYS = 60;

/** The operation log's target type of calendar entries. */
const TARGET = 'calendar_day';

/**
 * The rules of time (modules/trading/time-rules.ts `checkTimeline`). The calendar serves the form's
 * check but is not the trading module: modules/index.ts, the composition root, hands the rules in,
 * so this module imports nothing of trading and trading reads the calendar through public.ts.
 */
export type TimelineRules = (
  timeline: TradingTimeline,
  calendar: WorkingCalendar,
  limits: TimelineLimits,
) => TimelineBreach[];

/**
 * The centre's working calendar over the China dates `from`–`to`, read once: the rules then ask it
 * without the database. The margin lets a date near `to` roll over to a working day after it.
 */
export async function readWorkingCalendar(db: Db, from: string, to: string): Promise<WorkingCalendar> {
  const rows = await repo.findKindsBetween(db, from, addDays(to, ROLL_MARGIN_DAYS));
  return calendarOf(new Map(rows.map((row) => [row.day, row.kind])));
}

/** The centre's working calendar: the year's exceptions, their administration, and the rules read over them. */
export class CalendarService {
  constructor(
    private readonly db: Db,
    private readonly limits: TimelineLimits,
    private readonly rules: TimelineRules,
  ) {}

  async getYear(year: number): Promise<CalendarYear> {
    const rows = await repo.findDaysBetween(this.db, `${year}-01-01`, `${year}-12-31`);
    return { year, days: rows.map(toDay) };
  }

  /**
   * Marks a range of dates. An adjusted working day exists only on a weekend, so a range of them
   * must be all Saturdays and Sundays. What was marked on the range before is retired (kept as
   * history) and the log says what it was.
   */
  async saveDays(admin: SessionUser, body: SaveCalendarDaysBody, ip: string): Promise<CalendarDay[]> {
    const dates = Array.from({ length: daysBetween(body.from, body.to) + 1 }, (_, i) =>
      addDays(body.from, i),
    );
    if (body.kind === 'workday') {
      const weekday = dates.find((date) => !isWeekend(date));
      if (weekday) {
        const message = `调休上班只能设置在周六或周日（${weekday}为${weekdayOf(weekday)}）`;
        throw badRequest(message, { from: message });
      }
    }
    return this.db.transaction(async (tx) => {
      await repo.lockCalendar(tx);
      const replaced = await repo.retireDaysBetween(tx, body.from, body.to, new Date());
      const rows = await repo.insertDays(
        tx,
        dates.map((day) => ({ day, kind: body.kind, name: body.name, createdBy: admin.id })),
      );
      const range = body.from === body.to ? body.from : `${body.from}至${body.to}`;
      await recordOperation(tx, {
        user: admin,
        action: `设置工作日历：${range} ${CALENDAR_DAY_KIND_LABELS[body.kind]}`,
        targetType: TARGET,
        targetId: rows[0]?.id,
        targetName: body.name,
        detail: replaced.length
          ? `替换原设置：${replaced.map((r) => `${r.day} ${CALENDAR_DAY_KIND_LABELS[r.kind]}（${r.name}）`).join('；')}`
          : '',
        ip,
      });
      return rows.map(toDay);
    });
  }

  async deleteDay(admin: SessionUser, id: string, version: number, ip: string): Promise<void> {
    await this.db.transaction(async (tx) => {
      await repo.lockCalendar(tx);
      const current = await repo.getLiveDay(tx, id);
      if (!current) throw notFound('日期设置不存在');
      if (!(await repo.retireDay(tx, id, version, new Date()))) throw conflict();
      await recordOperation(tx, {
        user: admin,
        action: `删除工作日历：${current.day} ${CALENDAR_DAY_KIND_LABELS[current.kind]}`,
        targetType: TARGET,
        targetId: id,
        targetName: current.name,
        ip,
      });
    });
  }

  /** The rules of time over a proposed timeline, on the centre's calendar and the configured limits. */
  async checkTimeline(timeline: TradingTimeline): Promise<TimelineBreach[]> {
    const dates = Object.values(timeline)
      .filter((value): value is string => typeof value === 'string')
      .map((value) => chinaDateOf(value))
      .sort();
    const calendar = await readWorkingCalendar(this.db, dates[0] as string, dates.at(-1) as string);
    return this.rules(timeline, calendar, this.limits);
  }
}

const isWeekend = (date: string) => [0, 6].includes(new Date(`${date}T00:00:00Z`).getUTCDay());
const weekdayOf = (date: string) => WEEKDAYS[new Date(`${date}T00:00:00Z`).getUTCDay()] as string;

function toDay(row: repo.CalendarDayRow): CalendarDay {
  return {
    id: row.id,
    day: row.day,
    kind: row.kind,
    name: row.name,
    version: row.version,
    updatedAt: row.updatedAt.toISOString(),
  };
}
