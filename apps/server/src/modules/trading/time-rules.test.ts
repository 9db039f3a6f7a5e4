import { DEFAULT_TIMELINE_LIMITS, type TimelineLimits, type TradingTimeline } from '@ks/contract';
import { describe, expect, it } from 'vitest';
import { calendarOf } from '../calendar/public.ts';
import { adjustForClarification, checkTimeline, chineseNumber, objectionAnswerDue } from './time-rules.ts';

/**
 * A section planned within every limit: sale from Wednesday 3 March 2027 to Monday 8 March (5 days),
 * deadline and opening on Tuesday 23 March (20 days after the sale's start).
 */
const PLANNED: TradingTimeline = {
  noticeAt: '2027-03-02T09:00:00+08:00',
  saleStart: '2027-03-03T09:00:00+08:00',
  saleEnd: '2027-03-08T17:00:00+08:00',
  bidDeadline: '2027-03-23T09:30:00+08:00',
  openingAt: '2027-03-23T09:30:00+08:00',
};
const plan = (changes: Partial<TradingTimeline>): TradingTimeline => ({ ...PLANNED, ...changes });

/** The centre's exceptions the tests use: a holiday Monday and Tuesday, and a worked Saturday. */
const CALENDAR = calendarOf(
  new Map([
    ['2027-04-05', 'holiday'],
    ['2027-04-06', 'holiday'],
    ['2027-05-08', 'workday'],
  ]),
);
const LIMITS: TimelineLimits = DEFAULT_TIMELINE_LIMITS;
const check = (timeline: TradingTimeline, limits: Partial<TimelineLimits> = {}) =>
  checkTimeline(timeline, CALENDAR, { ...LIMITS, ...limits });
const rulesOf = (timeline: TradingTimeline, limits: Partial<TimelineLimits> = {}) =>
  check(timeline, limits).map((breach) => breach.rule);

describe('checkTimeline', () => {
  it('answers nothing for a timeline within every limit', () => {
    expect(check(PLANNED)).toEqual([]);
  });

  describe('issue to deadline ≥ 20 days (法 第24条)', () => {
    it('keeps 20 days: 3 March to 23 March', () => {
      expect(rulesOf(PLANNED)).toEqual([]);
    });

    it('refuses 19 days with the law’s words, the dates and the earliest deadline', () => {
      const [breach, ...rest] = check(
        plan({ bidDeadline: '2027-03-22T09:30:00+08:00', openingAt: '2027-03-22T09:30:00+08:00' }),
      );
      expect(rest).toEqual([]);
      expect(breach).toEqual({
        rule: 'BID_PERIOD_TOO_SHORT',
        field: 'bidDeadline',
        dates: { saleStart: '2027-03-03', bidDeadline: '2027-03-22' },
        days: 19,
        limit: 20,
        suggested: '2027-03-23T09:30:00+08:00',
        message:
          '自招标文件开始发出之日起至投标人提交投标文件截止之日止，最短不得少于二十日（开始发出：2027-03-03，投标截止：2027-03-22，相隔19日）',
      });
    });

    it('counts China dates, not hours or the UTC date', () => {
      // 23 March 00:30 in China is still 22 March in UTC: 20 China days, so no breach.
      expect(
        rulesOf(plan({ bidDeadline: '2027-03-22T16:30:00Z', openingAt: '2027-03-22T16:30:00Z' })),
      ).toEqual([]);
      // Early on 3 March in China is 2 March in UTC; 22 March 23:59 China is 19 days on.
      expect(
        rulesOf(
          plan({
            noticeAt: '2027-03-02T08:00:00Z',
            saleStart: '2027-03-02T17:00:00Z',
            bidDeadline: '2027-03-22T23:59:00+08:00',
            openingAt: '2027-03-22T23:59:00+08:00',
          }),
        ),
      ).toEqual(['BID_PERIOD_TOO_SHORT']);
    });

    it('rolls the earliest deadline it suggests to a working day', () => {
      // From Monday 1 March, 20 days is Sunday 21 March: the earliest deadline is Monday 22 March.
      const breach = check(
        plan({
          noticeAt: '2027-03-01T08:00:00+08:00',
          saleStart: '2027-03-01T09:00:00+08:00',
          bidDeadline: '2027-03-19T10:00:00+08:00',
          openingAt: '2027-03-19T10:00:00+08:00',
        }),
      ).find((b) => b.rule === 'BID_PERIOD_TOO_SHORT');
      expect(breach?.suggested).toBe('2027-03-22T10:00:00+08:00');
    });

    it('applies the configured limit in the same words', () => {
      const [breach] = check(PLANNED, { minBidDays: 30 });
      expect(breach?.message).toBe(
        '自招标文件开始发出之日起至投标人提交投标文件截止之日止，最短不得少于三十日（开始发出：2027-03-03，投标截止：2027-03-23，相隔20日）',
      );
    });
  });

  describe('sale ≥ 5 days (条例 第16条)', () => {
    it('keeps 5 days and refuses 4', () => {
      expect(rulesOf(plan({ saleEnd: '2027-03-08T17:00:00+08:00' }))).toEqual([]);
      expect(check(plan({ saleEnd: '2027-03-07T17:00:00+08:00' }))).toEqual([
        {
          rule: 'SALE_PERIOD_TOO_SHORT',
          field: 'saleEnd',
          dates: { saleStart: '2027-03-03', saleEnd: '2027-03-07' },
          days: 4,
          limit: 5,
          suggested: '2027-03-08T17:00:00+08:00',
          message: '招标文件的发售期不得少于5日（发售开始：2027-03-03，发售截止：2027-03-07，相隔4日）',
        },
      ]);
    });
  });

  describe('a deadline on a non-working day rolls over', () => {
    it('refuses a Sunday and names the Monday', () => {
      expect(
        check(plan({ bidDeadline: '2027-03-28T09:30:00+08:00', openingAt: '2027-03-28T09:30:00+08:00' })),
      ).toEqual([
        {
          rule: 'DEADLINE_ON_REST_DAY',
          field: 'bidDeadline',
          dates: { bidDeadline: '2027-03-28' },
          days: null,
          limit: null,
          suggested: '2027-03-29T09:30:00+08:00',
          message: '投标截止日2027-03-28不是工作日，应顺延至下一个工作日2027-03-29',
        },
      ]);
    });

    it('refuses a holiday on a weekday, and rolls past the holiday and the weekend before it', () => {
      const onHoliday = check(
        plan({ bidDeadline: '2027-04-05T09:30:00+08:00', openingAt: '2027-04-05T09:30:00+08:00' }),
      );
      expect(onHoliday.map((b) => [b.rule, b.suggested])).toEqual([
        ['DEADLINE_ON_REST_DAY', '2027-04-07T09:30:00+08:00'],
      ]);
      expect(onHoliday[0]?.message).toBe('投标截止日2027-04-05不是工作日，应顺延至下一个工作日2027-04-07');
      const onSaturday = check(
        plan({ bidDeadline: '2027-04-03T14:00:00+08:00', openingAt: '2027-04-03T14:00:00+08:00' }),
      );
      expect(onSaturday.map((b) => b.suggested)).toEqual(['2027-04-07T14:00:00+08:00']);
    });

    it('accepts an adjusted working Saturday', () => {
      expect(
        rulesOf(plan({ bidDeadline: '2027-05-08T09:30:00+08:00', openingAt: '2027-05-08T09:30:00+08:00' })),
      ).toEqual([]);
    });

    it('does not roll over where the deployment turns it off', () => {
      expect(
        rulesOf(plan({ bidDeadline: '2027-03-28T09:30:00+08:00', openingAt: '2027-03-28T09:30:00+08:00' }), {
          deadlineRollsOver: false,
        }),
      ).toEqual([]);
    });

    it('rolls the sale’s end over only where the deployment turns it on', () => {
      const onSaturday = plan({ saleEnd: '2027-03-13T17:00:00+08:00' });
      expect(rulesOf(onSaturday)).toEqual([]);
      expect(check(onSaturday, { saleEndRollsOver: true })).toEqual([
        {
          rule: 'SALE_END_ON_REST_DAY',
          field: 'saleEnd',
          dates: { saleEnd: '2027-03-13' },
          days: null,
          limit: null,
          suggested: '2027-03-15T17:00:00+08:00',
          message: '招标文件发售截止日2027-03-13不是工作日，应顺延至下一个工作日2027-03-15',
        },
      ]);
    });
  });

  describe('a clarification ≥ 15 days before the deadline, else the deadline moves (法 第23条, 条例 第21条)', () => {
    it('keeps 15 days and refuses 14 with the earliest allowed deadline', () => {
      expect(rulesOf(plan({ clarificationAt: '2027-03-08T16:00:00+08:00' }))).toEqual([]);
      expect(check(plan({ clarificationAt: '2027-03-09T16:00:00+08:00' }))).toEqual([
        {
          rule: 'CLARIFICATION_TOO_LATE',
          field: 'clarificationAt',
          dates: { clarificationAt: '2027-03-09', bidDeadline: '2027-03-23' },
          days: 14,
          limit: 15,
          suggested: '2027-03-24T09:30:00+08:00',
          message:
            '澄清或者修改应当在投标截止时间至少15日前发出；不足15日的，应当顺延投标截止时间（澄清发出：2027-03-09，投标截止：2027-03-23，相隔14日；投标截止时间最早为2027-03-24 09:30）',
        },
      ]);
    });

    it('moves the deadline onto a working day', () => {
      // Saturday 13 March + 15 days is Sunday 28 March: the deadline moves to Monday 29 March.
      const [breach] = check(plan({ clarificationAt: '2027-03-13T10:00:00+08:00' }));
      expect(breach?.suggested).toBe('2027-03-29T09:30:00+08:00');
    });
  });

  describe('objections to the documents (条例 第22条)', () => {
    it('takes one 10 days before the deadline and refuses one 9 days before', () => {
      expect(rulesOf(plan({ objectionAt: '2027-03-13T10:00:00+08:00' }))).toEqual([]);
      expect(check(plan({ objectionAt: '2027-03-14T10:00:00+08:00' }))).toEqual([
        {
          rule: 'OBJECTION_TOO_LATE',
          field: 'objectionAt',
          dates: { objectionAt: '2027-03-14', bidDeadline: '2027-03-23' },
          days: 9,
          limit: 10,
          suggested: null,
          message:
            '对招标文件有异议的，应当在投标截止时间10日前提出（异议提出：2027-03-14，投标截止：2027-03-23，相隔9日）',
        },
      ]);
    });

    it('wants the answer within 3 days of the objection', () => {
      const objection = { objectionAt: '2027-03-10T10:00:00+08:00' };
      expect(rulesOf(plan({ ...objection, objectionAnsweredAt: '2027-03-13T18:00:00+08:00' }))).toEqual([]);
      expect(check(plan({ ...objection, objectionAnsweredAt: '2027-03-14T09:00:00+08:00' }))).toEqual([
        {
          rule: 'OBJECTION_ANSWER_TOO_LATE',
          field: 'objectionAnsweredAt',
          dates: { objectionAt: '2027-03-10', objectionAnsweredAt: '2027-03-14' },
          days: 4,
          limit: 3,
          suggested: null,
          message:
            '招标人应当自收到异议之日起3日内作出答复（异议提出：2027-03-10，答复：2027-03-14，相隔4日）',
        },
      ]);
      expect(objectionAnswerDue(objection.objectionAt, LIMITS)).toBe('2027-03-13');
    });
  });

  describe('the order of the steps', () => {
    it.each([
      [
        'a sale before the notice',
        { saleStart: '2027-03-02T08:00:00+08:00' },
        'SALE_START_BEFORE_NOTICE',
        'saleStart',
        '招标文件发售开始时间不能早于公告发布时间（公告发布：2027-03-02 09:00，发售开始：2027-03-02 08:00）',
      ],
      [
        'a sale ending before it starts',
        { saleStart: '2027-03-03T09:00:00+08:00', saleEnd: '2027-03-03T08:00:00+08:00' },
        'SALE_END_BEFORE_START',
        'saleEnd',
        '招标文件发售截止时间不能早于发售开始时间（发售开始：2027-03-03 09:00，发售截止：2027-03-03 08:00）',
      ],
      [
        'a sale ending after the deadline',
        { saleEnd: '2027-03-23T10:00:00+08:00' },
        'SALE_END_AFTER_DEADLINE',
        'saleEnd',
        '招标文件发售截止时间不能晚于投标截止时间（发售截止：2027-03-23 10:00，投标截止：2027-03-23 09:30）',
      ],
      [
        'an opening before the deadline',
        { openingAt: '2027-03-23T09:00:00+08:00' },
        'OPENING_BEFORE_DEADLINE',
        'openingAt',
        '开标时间不能早于投标截止时间（投标截止：2027-03-23 09:30，开标：2027-03-23 09:00）',
      ],
    ] as const)('refuses %s', (_name, changes, rule, field, message) => {
      const breach = check(plan(changes)).find((b) => b.rule === rule);
      expect(breach).toMatchObject({ field, message, suggested: null });
    });
  });

  it('answers every broken rule at once', () => {
    expect(
      rulesOf(
        plan({
          saleEnd: '2027-03-05T17:00:00+08:00',
          clarificationAt: '2027-03-20T10:00:00+08:00',
          objectionAt: '2027-03-20T10:00:00+08:00',
          bidDeadline: '2027-03-21T09:30:00+08:00',
          openingAt: '2027-03-21T09:30:00+08:00',
        }),
      ),
    ).toEqual([
      'BID_PERIOD_TOO_SHORT',
      'SALE_PERIOD_TOO_SHORT',
      'DEADLINE_ON_REST_DAY',
      'CLARIFICATION_TOO_LATE',
      'OBJECTION_TOO_LATE',
    ]);
  });
});

describe('adjustForClarification', () => {
  it('leaves a deadline the clarification keeps 15 days from', () => {
    expect(adjustForClarification(PLANNED, '2027-03-08T16:00:00+08:00', CALENDAR, LIMITS)).toEqual({
      ...PLANNED,
      clarificationAt: '2027-03-08T16:00:00+08:00',
    });
  });

  it('moves the deadline to the earliest allowed one and the opening with it', () => {
    const planned = plan({ openingAt: '2027-03-23T10:30:00+08:00' });
    const adjusted = adjustForClarification(planned, '2027-03-13T10:00:00+08:00', CALENDAR, LIMITS);
    expect(adjusted).toMatchObject({
      bidDeadline: '2027-03-29T09:30:00+08:00',
      openingAt: '2027-03-29T10:30:00+08:00',
    });
    expect(check(adjusted)).toEqual([]);
  });
});

describe('chineseNumber', () => {
  it.each([
    [5, '五'],
    [10, '十'],
    [15, '十五'],
    [20, '二十'],
    [31, '三十一'],
    [100, '100'],
  ])('writes %i as %s', (value, written) => {
    expect(chineseNumber(value)).toBe(written);
  });
});
