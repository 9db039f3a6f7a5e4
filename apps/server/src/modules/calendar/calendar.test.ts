import {
  CalendarYearEnvelopeSchema,
  CheckTimelineEnvelopeSchema,
  SaveCalendarDaysEnvelopeSchema,
  type TradingTimeline,
} from '@ks/contract';
import { describe, expect, it } from 'vitest';
import { createActor, type TestApp, useTestApp } from '../../../test/helper.ts';
import { loadConfig, timelineLimitsOf } from '../../config.ts';
import type { DemoSeed } from '../../engine/demo.ts';
import { seedDemoCalendar } from './demo.ts';
import { workingCalendar } from './public.ts';

const getApp = useTestApp({ TRADING_MIN_BID_DAYS: '21' });

/** Each test keeps to its own year, so no test sees another's entries. */
let nextYear = 2040 + Math.floor(Math.random() * 20) * 2;
const aYear = () => nextYear++;

const DAYS = '/ks/calendar/v1/days';

async function save(app: TestApp, headers: Record<string, string>, body: Record<string, unknown>) {
  return app.inject({ method: 'POST', url: DAYS, headers, payload: body });
}

async function yearOf(app: TestApp, headers: Record<string, string>, year: number) {
  const answer = await app.inject({ method: 'GET', url: `${DAYS}?year=${year}`, headers });
  return CalendarYearEnvelopeSchema.parse(answer.json()).data.days;
}

/** The first date of a weekday (0 Sunday … 6 Saturday) in a year's January. */
function firstOf(year: number, weekday: number): string {
  for (let day = 1; ; day++) {
    const date = `${year}-01-${String(day).padStart(2, '0')}`;
    if (new Date(`${date}T00:00:00Z`).getUTCDay() === weekday) return date;
  }
}
const plusDays = (date: string, days: number) =>
  new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

describe('the working calendar', () => {
  it('lets an administrator mark a holiday range and a worked Saturday, which every role then reads', async () => {
    const app = getApp();
    const admin = await createActor(app, 'M');
    const year = aYear();
    const saved = await save(app, admin.headers, {
      from: `${year}-10-01`,
      to: `${year}-10-03`,
      kind: 'holiday',
      name: '国庆节',
    });
    expect(saved.json()).toMatchObject({ code: 200, message: '保存成功' });
    expect(SaveCalendarDaysEnvelopeSchema.parse(saved.json()).data.map((d) => d.day)).toEqual([
      `${year}-10-01`,
      `${year}-10-02`,
      `${year}-10-03`,
    ]);
    const saturday = firstOf(year, 6);
    expect(
      (
        await save(app, admin.headers, { from: saturday, to: saturday, kind: 'workday', name: '调休上班' })
      ).json().code,
    ).toBe(200);

    for (const role of ['U', 'P', 'D', 'M'] as const) {
      const reader = await createActor(app, role);
      const days = await yearOf(app, reader.headers, year);
      expect(days.map((d) => `${d.day} ${d.kind} ${d.name}`)).toEqual([
        `${saturday} workday 调休上班`,
        `${year}-10-01 holiday 国庆节`,
        `${year}-10-02 holiday 国庆节`,
        `${year}-10-03 holiday 国庆节`,
      ]);
    }
  });

  it('answers an empty year as an empty list', async () => {
    const app = getApp();
    const admin = await createActor(app, 'M');
    expect(await yearOf(app, admin.headers, aYear())).toEqual([]);
  });

  it('replaces what a range held, keeps it as history and logs both', async () => {
    const app = getApp();
    const admin = await createActor(app, 'M');
    const year = aYear();
    await save(app, admin.headers, {
      from: `${year}-05-01`,
      to: `${year}-05-02`,
      kind: 'holiday',
      name: '劳动节',
    });
    const replaced = await save(app, admin.headers, {
      from: `${year}-05-02`,
      to: `${year}-05-05`,
      kind: 'holiday',
      name: '劳动节假期',
    });
    const firstId = SaveCalendarDaysEnvelopeSchema.parse(replaced.json()).data[0]?.id;
    const days = await yearOf(app, admin.headers, year);
    expect(days.map((d) => `${d.day} ${d.name}`)).toEqual([
      `${year}-05-01 劳动节`,
      `${year}-05-02 劳动节假期`,
      `${year}-05-03 劳动节假期`,
      `${year}-05-04 劳动节假期`,
      `${year}-05-05 劳动节假期`,
    ]);
    const log = (
      await app.inject({
        method: 'POST',
        url: '/ks/common/common/logHistory',
        headers: admin.headers,
        payload: { gnCoding: 'calendar_day', id: firstId },
      })
    ).json().data;
    expect(log.map((e: { logbook: string }) => e.logbook)).toEqual([
      `设置工作日历：${year}-05-02至${year}-05-05 节假日：替换原设置：${year}-05-02 节假日（劳动节）`,
    ]);
  });

  it('deletes an entry at its version, refuses a stale or unknown one, and logs it', async () => {
    const app = getApp();
    const admin = await createActor(app, 'M');
    const year = aYear();
    const [entry] = SaveCalendarDaysEnvelopeSchema.parse(
      (
        await save(app, admin.headers, {
          from: `${year}-01-01`,
          to: `${year}-01-01`,
          kind: 'holiday',
          name: '元旦',
        })
      ).json(),
    ).data;
    if (!entry) throw new Error('no entry saved');
    const stale = await app.inject({
      method: 'DELETE',
      url: `${DAYS}/${entry.id}?version=${entry.version + 1}`,
      headers: admin.headers,
    });
    expect(stale.json()).toMatchObject({ code: 409 });
    const deleted = await app.inject({
      method: 'DELETE',
      url: `${DAYS}/${entry.id}?version=${entry.version}`,
      headers: admin.headers,
    });
    expect(deleted.json()).toMatchObject({ code: 200, message: '删除成功' });
    expect(await yearOf(app, admin.headers, year)).toEqual([]);
    const again = await app.inject({
      method: 'DELETE',
      url: `${DAYS}/${entry.id}?version=${entry.version}`,
      headers: admin.headers,
    });
    expect(again.json()).toMatchObject({ code: 404, message: '日期设置不存在' });
    const log = (
      await app.inject({
        method: 'POST',
        url: '/ks/common/common/logHistory',
        headers: admin.headers,
        payload: { gnCoding: 'calendar_day', id: entry.id },
      })
    ).json().data;
    expect(log.map((e: { logbook: string }) => e.logbook)).toEqual([
      `设置工作日历：${year}-01-01 节假日`,
      `删除工作日历：${year}-01-01 节假日`,
    ]);
  });

  it.each([
    [
      'a date that does not exist',
      { from: '{Y}-02-30', to: '{Y}-02-30' },
      '日期格式不正确，应为YYYY-MM-DD（2000–2100年）',
    ],
    [
      'a date in another format',
      { from: '{Y}/03/01', to: '{Y}-03-01' },
      '日期格式不正确，应为YYYY-MM-DD（2000–2100年）',
    ],
    [
      'a range that ends before it starts',
      { from: '{Y}-03-02', to: '{Y}-03-01' },
      '结束日期不能早于开始日期',
    ],
    ['a range over a year', { from: '{Y}-01-01', to: '{Z}-01-02' }, '一次最多设置366天'],
    ['an empty name', { name: '  ' }, '请输入名称'],
    ['a name too long', { name: '长'.repeat(21) }, '名称不能超过20个字符'],
    ['a control character in the name', { name: '春节\u0000' }, '不能包含控制字符'],
    ['an unknown kind', { kind: 'rest' }, '请选择日期类型'],
    [
      'a worked weekday',
      { kind: 'workday', from: '{MON}', to: '{MON}' },
      '调休上班只能设置在周六或周日（{MON}为周一）',
    ],
  ])('refuses %s in Chinese and writes nothing', async (_name, changes, message) => {
    const app = getApp();
    const admin = await createActor(app, 'M');
    const year = aYear();
    const monday = firstOf(year, 1);
    const fill = (value: unknown) =>
      typeof value === 'string'
        ? value
            .replaceAll('{Y}', String(year))
            .replaceAll('{Z}', String(year + 1))
            .replaceAll('{MON}', monday)
        : value;
    const body = Object.fromEntries(
      Object.entries({
        from: `${year}-03-01`,
        to: `${year}-03-01`,
        kind: 'holiday',
        name: '节日',
        ...changes,
      }).map(([key, value]) => [key, key === 'name' ? value : fill(value)]),
    );
    const answer = await save(app, admin.headers, body);
    expect(answer.json()).toMatchObject({ code: 400, message: fill(message) });
    expect(await yearOf(app, admin.headers, year)).toEqual([]);
  });

  it('refuses a year outside the calendar', async () => {
    const app = getApp();
    const admin = await createActor(app, 'M');
    const answer = await app.inject({ method: 'GET', url: `${DAYS}?year=1999`, headers: admin.headers });
    expect(answer.json()).toMatchObject({ code: 400, message: '年份须在2000–2100之间' });
  });

  it.each(['U', 'P', 'D'] as const)(
    'refuses every change to role %s: 403, and writes nothing',
    async (role) => {
      const app = getApp();
      const admin = await createActor(app, 'M');
      const other = await createActor(app, role);
      const year = aYear();
      const [entry] = SaveCalendarDaysEnvelopeSchema.parse(
        (
          await save(app, admin.headers, {
            from: `${year}-02-01`,
            to: `${year}-02-01`,
            kind: 'holiday',
            name: '节日',
          })
        ).json(),
      ).data;
      const saved = await save(app, other.headers, {
        from: `${year}-02-02`,
        to: `${year}-02-02`,
        kind: 'holiday',
        name: '节日',
      });
      expect(saved.json().code).toBe(403);
      const deleted = await app.inject({
        method: 'DELETE',
        url: `${DAYS}/${entry?.id}?version=${entry?.version}`,
        headers: other.headers,
      });
      expect(deleted.json().code).toBe(403);
      expect((await yearOf(app, admin.headers, year)).map((d) => d.day)).toEqual([`${year}-02-01`]);
    },
  );

  it('needs a session for every call: 10000', async () => {
    const app = getApp();
    const calls = [
      { method: 'GET', url: `${DAYS}?year=2040` },
      { method: 'POST', url: DAYS, payload: {} },
      { method: 'DELETE', url: `${DAYS}/00000000-0000-0000-0000-000000000000?version=1` },
      { method: 'POST', url: '/ks/calendar/v1/check-timeline', payload: {} },
    ] as const;
    for (const call of calls) expect((await app.inject(call)).json().code, call.url).toBe(10000);
  });
});

describe('POST /ks/calendar/v1/check-timeline', () => {
  /** A plan whose deadline falls on the given date, 21 days after the sale starts (the configured limit). */
  const planFor = (deadline: string): TradingTimeline => {
    const saleStart = plusDays(deadline, -21);
    return {
      noticeAt: `${plusDays(saleStart, -1)}T09:00:00+08:00`,
      saleStart: `${saleStart}T09:00:00+08:00`,
      saleEnd: `${plusDays(saleStart, 7)}T17:00:00+08:00`,
      bidDeadline: `${deadline}T09:30:00+08:00`,
      openingAt: `${deadline}T09:30:00+08:00`,
    };
  };

  it('checks against the centre’s calendar: a deadline on its holiday rolls past it, a worked Saturday is kept', async () => {
    const app = getApp();
    const admin = await createActor(app, 'M');
    const bidder = await createActor(app, 'U');
    const year = aYear();
    const wednesday = plusDays(firstOf(year, 1), 14 * 7 + 2);
    await save(app, admin.headers, {
      from: wednesday,
      to: plusDays(wednesday, 1),
      kind: 'holiday',
      name: '节日',
    });
    const answer = await app.inject({
      method: 'POST',
      url: '/ks/calendar/v1/check-timeline',
      headers: bidder.headers,
      payload: planFor(wednesday),
    });
    const breaches = CheckTimelineEnvelopeSchema.parse(answer.json()).data;
    // Wednesday and Thursday are holidays: the deadline rolls to Friday.
    expect(breaches).toEqual([
      expect.objectContaining({
        rule: 'DEADLINE_ON_REST_DAY',
        field: 'bidDeadline',
        suggested: `${plusDays(wednesday, 2)}T09:30:00+08:00`,
        message: `投标截止日${wednesday}不是工作日，应顺延至下一个工作日${plusDays(wednesday, 2)}`,
      }),
    ]);

    const saturday = plusDays(wednesday, 10);
    await save(app, admin.headers, { from: saturday, to: saturday, kind: 'workday', name: '调休上班' });
    const onSaturday = await app.inject({
      method: 'POST',
      url: '/ks/calendar/v1/check-timeline',
      headers: bidder.headers,
      payload: planFor(saturday),
    });
    expect(onSaturday.json()).toMatchObject({ code: 200, data: [] });
  });

  it('applies the configured limits (TRADING_MIN_BID_DAYS=21 here)', async () => {
    const app = getApp();
    const user = await createActor(app, 'P');
    const year = aYear();
    const friday = plusDays(firstOf(year, 5), 70);
    const plan = { ...planFor(friday), saleStart: `${plusDays(friday, -20)}T09:00:00+08:00` };
    const answer = await app.inject({
      method: 'POST',
      url: '/ks/calendar/v1/check-timeline',
      headers: user.headers,
      payload: plan,
    });
    expect(
      CheckTimelineEnvelopeSchema.parse(answer.json()).data.map((b) => [b.rule, b.limit, b.days]),
    ).toEqual([['BID_PERIOD_TOO_SHORT', 21, 20]]);
  });

  it('refuses a date that is not an instant with its offset: 400', async () => {
    const app = getApp();
    const user = await createActor(app, 'U');
    const answer = await app.inject({
      method: 'POST',
      url: '/ks/calendar/v1/check-timeline',
      headers: user.headers,
      payload: { ...planFor('2041-03-06'), bidDeadline: '2041-03-06' },
    });
    expect(answer.json()).toMatchObject({
      code: 400,
      message: '时间格式不正确',
      data: { bidDeadline: '时间格式不正确' },
    });
  });
});

describe('the port', () => {
  it('answers a pure calendar over the table for other modules', async () => {
    const app = getApp();
    const admin = await createActor(app, 'M');
    const year = aYear();
    const monday = plusDays(firstOf(year, 1), 21);
    const sunday = plusDays(monday, -1);
    await save(app, admin.headers, { from: monday, to: monday, kind: 'holiday', name: '节日' });
    await save(app, admin.headers, { from: sunday, to: sunday, kind: 'workday', name: '调休上班' });
    const calendar = await workingCalendar(app.db, `${year}-01-01`, `${year}-02-28`);
    expect(calendar.isWorkingDay(monday)).toBe(false);
    expect(calendar.isWorkingDay(sunday)).toBe(true);
    expect(calendar.isWorkingDay(plusDays(sunday, -1))).toBe(false);
    expect(calendar.nextWorkingDay(plusDays(sunday, -2))).toBe(sunday);
    expect(calendar.nextWorkingDay(sunday)).toBe(plusDays(monday, 1));
  });
});

describe('the demo', () => {
  it('enters the demo centre’s own holidays and a worked Sunday for this year and the next, through the service', async () => {
    const app = getApp();
    const admin = await createActor(app, 'M');
    const actor = {
      id: admin.id,
      userCode: admin.userCode,
      userName: '演示管理员',
      loginRoleType: 'M' as const,
      enterpriseId: null,
      sessionId: 'demo',
    };
    await seedDemoCalendar({ db: app.db, actors: { admin: actor }, ip: '127.0.0.1' } as unknown as DemoSeed);
    const thisYear = Number(new Date(Date.now() + 8 * 3_600_000).toISOString().slice(0, 4));
    for (const year of [thisYear, thisYear + 1]) {
      const days = await yearOf(app, admin.headers, year);
      expect(days.filter((d) => d.kind === 'holiday').map((d) => `${d.day} ${d.name}`)).toEqual([
        `${year}-01-01 元旦`,
        `${year}-05-01 劳动节`,
        `${year}-05-02 劳动节`,
        `${year}-10-01 国庆节`,
        `${year}-10-02 国庆节`,
        `${year}-10-03 国庆节`,
      ]);
      const worked = days.filter((d) => d.kind === 'workday');
      expect(worked.map((d) => d.name)).toEqual(['国庆节调休上班']);
      expect(new Date(`${worked[0]?.day}T00:00:00Z`).getUTCDay()).toBe(0);
    }
  });
});

describe('the limits of the rules of time', () => {
  it('default to docs/domain.md §1 and take each deployment’s own values', () => {
    expect(timelineLimitsOf(loadConfig({}))).toEqual({
      minBidDays: 20,
      minSaleDays: 5,
      clarificationDays: 15,
      objectionDays: 10,
      objectionAnswerDays: 3,
      deadlineRollsOver: true,
      saleEndRollsOver: false,
    });
    const own = timelineLimitsOf(
      loadConfig({
        TRADING_MIN_SALE_DAYS: '7',
        TRADING_DEADLINE_ROLLS_OVER: 'false',
        TRADING_SALE_END_ROLLS_OVER: '1',
      }),
    );
    expect(own).toMatchObject({ minSaleDays: 7, deadlineRollsOver: false, saleEndRollsOver: true });
  });

  it.each([
    ['TRADING_MIN_BID_DAYS', '-1'],
    ['TRADING_CLARIFICATION_DAYS', 'fifteen'],
    ['TRADING_OBJECTION_DAYS', '2.5'],
    ['TRADING_DEADLINE_ROLLS_OVER', 'yes'],
  ])('refuses to start with %s=%s', (name, value) => {
    expect(() => loadConfig({ [name]: value })).toThrow(new RegExp(`Invalid configuration:[\\s\\S]*${name}`));
  });
});
