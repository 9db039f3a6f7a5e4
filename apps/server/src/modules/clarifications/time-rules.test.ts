import {
  CLARIFY_MESSAGES,
  CLARIFY_PATHS,
  ClarificationEnvelopeSchema,
  ProjectEnvelopeSchema,
} from '@ks/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { createActor, type TestActor, unique, useTestApp } from '../../../test/helper.ts';

/**
 * The rules of time of clarifications and objections (decision 0078), on a deployment whose limits
 * are longer than a test project's 30 days (TRADING_CLARIFICATION_DAYS, TRADING_OBJECTION_DAYS): a
 * clarification now is "less than 40 days before the deadline", an objection now too late.
 */
const getApp = useTestApp({ TRADING_CLARIFICATION_DAYS: '40', TRADING_OBJECTION_DAYS: '40' });

type Answer = { code: number; data: never; message: string };
const DAY = 24 * 60 * 60 * 1000;
const FORMAT = new Intl.DateTimeFormat('sv-SE', {
  timeZone: 'Asia/Shanghai',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});
const ahead = (days: number, hour = 9) =>
  `${FORMAT.format(new Date(Date.now() + days * DAY)).slice(0, 10)} ${String(hour).padStart(2, '0')}:00`;
const weekday = (date: string) => ![0, 6].includes(new Date(`${date}T00:00:00Z`).getUTCDay());
const weekdayAhead = (days: number, hour = 9) => {
  let offset = days;
  while (!weekday(ahead(offset).slice(0, 10))) offset += 1;
  return ahead(offset, hour);
};
const saturdayAhead = (days: number) => {
  let offset = days;
  while (new Date(`${ahead(offset).slice(0, 10)}T00:00:00Z`).getUTCDay() !== 6) offset += 1;
  return ahead(offset);
};

let centre: TestActor;
let tenderee: TestActor;
let bidder: TestActor;

const call = async (url: string, actor: TestActor, payload: object = {}) =>
  (await getApp().inject({ method: 'POST', url, headers: actor.headers, payload })).json() as Answer;

async function approvedProject() {
  const saved = await call('/ks/xmrc/v1/bd/save', tenderee, {
    name: unique('项目'),
    capacity: 'tenderee',
    principal: '张三',
    principalPhone: '13912345678',
    sections: [
      {
        name: '施工标段',
        type: '施工',
        estimatePrice: 1_000_000,
        controlPrice: 950_000,
        controlPriceNote: '',
        qualification: '二级',
        evaluationMethod: '综合评估法',
        noticeAt: ahead(5),
        saleStartAt: ahead(6),
        saleEndAt: ahead(11, 17),
        bidDeadlineAt: weekdayAhead(30),
        openingAt: weekdayAhead(30, 10),
      },
    ],
  });
  expect(saved.code, JSON.stringify(saved)).toBe(200);
  const project = ProjectEnvelopeSchema.parse(saved).data;
  const pending = ProjectEnvelopeSchema.parse(
    await call('/ks/trade/submit', tenderee, { id: project.id, version: project.version }),
  ).data;
  await call('/ks/trade/review', centre, { id: pending.id, version: pending.version, decision: 'approve' });
  return project;
}

async function approvedClarification(sectionId: string, newBidDeadlineAt = '') {
  const draft = ClarificationEnvelopeSchema.parse(
    await call(CLARIFY_PATHS.save, tenderee, { sectionId, title: '澄清', content: '更正', newBidDeadlineAt }),
  ).data;
  const submitted = ClarificationEnvelopeSchema.parse(
    await call(CLARIFY_PATHS.submit, tenderee, { id: draft.id, version: draft.version }),
  ).data;
  return ClarificationEnvelopeSchema.parse(
    await call(CLARIFY_PATHS.audit, centre, {
      id: submitted.id,
      version: submitted.version,
      decision: 'approve',
    }),
  ).data;
}

beforeAll(async () => {
  const app = getApp();
  [centre, tenderee, bidder] = await Promise.all([
    createActor(app, 'M'),
    createActor(app, 'U'),
    createActor(app, 'U'),
  ]);
});

describe('a clarification sent fewer than the configured days before the deadline', () => {
  it('is refused without a new deadline, with the rule’s message naming the dates, and stays approved', async () => {
    const project = await approvedProject();
    const section = project.sections[0];
    const approved = await approvedClarification(section?.id ?? '');
    const refused = await call(CLARIFY_PATHS.send, tenderee, { id: approved.id, version: approved.version });
    const today = ahead(0).slice(0, 10);
    const deadline = section?.bidDeadlineAt.slice(0, 10) ?? '';
    expect(refused.code).toBe(400);
    expect(refused.message).toContain('澄清或者修改应当在投标截止时间至少40日前发出');
    expect(refused.message).toContain(`澄清发出：${today}`);
    expect(refused.message).toContain(`投标截止：${deadline}`);
    expect(refused.data).toMatchObject({ newBidDeadlineAt: refused.message });
    const detail = ClarificationEnvelopeSchema.parse(
      await call(CLARIFY_PATHS.detail, tenderee, { id: approved.id }),
    ).data;
    expect(detail).toMatchObject({ state: 'approved', version: approved.version });
  });

  it('is refused with a new deadline still too early, or on a rest day', async () => {
    const project = await approvedProject();
    const sectionId = project.sections[0]?.id ?? '';
    const early = await approvedClarification(sectionId, weekdayAhead(35));
    const tooEarly = await call(CLARIFY_PATHS.send, tenderee, { id: early.id, version: early.version });
    expect(tooEarly.code).toBe(400);
    expect(tooEarly.message).toContain('至少40日前发出');
    const saturday = await approvedClarification(sectionId, saturdayAhead(45));
    const rest = await call(CLARIFY_PATHS.send, tenderee, { id: saturday.id, version: saturday.version });
    expect(rest.code).toBe(400);
    expect(rest.message).toContain('不是工作日');
  });

  it('is sent with an allowed new deadline, which moves the section’s deadline and opening in trading’s history', async () => {
    const project = await approvedProject();
    const section = project.sections[0];
    const moved = weekdayAhead(42);
    const approved = await approvedClarification(section?.id ?? '', moved);
    const sent = await call(CLARIFY_PATHS.send, tenderee, { id: approved.id, version: approved.version });
    expect(sent.code, JSON.stringify(sent)).toBe(200);
    expect(ClarificationEnvelopeSchema.parse(sent).data).toMatchObject({
      state: 'sent',
      bidDeadlineAt: moved,
    });
    const after = ProjectEnvelopeSchema.parse(
      (
        await getApp().inject({
          method: 'GET',
          url: `/ks/trade/records/${project.id}`,
          headers: tenderee.headers,
        })
      ).json(),
    ).data;
    expect(after.sections[0]?.bidDeadlineAt).toBe(moved);
    // The opening keeps its hour after the deadline.
    expect(after.sections[0]?.openingAt).toBe(`${moved.slice(0, 10)} 10:00`);
    expect(after.history.at(-1)?.action).toContain(`顺延投标截止时间`);
  });
});

describe('an objection raised fewer than the configured days before the deadline', () => {
  it('is refused with the rule’s message naming the dates, and writes nothing', async () => {
    const project = await approvedProject();
    const section = project.sections[0];
    const refused = await call(CLARIFY_PATHS.raise, bidder, { sectionId: section?.id, content: '异议' });
    expect(refused.code).toBe(400);
    expect(refused.message).toContain('对招标文件有异议的，应当在投标截止时间40日前提出');
    expect(refused.message).toContain(`投标截止：${section?.bidDeadlineAt.slice(0, 10)}`);
    const list = (await call(CLARIFY_PATHS.objections, bidder)) as { data: { records: unknown[] } };
    expect(list.data.records).toEqual([]);
    expect(CLARIFY_MESSAGES.deadlinePassed).toBe('投标截止时间已过，不能再发出澄清');
  });
});
