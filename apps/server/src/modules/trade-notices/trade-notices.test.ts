import {
  actionUnavailableMessage,
  type Project,
  ProjectEnvelopeSchema,
  TRADE_NOTICE_MESSAGES,
  TRADE_NOTICE_NODE_OF,
  TRADE_NOTICE_SYSTEM_CODING,
  type TradeNoticeKind,
  TradeNoticeListEnvelopeSchema,
} from '@ks/contract';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { createActor, type TestActor, unique, useTestApp } from '../../../test/helper.ts';
import { tradeNotices } from '../../db/schema/trade-notices.ts';
import { ensureProvidedSystems } from '../../provided-systems.ts';
import { moveSectionDatesForDemo, sectionTimeline } from '../trading/public.ts';
import { toChinaTime } from './dates.ts';
import { PUBLISH_JOB } from './engine.ts';
import { publishedNotices } from './public.ts';
import { publishDueNotices } from './service.ts';

const getApp = useTestApp();

type Headers = Record<string, string>;
type Answer = { code: number; data: unknown; message: string };
const DAY = 24 * 60 * 60 * 1000;
const chinaSeconds = (at: Date) => String(at.getUTCSeconds()).padStart(2, '0');
const ahead = (days: number, hour = 9) =>
  `${toChinaTime(new Date(Date.now() + days * DAY)).slice(0, 10)} ${String(hour).padStart(2, '0')}:00`;
/** `days` ahead, rolled past a weekend (this database's calendar has no holidays). */
const weekdayAhead = (days: number, hour = 9) => {
  let offset = days;
  while ([0, 6].includes(new Date(`${ahead(offset).slice(0, 10)}T00:00:00Z`).getUTCDay())) offset += 1;
  return ahead(offset, hour);
};

async function call(method: 'GET' | 'POST', url: string, headers: Headers, payload?: object) {
  const response = await getApp().inject({ method, url, headers, ...(payload ? { payload } : {}) });
  return { status: response.statusCode, body: response.json() as Answer };
}
const post = (url: string, who: TestActor, payload: object) => call('POST', url, who.headers, payload);
const ref = (kind: TradeNoticeKind) => ({
  systemCoding: TRADE_NOTICE_SYSTEM_CODING,
  gnCoding: TRADE_NOTICE_NODE_OF[kind],
});

let centre: TestActor;
let supervisor: TestActor;
let tenderee: TestActor;
let agent: TestActor;
let bidder: TestActor;

/** An approved project of `tenderee` with one section (and `agent` as its agent when asked). */
async function approvedProject(): Promise<Project> {
  const saved = await post('/ks/xmrc/v1/bd/save', tenderee, {
    name: unique('公告项目'),
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
        qualification: '建筑工程施工总承包二级',
        evaluationMethod: '综合评估法',
        noticeAt: ahead(5),
        saleStartAt: ahead(6),
        saleEndAt: ahead(11, 17),
        bidDeadlineAt: weekdayAhead(30),
        openingAt: weekdayAhead(30),
      },
    ],
  });
  expect(saved.body.code, JSON.stringify(saved.body)).toBe(200);
  const project = ProjectEnvelopeSchema.parse(saved.body).data;
  const submitted = await post('/ks/trade/submit', tenderee, { id: project.id, version: project.version });
  const pending = ProjectEnvelopeSchema.parse(submitted.body).data;
  const approved = await post('/ks/trade/review', centre, {
    id: pending.id,
    version: pending.version,
    decision: 'approve',
  });
  expect(approved.body.code, JSON.stringify(approved.body)).toBe(200);
  return ProjectEnvelopeSchema.parse(approved.body).data;
}

const pullDown = (who: TestActor, kind: TradeNoticeKind, displayCode: string) =>
  post('/ks/common/common/pull-down', who, { ...ref(kind), displayCode });
const offered = async (who: TestActor, kind: TradeNoticeKind, displayCode = 'section') => {
  const answer = await pullDown(who, kind, displayCode);
  expect(answer.body.code, JSON.stringify(answer.body)).toBe(200);
  return (answer.body.data as { result: { list: { value: string }[] } }).result.list.map((o) => o.value);
};

const values = (sectionId: string, overrides: Record<string, unknown> = {}) => ({
  section: sectionId,
  title: unique('资格预审公告'),
  publish_at: ahead(5),
  body: '现对本项目进行资格预审，欢迎符合条件的潜在投标人参加。',
  ...overrides,
});
const save = (who: TestActor, kind: TradeNoticeKind, v: Record<string, unknown>, id?: string) =>
  post('/ks/monitor/save', who, { ...ref(kind), values: v, ...(id ? { id } : {}) });

/** Saves (as the tenderee), submits and passes a notice; answers its id and version. */
async function approvedNotice(kind: TradeNoticeKind, v: Record<string, unknown>) {
  const saved = await save(tenderee, kind, v);
  expect(saved.body.code, JSON.stringify(saved.body)).toBe(200);
  const { id } = saved.body.data as { id: string };
  const submitted = await post('/ks/flow/v1/start', tenderee, { ...ref(kind), id });
  expect(submitted.body.code, JSON.stringify(submitted.body)).toBe(200);
  const passed = await post('/ks/monitor/audit', centre, {
    ...ref(kind),
    id,
    result: 'pass',
    advice: '同意',
  });
  expect(passed.body.code, JSON.stringify(passed.body)).toBe(200);
  return passed.body.data as { id: string; version: number; status: string };
}

const send = (who: TestActor, kind: TradeNoticeKind, record: { id: string; version: number }) =>
  post('/ks/monitor/send', who, { ...ref(kind), id: record.id, version: record.version });
const spread = (who: TestActor, kind: TradeNoticeKind, record: { id: string; version: number }) =>
  post('/ks/monitor/spread', who, { ...ref(kind), id: record.id, version: record.version });
const rowOf = async (recordId: string) =>
  (await getApp().db.select().from(tradeNotices).where(eq(tradeNotices.recordId, recordId)))[0];
const notices = (who: TestActor, projectId: string, kind = 'prequalification') =>
  call('GET', `/ks/trade/notices?projectId=${projectId}&kind=${kind}`, who.headers);

let project: Project;
let sectionId: string;

beforeAll(async () => {
  const app = getApp();
  // The audit organisation is the administrators when the system is built: the supervisor among them.
  [centre, supervisor, tenderee, agent, bidder] = await Promise.all([
    createActor(app, 'M'),
    createActor(app, 'M', { roles: ['supervisor'] }),
    createActor(app, 'U'),
    createActor(app, 'U'),
    createActor(app, 'U'),
  ]);
  expect(await ensureProvidedSystems(app.db, app.engine)).toContain(TRADE_NOTICE_SYSTEM_CODING);
  project = await approvedProject();
  sectionId = project.sections[0]?.id ?? '';
});

describe('the section select and who may save (交易公告)', () => {
  it('offers the tenderee its approved sections and a bidder none', async () => {
    expect(await offered(tenderee, 'prequalification')).toContain(sectionId);
    expect(await offered(bidder, 'prequalification')).toEqual([]);
    expect(await offered(agent, 'tender')).not.toContain(sectionId);
  });

  it("composes the section's data into the notice on save, whatever the browser sends", async () => {
    await offered(tenderee, 'prequalification');
    const saved = await save(tenderee, 'prequalification', {
      ...values(sectionId),
      project_name: '伪造的项目名称',
      control_price: '1',
    });
    expect(saved.body.code, JSON.stringify(saved.body)).toBe(200);
    const { id } = saved.body.data as { id: string };
    const details = await post('/ks/info/v1/form/details', tenderee, { ...ref('prequalification'), id });
    const record = (details.body.data as { record: Record<string, unknown> }).record;
    const section = project.sections[0];
    expect(record).toMatchObject({
      project_name: project.name,
      project_code: project.code,
      section_name: `${section?.code} ${section?.name}`,
      section_type: '施工',
      estimate_price: '1000000.00',
      control_price: '950000.00',
      sale_start: section?.saleStartAt,
      bid_deadline: section?.bidDeadlineAt,
      opening_at: section?.openingAt,
    });
  });

  it('refuses a bidder, another enterprise and the centre, under the field or as a dialog, writing nothing', async () => {
    const total = async () => {
      const page = await post('/ks/monitor/table-list', centre, { ...ref('prequalification'), curPage: 1 });
      expect(page.body.code, JSON.stringify(page.body)).toBe(200);
      return (page.body.data as { total: number }).total;
    };
    const before = await total();
    const bidderSave = await save(bidder, 'prequalification', values(sectionId));
    expect(bidderSave.body).toMatchObject({
      code: 400,
      message: TRADE_NOTICE_MESSAGES.sectionNotYours,
      data: { section: TRADE_NOTICE_MESSAGES.sectionNotYours },
    });
    expect((await save(agent, 'tender', values(sectionId))).body).toMatchObject({
      code: 400,
      message: TRADE_NOTICE_MESSAGES.sectionNotYours,
    });
    expect((await save(centre, 'prequalification', values(sectionId))).body.code).not.toBe(200);
    expect((await save(supervisor, 'prequalification', values(sectionId))).body.code).not.toBe(200);
    expect(await total()).toBe(before);
  });

  it('refuses a publish time in the past, and one after the sale has started (the rules of time)', async () => {
    const past = await save(tenderee, 'prequalification', values(sectionId, { publish_at: ahead(-1) }));
    expect(past.body).toMatchObject({
      code: 400,
      data: { publish_at: TRADE_NOTICE_MESSAGES.publishInPast },
    });
    const late = await save(tenderee, 'tender', values(sectionId, { publish_at: ahead(7) }));
    expect(late.body.code).toBe(400);
    expect((late.body.data as Record<string, string>).publish_at).toBe(late.body.message);
    expect(late.body.message).toContain(ahead(7).slice(0, 10));
  });
});

describe('audit, send, the publishing job, spread', () => {
  it('keeps a supervisor out of the audit: it reads, the centre decides', async () => {
    const saved = await save(tenderee, 'prequalification', values(sectionId));
    const { id } = saved.body.data as { id: string };
    expect((await post('/ks/flow/v1/start', tenderee, { ...ref('prequalification'), id })).body.code).toBe(
      200,
    );
    const bySupervisor = await post('/ks/monitor/audit', supervisor, {
      ...ref('prequalification'),
      id,
      result: 'pass',
      advice: '同意',
    });
    expect(bySupervisor.body).toMatchObject({
      code: 400,
      message: TRADE_NOTICE_MESSAGES.supervisorReadsOnly,
    });
    const read = await post('/ks/info/v1/form/details', supervisor, { ...ref('prequalification'), id });
    expect(read.body.code).toBe(200);
    const byCentre = await post('/ks/monitor/audit', centre, {
      ...ref('prequalification'),
      id,
      result: 'pass',
      advice: '同意',
    });
    expect(byCentre.body).toMatchObject({ code: 200, data: { status: 'approved' } });
  });

  it('sends through /ks/monitor/send, publishes once when two job runs race, then spreads once', async () => {
    const title = unique('资格预审公告');
    const record = await approvedNotice('prequalification', values(sectionId, { title }));
    expect((await spread(tenderee, 'prequalification', record)).body).toMatchObject({
      code: 400,
      message: TRADE_NOTICE_MESSAGES.notPublished,
    });
    expect((await send(bidder, 'prequalification', record)).body.code).not.toBe(200);
    expect((await send(supervisor, 'prequalification', record)).body).toMatchObject({
      code: 400,
      message: TRADE_NOTICE_MESSAGES.supervisorReadsOnly,
    });
    const sent = await send(tenderee, 'prequalification', record);
    expect(sent.body, JSON.stringify(sent.body)).toMatchObject({ code: 200 });
    const sentVersion = sent.body.data as { id: string; version: number };
    expect(await rowOf(record.id)).toMatchObject({ state: 'scheduled', versionNo: 1, title });
    expect((await send(tenderee, 'prequalification', sentVersion)).body).toMatchObject({
      code: 400,
      message: TRADE_NOTICE_MESSAGES.alreadySent,
    });

    // Before its time nothing is published; nobody sees it yet.
    await publishDueNotices(getApp().db, new Date());
    expect(await rowOf(record.id)).toMatchObject({ state: 'scheduled', publishedAt: null });
    const before = TradeNoticeListEnvelopeSchema.parse((await notices(tenderee, project.id)).body).data;
    expect(before.some((n) => n.versions.some((v) => v.title === title))).toBe(false);

    // Two instances' runs at its time: it is published by exactly one.
    const at = new Date(Date.now() + 6 * DAY);
    const runs = await Promise.all([publishDueNotices(getApp().db, at), publishDueNotices(getApp().db, at)]);
    expect(runs.flat().filter((row) => row.recordId === record.id)).toHaveLength(1);
    expect(await rowOf(record.id)).toMatchObject({ state: 'published' });

    const seen = TradeNoticeListEnvelopeSchema.parse((await notices(tenderee, project.id)).body).data;
    expect(seen.find((n) => n.versions[0]?.title === title)).toMatchObject({
      kind: 'prequalification',
      sectionId,
      versions: [{ version: 1, title, spreadAt: null }],
    });
    expect((await notices(supervisor, project.id)).body.code).toBe(200);
    // Published, it is public: a bidder reads it too.
    const forBidder = TradeNoticeListEnvelopeSchema.parse((await notices(bidder, project.id)).body).data;
    expect(forBidder.some((n) => n.versions[0]?.title === title)).toBe(true);

    const spreadOnce = await spread(centre, 'prequalification', sentVersion);
    expect(spreadOnce.body, JSON.stringify(spreadOnce.body)).toMatchObject({ code: 200 });
    expect((await rowOf(record.id))?.spreadAt).not.toBeNull();
    const again = await spread(
      centre,
      'prequalification',
      spreadOnce.body.data as { id: string; version: number },
    );
    expect(again.body).toMatchObject({ code: 400, message: TRADE_NOTICE_MESSAGES.alreadySpread });
  });

  it('publishes at once a notice sent after its publish time; the job then finds nothing to publish', async () => {
    const title = unique('资格预审公告');
    // A publish time seconds ahead (the form takes seconds): approved while it is ahead, sent after it.
    const publishAt = new Date(Date.now() + 2500);
    const record = await approvedNotice(
      'prequalification',
      values(sectionId, { title, publish_at: `${toChinaTime(publishAt)}:${chinaSeconds(publishAt)}` }),
    );
    await expect.poll(() => Date.now() > publishAt.getTime(), { timeout: 5000, interval: 50 }).toBe(true);
    const sent = await send(tenderee, 'prequalification', record);
    expect(sent.body, JSON.stringify(sent.body)).toMatchObject({ code: 200 });
    const row = await rowOf(record.id);
    expect(row).toMatchObject({ state: 'published' });
    expect(row?.publishedAt?.getTime()).toBeGreaterThanOrEqual(publishAt.getTime());
    // The job's next run (the same conditional UPDATE) does not publish it a second time.
    const run = await publishDueNotices(getApp().db, new Date());
    expect(run.filter((one) => one.recordId === record.id)).toHaveLength(0);
    const listed = TradeNoticeListEnvelopeSchema.parse((await notices(bidder, project.id)).body).data;
    expect(listed.filter((n) => n.versions[0]?.title === title)).toHaveLength(1);
  });

  it('keeps a notice sent before its time scheduled until the job publishes it', async () => {
    const title = unique('资格预审公告');
    const record = await approvedNotice('prequalification', values(sectionId, { title }));
    expect((await send(tenderee, 'prequalification', record)).body.code).toBe(200);
    expect(await rowOf(record.id)).toMatchObject({ state: 'scheduled', publishedAt: null });
  });

  it('answers an unregistered code on /ks/monitor/:code with 404 “…”功能尚未开放', async () => {
    const answer = await post('/ks/monitor/nosuchaction', tenderee, {
      ...ref('tender'),
      id: '00000000-0000-4000-8000-000000000000',
      version: 1,
    });
    expect(answer.body).toMatchObject({ code: 404, message: actionUnavailableMessage('nosuchaction') });
  });
});

describe('change notices (变更公告): versions', () => {
  it('publishes a change as the next version; every earlier version stays readable, in order', async () => {
    const firstTitle = unique('招标公告');
    const original = await approvedNotice('tender', values(sectionId, { title: firstTitle }));
    expect((await send(tenderee, 'tender', original)).body.code).toBe(200);
    const chainId = (await rowOf(original.id))?.id ?? '';
    expect(await offered(tenderee, 'change', 'target_notice')).toContain(chainId);
    expect(await offered(bidder, 'change', 'target_notice')).not.toContain(chainId);

    const noTarget = await save(tenderee, 'change', values(sectionId, { target_notice: '' }));
    expect(noTarget.body.code).toBe(400);

    const changeTitle = unique('变更公告');
    const change = await approvedNotice(
      'change',
      values(sectionId, { title: changeTitle, target_notice: chainId, publish_at: ahead(8) }),
    );
    expect((await send(tenderee, 'change', change)).body.code).toBe(200);
    expect(await rowOf(change.id)).toMatchObject({ chainId, versionNo: 2, kind: 'change' });

    await publishDueNotices(getApp().db, new Date(Date.now() + 10 * DAY));
    const [notice] = (await publishedNotices(getApp().db, { sectionId, kind: 'tender' })).filter(
      (one) => one.id === chainId,
    );
    expect(notice?.versions.map((v) => [v.version, v.kind, v.title])).toEqual([
      [1, 'tender', firstTitle],
      [2, 'change', changeTitle],
    ]);
    const listed = TradeNoticeListEnvelopeSchema.parse(
      (await notices(centre, project.id, 'tender')).body,
    ).data;
    expect(listed.find((one) => one.id === chainId)?.versions).toHaveLength(2);
  });
});

describe('who reads notices (GET /ks/trade/notices)', () => {
  it('answers published notices to every signed-in user; drafts, reviews and scheduled ones to nobody there', async () => {
    const personnel = await createActor(getApp(), 'P');
    const fresh = await approvedProject();
    const freshSection = fresh.sections[0]?.id ?? '';
    await offered(tenderee, 'prequalification');
    // A draft, one under review and one scheduled: the project is not public yet.
    const draftTitle = unique('草稿公告');
    const draft = await save(tenderee, 'prequalification', values(freshSection, { title: draftTitle }));
    expect(draft.body.code, JSON.stringify(draft.body)).toBe(200);
    const scheduledTitle = unique('待发布公告');
    const scheduled = await approvedNotice(
      'prequalification',
      values(freshSection, { title: scheduledTitle }),
    );
    expect((await send(tenderee, 'prequalification', scheduled)).body.code).toBe(200);
    for (const who of [bidder, personnel])
      expect((await notices(who, fresh.id)).body).toMatchObject({
        code: 404,
        message: TRADE_NOTICE_MESSAGES.projectNotFound,
      });
    expect(TradeNoticeListEnvelopeSchema.parse((await notices(tenderee, fresh.id)).body).data).toEqual([]);
    // Nor does a bidder read the draft record itself.
    const draftId = (draft.body.data as { id: string }).id;
    const read = await post('/ks/info/v1/form/details', bidder, { ...ref('prequalification'), id: draftId });
    expect(read.body.code).not.toBe(200);

    // Published: the bidder and personnel read it, and still nothing unpublished.
    await publishDueNotices(getApp().db, new Date(Date.now() + 6 * DAY));
    for (const who of [bidder, personnel, tenderee, supervisor]) {
      const seen = TradeNoticeListEnvelopeSchema.parse((await notices(who, fresh.id)).body).data;
      const titles = seen.flatMap((n) => n.versions.map((v) => v.title));
      expect(titles).toContain(scheduledTitle);
      expect(titles).not.toContain(draftTitle);
    }
    // Another project of the tenderee with nothing published stays hidden from the bidder.
    const hidden = await approvedProject();
    expect((await notices(bidder, hidden.id)).body.code).toBe(404);
  });
});

describe('the bidders hear of a published notice', () => {
  type Message = { title: string; messages: string };
  const messagesOf = async (who: TestActor) => {
    const page = await post('/ks/message/v1/list', who, { curPage: 1, pageSize: 100 });
    expect(page.body.code, JSON.stringify(page.body)).toBe(200);
    return (page.body.data as { records: Message[] }).records;
  };

  it("tells the section's signed-up bidders once, by the job or by the send, and nobody else", async () => {
    const [signedUp, other] = await Promise.all([createActor(getApp(), 'U'), createActor(getApp(), 'U')]);
    const fresh = await approvedProject();
    const freshSection = fresh.sections[0]?.id ?? '';
    // The bidder signs up through tender-files' route, during a sale the section is moved into
    // through trading's port for it, and back (the notice's rules of time read the planned dates).
    const timeline = await sectionTimeline(getApp().db, freshSection);
    if (!timeline) throw new Error('section not found');
    const { noticeAt, saleStartAt, saleEndAt, bidDeadlineAt, openingAt } = timeline;
    const planned = { noticeAt, saleStartAt, saleEndAt, bidDeadlineAt, openingAt };
    const DAY = 24 * 3600 * 1000;
    await moveSectionDatesForDemo(getApp().db, freshSection, {
      ...planned,
      saleStartAt: new Date(Date.now() - DAY),
      saleEndAt: new Date(Date.now() + DAY),
    });
    const signUp = await post('/ks/trade/sign-up', signedUp, {
      sectionId: freshSection,
      contactName: '李四',
      contactPhone: '13912345678',
    });
    expect(signUp.body.code, JSON.stringify(signUp.body)).toBe(200);
    await moveSectionDatesForDemo(getApp().db, freshSection, planned);
    await offered(tenderee, 'tender');

    // Sent before its time (seconds ahead): scheduled, nobody told; the job's runs publish it.
    const title = unique('招标公告');
    const due = new Date(Date.now() + 2500);
    const original = await approvedNotice(
      'tender',
      values(freshSection, { title, publish_at: `${toChinaTime(due)}:${chinaSeconds(due)}` }),
    );
    expect((await send(tenderee, 'tender', original)).body.code).toBe(200);
    expect(await rowOf(original.id)).toMatchObject({ state: 'scheduled' });
    expect((await messagesOf(signedUp)).filter((m) => m.messages.includes(title))).toEqual([]);
    await expect.poll(() => Date.now() > due.getTime(), { timeout: 5000, interval: 50 }).toBe(true);
    // The registered job, as the worker runs it (with the engine's notices): two racing runs, then a third.
    const job = getApp().jobs.find(PUBLISH_JOB);
    if (!job) throw new Error('publishing job not defined');
    const run = () =>
      job.handle(
        {},
        {
          jobId: crypto.randomUUID(),
          attempt: 1,
          signal: new AbortController().signal,
          reportProgress: async () => {},
        },
      );
    await Promise.all([run(), run()]);
    await run();
    expect(await rowOf(original.id)).toMatchObject({ state: 'published' });
    const told = (await messagesOf(signedUp)).filter((m) => m.messages.includes(title));
    expect(told).toEqual([expect.objectContaining({ title: '招标公告已发布' })]);
    expect(told[0]?.messages).toContain(fresh.name);
    expect((await messagesOf(other)).filter((m) => m.messages.includes(title))).toEqual([]);

    // A change notice sent after its time is published by the send, which tells them too.
    const chainId = (await rowOf(original.id))?.id ?? '';
    await offered(tenderee, 'change', 'target_notice');
    const changeTitle = unique('变更公告');
    const publishAt = new Date(Date.now() + 2500);
    const change = await approvedNotice(
      'change',
      values(freshSection, {
        title: changeTitle,
        target_notice: chainId,
        publish_at: `${toChinaTime(publishAt)}:${chinaSeconds(publishAt)}`,
      }),
    );
    await expect.poll(() => Date.now() > publishAt.getTime(), { timeout: 5000, interval: 50 }).toBe(true);
    expect((await send(tenderee, 'change', change)).body.code).toBe(200);
    expect(await rowOf(change.id)).toMatchObject({ state: 'published', versionNo: 2 });
    expect((await messagesOf(signedUp)).filter((m) => m.messages.includes(changeTitle))).toEqual([
      expect.objectContaining({ title: '变更公告已发布' }),
    ]);
    expect((await messagesOf(other)).filter((m) => m.messages.includes(changeTitle))).toEqual([]);
  });
});
