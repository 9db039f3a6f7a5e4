import { z } from 'zod';

/**
 * The planned dates of a bid section (标段) and the statutory rules of time over them (docs/domain.md
 * §1). The trading module stores a timeline and its web form edits one; the server's
 * `checkTimeline` (apps/server/src/modules/trading/time-rules.ts) answers every broken rule, and
 * `POST /ks/calendar/v1/check-timeline` answers the same for a form before it is saved.
 */

/** An instant with its offset, e.g. 2027-03-22T09:30:00+08:00 (the server compares China dates). */
const InstantSchema = z.iso.datetime({ offset: true, error: '时间格式不正确' });

export const TradingTimelineSchema = z.object({
  /** 招标公告发布 — the notice is published. */
  noticeAt: InstantSchema,
  /** 招标文件开始发出 — the tender documents go on sale (the "issue" of 法 第24条). */
  saleStart: InstantSchema,
  /** 招标文件发售截止. */
  saleEnd: InstantSchema,
  /** 澄清或者修改 — a clarification or modification of the documents is sent. */
  clarificationAt: InstantSchema.optional(),
  /** 异议 — an objection to the tender documents is received. */
  objectionAt: InstantSchema.optional(),
  /** 异议答复 — the tenderee answers that objection. */
  objectionAnsweredAt: InstantSchema.optional(),
  /** 投标截止 — the bid deadline. */
  bidDeadline: InstantSchema,
  /** 开标. */
  openingAt: InstantSchema,
});
export type TradingTimeline = z.infer<typeof TradingTimelineSchema>;
export type TimelineField = keyof TradingTimeline;

export const TIMELINE_FIELD_LABELS: Record<TimelineField, string> = {
  noticeAt: '公告发布时间',
  saleStart: '招标文件发售开始时间',
  saleEnd: '招标文件发售截止时间',
  clarificationAt: '澄清（修改）发出时间',
  objectionAt: '异议提出时间',
  objectionAnsweredAt: '异议答复时间',
  bidDeadline: '投标截止时间',
  openingAt: '开标时间',
};

export const TIMELINE_RULES = [
  'SALE_START_BEFORE_NOTICE',
  'SALE_END_BEFORE_START',
  'SALE_END_AFTER_DEADLINE',
  'OPENING_BEFORE_DEADLINE',
  'BID_PERIOD_TOO_SHORT',
  'SALE_PERIOD_TOO_SHORT',
  'SALE_END_ON_REST_DAY',
  'DEADLINE_ON_REST_DAY',
  'CLARIFICATION_TOO_LATE',
  'OBJECTION_TOO_LATE',
  'OBJECTION_ANSWER_TOO_LATE',
] as const;
export const TimelineRuleSchema = z.enum(TIMELINE_RULES);
export type TimelineRule = z.infer<typeof TimelineRuleSchema>;

/** One broken rule: which, under which field, the dates it compared and what would satisfy it. */
export const TimelineBreachSchema = z.object({
  rule: TimelineRuleSchema,
  /** The form field the message belongs under. */
  field: z.enum(Object.keys(TIMELINE_FIELD_LABELS) as [TimelineField, ...TimelineField[]]),
  /** The China dates (YYYY-MM-DD) the rule compared, by field. */
  dates: z.record(z.string(), z.string()),
  /** Whole days between those dates where the rule counts days, and the least (or most) allowed. */
  days: z.number().int().nullable(),
  limit: z.number().int().nullable(),
  /** The date the rule requires instead (a deadline rolled to a working day, moved after a clarification), ISO with +08:00. */
  suggested: z.string().nullable(),
  message: z.string(),
});
export type TimelineBreach = z.infer<typeof TimelineBreachSchema>;

/**
 * The limits the rules apply: configuration of each deployment (the server's TRADING_* variables),
 * with docs/domain.md §1's values as defaults. Days are calendar days in China time.
 */
export interface TimelineLimits {
  /** Issue of the documents → bid deadline, at least (法 第24条). */
  minBidDays: number;
  /** Sale period, at least (条例 第16条). */
  minSaleDays: number;
  /** A clarification at least this many days before the deadline, else the deadline moves (法 第23条, 条例 第21条). */
  clarificationDays: number;
  /** An objection to the tender documents at least this many days before the deadline (条例 第22条). */
  objectionDays: number;
  /** The objection answered within this many days of its receipt (条例 第22条). */
  objectionAnswerDays: number;
  /** A deadline on a non-working day rolls over to the next working day (CTS B-004/B-009). */
  deadlineRollsOver: boolean;
  /** A sale end on a non-working day rolls over too: docs/domain.md does not say so; off by default. */
  saleEndRollsOver: boolean;
}

export const DEFAULT_TIMELINE_LIMITS: TimelineLimits = {
  minBidDays: 20,
  minSaleDays: 5,
  clarificationDays: 15,
  objectionDays: 10,
  objectionAnswerDays: 3,
  deadlineRollsOver: true,
  saleEndRollsOver: false,
};
