import type {
  TimelineBreach,
  TimelineField,
  TimelineLimits,
  TimelineRule,
  TradingTimeline,
} from '@ks/contract';
import { addDays, chinaDateOf, daysBetween, type WorkingCalendar } from '../calendar/public.ts';

/**
 * The statutory rules of time of a bid section's timeline (docs/domain.md §1; decision 0072, "One
 * function for the rules of time"; decision 0074). Pure: the caller hands in the timeline, the
 * centre's working calendar and the deployment's limits, and gets every broken rule back, each with
 * its code, the field it belongs under, the dates it compared and its Chinese message.
 *
 * How dates are compared: every instant is turned into its China date (Asia/Shanghai, UTC+8 all
 * year; calendar/working-calendar.ts), and a period is the whole number of calendar days from the
 * first date to the second, the first day not counted (民法典 第201条: 开始的当日不计入). So a sale
 * starting on 1 March and a deadline on 21 March are 20 days apart, whatever the hours. Only the
 * ordering rules (a sale ending before it starts, an opening before the deadline) compare instants.
 */
export function checkTimeline(
  timeline: TradingTimeline,
  calendar: WorkingCalendar,
  limits: TimelineLimits,
): TimelineBreach[] {
  const breaches: TimelineBreach[] = [];
  const date = (field: TimelineField) => chinaDateOf(timeline[field] as string);
  const at = (field: TimelineField) => Date.parse(timeline[field] as string);
  const deadline = date('bidDeadline');

  // The order of the steps: documents are sold under a published notice (条例 第16条: 按照招标公告规定的
  // 时间发售), the sale ends by the deadline, and the opening cannot precede the deadline.
  if (at('saleStart') < at('noticeAt')) {
    breaches.push(orderBreach('SALE_START_BEFORE_NOTICE', 'saleStart', timeline, 'noticeAt'));
  }
  if (at('saleEnd') < at('saleStart')) {
    breaches.push(orderBreach('SALE_END_BEFORE_START', 'saleEnd', timeline, 'saleStart'));
  }
  if (at('saleEnd') > at('bidDeadline')) {
    breaches.push(orderBreach('SALE_END_AFTER_DEADLINE', 'saleEnd', timeline, 'bidDeadline'));
  }
  if (at('openingAt') < at('bidDeadline')) {
    breaches.push(orderBreach('OPENING_BEFORE_DEADLINE', 'openingAt', timeline, 'bidDeadline'));
  }

  // 法 第24条: 自招标文件开始发出之日起至投标人提交投标文件截止之日止，最短不得少于二十日 (docs/domain.md §1
  // cites it with 条例 第16条 and 办法 第21条, the last unverified). "Issue" is the sale's start.
  const saleStart = date('saleStart');
  const bidDays = daysBetween(saleStart, deadline);
  if (bidDays < limits.minBidDays) {
    const earliest = addDays(saleStart, limits.minBidDays);
    breaches.push({
      rule: 'BID_PERIOD_TOO_SHORT',
      field: 'bidDeadline',
      dates: { saleStart, bidDeadline: deadline },
      days: bidDays,
      limit: limits.minBidDays,
      suggested: atTimeOf(deadlineDate(earliest, calendar, limits), timeline.bidDeadline),
      message: `自招标文件开始发出之日起至投标人提交投标文件截止之日止，最短不得少于${chineseNumber(limits.minBidDays)}日（开始发出：${saleStart}，投标截止：${deadline}，相隔${bidDays}日）`,
    });
  }

  // 条例 第16条: 资格预审文件或者招标文件的发售期不得少于5日.
  const saleEnd = date('saleEnd');
  const saleDays = daysBetween(saleStart, saleEnd);
  if (saleDays < limits.minSaleDays) {
    const earliest = addDays(saleStart, limits.minSaleDays);
    breaches.push({
      rule: 'SALE_PERIOD_TOO_SHORT',
      field: 'saleEnd',
      dates: { saleStart, saleEnd },
      days: saleDays,
      limit: limits.minSaleDays,
      suggested: atTimeOf(
        limits.saleEndRollsOver ? calendar.rollToWorkingDay(earliest) : earliest,
        timeline.saleEnd,
      ),
      message: `招标文件的发售期不得少于${limits.minSaleDays}日（发售开始：${saleStart}，发售截止：${saleEnd}，相隔${saleDays}日）`,
    });
  }

  // docs/domain.md §1 says a deadline on a holiday rolls over (CTS B-004/B-009, a third-party source:
  // unverified), so it is configuration (TRADING_DEADLINE_ROLLS_OVER, on by default). The guide says
  // nothing of the sale's end: TRADING_SALE_END_ROLLS_OVER, off by default.
  if (limits.saleEndRollsOver && !calendar.isWorkingDay(saleEnd)) {
    const rolled = calendar.rollToWorkingDay(saleEnd);
    breaches.push({
      rule: 'SALE_END_ON_REST_DAY',
      field: 'saleEnd',
      dates: { saleEnd },
      days: null,
      limit: null,
      suggested: atTimeOf(rolled, timeline.saleEnd),
      message: `招标文件发售截止日${saleEnd}不是工作日，应顺延至下一个工作日${rolled}`,
    });
  }
  if (limits.deadlineRollsOver && !calendar.isWorkingDay(deadline)) {
    const rolled = calendar.rollToWorkingDay(deadline);
    breaches.push({
      rule: 'DEADLINE_ON_REST_DAY',
      field: 'bidDeadline',
      dates: { bidDeadline: deadline },
      days: null,
      limit: null,
      suggested: atTimeOf(rolled, timeline.bidDeadline),
      message: `投标截止日${deadline}不是工作日，应顺延至下一个工作日${rolled}`,
    });
  }

  // 法 第23条, 条例 第21条 (and 办法 第22条, unverified): 澄清或者修改…应当在投标截止时间至少15日前…通知
  // 所有获取招标文件的潜在投标人；不足15日的，招标人应当顺延提交投标文件的截止时间.
  if (timeline.clarificationAt) {
    const moved = clarifiedDeadline(timeline, calendar, limits);
    if (moved) {
      const clarification = date('clarificationAt');
      const days = daysBetween(clarification, deadline);
      breaches.push({
        rule: 'CLARIFICATION_TOO_LATE',
        field: 'clarificationAt',
        dates: { clarificationAt: clarification, bidDeadline: deadline },
        days,
        limit: limits.clarificationDays,
        suggested: moved,
        message: `澄清或者修改应当在投标截止时间至少${limits.clarificationDays}日前发出；不足${limits.clarificationDays}日的，应当顺延投标截止时间（澄清发出：${clarification}，投标截止：${deadline}，相隔${days}日；投标截止时间最早为${shown(moved)}）`,
      });
    }
  }

  // 条例 第22条 (and 办法 第39条, unverified): 对招标文件有异议的，应当在投标截止时间10日前提出。招标人应当
  // 自收到异议之日起3日内作出答复；作出答复前，应当暂停招标投标活动.
  if (timeline.objectionAt) {
    const objection = date('objectionAt');
    const days = daysBetween(objection, deadline);
    if (days < limits.objectionDays) {
      breaches.push({
        rule: 'OBJECTION_TOO_LATE',
        field: 'objectionAt',
        dates: { objectionAt: objection, bidDeadline: deadline },
        days,
        limit: limits.objectionDays,
        suggested: null,
        message: `对招标文件有异议的，应当在投标截止时间${limits.objectionDays}日前提出（异议提出：${objection}，投标截止：${deadline}，相隔${days}日）`,
      });
    }
    if (timeline.objectionAnsweredAt) {
      const answer = date('objectionAnsweredAt');
      const answerDays = daysBetween(objection, answer);
      if (answerDays > limits.objectionAnswerDays) {
        breaches.push({
          rule: 'OBJECTION_ANSWER_TOO_LATE',
          field: 'objectionAnsweredAt',
          dates: { objectionAt: objection, objectionAnsweredAt: answer },
          days: answerDays,
          limit: limits.objectionAnswerDays,
          suggested: null,
          message: `招标人应当自收到异议之日起${limits.objectionAnswerDays}日内作出答复（异议提出：${objection}，答复：${answer}，相隔${answerDays}日）`,
        });
      }
    }
  }
  return breaches;
}

/**
 * The timeline after a clarification sent at `clarificationAt`: unchanged when it leaves the
 * deadline its 15 days, else the deadline moves to the earliest allowed one (rolled to a working
 * day where the deadline rolls over) and the opening moves with it by the same time, so the gap the
 * tenderee planned between them stays.
 */
export function adjustForClarification(
  timeline: TradingTimeline,
  clarificationAt: string,
  calendar: WorkingCalendar,
  limits: TimelineLimits,
): TradingTimeline {
  const clarified = { ...timeline, clarificationAt };
  const moved = clarifiedDeadline(clarified, calendar, limits);
  if (!moved) return clarified;
  const shift = Date.parse(moved) - Date.parse(timeline.bidDeadline);
  return {
    ...clarified,
    bidDeadline: moved,
    openingAt: chinaInstant(Date.parse(timeline.openingAt) + shift),
  };
}

/** The last China date an objection's answer is due (条例 第22条: 自收到异议之日起3日内). */
export const objectionAnswerDue = (objectionAt: string, limits: TimelineLimits): string =>
  addDays(chinaDateOf(objectionAt), limits.objectionAnswerDays);

/** The earliest deadline a clarification allows, or null when the planned one already keeps it. */
function clarifiedDeadline(
  timeline: TradingTimeline,
  calendar: WorkingCalendar,
  limits: TimelineLimits,
): string | null {
  if (!timeline.clarificationAt) return null;
  const clarification = chinaDateOf(timeline.clarificationAt);
  const deadline = chinaDateOf(timeline.bidDeadline);
  if (daysBetween(clarification, deadline) >= limits.clarificationDays) return null;
  const earliest = addDays(clarification, limits.clarificationDays);
  return atTimeOf(deadlineDate(earliest, calendar, limits), timeline.bidDeadline);
}

const deadlineDate = (date: string, calendar: WorkingCalendar, limits: TimelineLimits) =>
  limits.deadlineRollsOver ? calendar.rollToWorkingDay(date) : date;

const CHINA_OFFSET_MS = 8 * 3_600_000;

/** An instant written in China time with its offset, as the contract's dates are. */
const chinaInstant = (ms: number): string =>
  `${new Date(ms + CHINA_OFFSET_MS).toISOString().slice(0, 19)}+08:00`;

/** `date` at the China time of day of `instant`: a moved deadline keeps its hour. */
const atTimeOf = (date: string, instant: string): string =>
  `${date}T${chinaInstant(Date.parse(instant)).slice(11, 19)}+08:00`;

/** YYYY-MM-DD HH:mm in China time, as the messages show an instant. */
const shown = (instant: string): string => chinaInstant(Date.parse(instant)).slice(0, 16).replace('T', ' ');

function orderBreach(
  rule: TimelineRule,
  field: TimelineField,
  timeline: TradingTimeline,
  other: TimelineField,
): TimelineBreach {
  const value = timeline[field] as string;
  const otherValue = timeline[other] as string;
  const messages: Partial<Record<TimelineRule, string>> = {
    SALE_START_BEFORE_NOTICE: `招标文件发售开始时间不能早于公告发布时间（公告发布：${shown(otherValue)}，发售开始：${shown(value)}）`,
    SALE_END_BEFORE_START: `招标文件发售截止时间不能早于发售开始时间（发售开始：${shown(otherValue)}，发售截止：${shown(value)}）`,
    SALE_END_AFTER_DEADLINE: `招标文件发售截止时间不能晚于投标截止时间（发售截止：${shown(value)}，投标截止：${shown(otherValue)}）`,
    OPENING_BEFORE_DEADLINE: `开标时间不能早于投标截止时间（投标截止：${shown(otherValue)}，开标：${shown(value)}）`,
  };
  return {
    rule,
    field,
    dates: { [other]: chinaDateOf(otherValue), [field]: chinaDateOf(value) },
    days: null,
    limit: null,
    suggested: null,
    message: messages[rule] as string,
  };
}

const DIGITS = ['零', '一', '二', '三', '四', '五', '六', '七', '八', '九'];

/**
 * 1–99 in Chinese numerals (二十, 十五): 法 第24条 writes its period so, and the message quotes it
 * with the configured number. Larger numbers stay in digits.
 */
export function chineseNumber(value: number): string {
  if (!Number.isInteger(value) || value < 1 || value > 99) return String(value);
  const tens = Math.floor(value / 10);
  const ones = value % 10;
  const tensText = tens === 0 ? '' : tens === 1 ? '十' : `${DIGITS[tens]}十`;
  return `${tensText}${ones === 0 ? '' : DIGITS[ones]}`;
}
