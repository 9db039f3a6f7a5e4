import { randomUUID } from 'node:crypto';
import {
  asUserId,
  CLARIFY_MESSAGES,
  CLARIFY_PATHS,
  type Clarification,
  ClarificationEnvelopeSchema,
  ClarificationListEnvelopeSchema,
  ClarifySectionListEnvelopeSchema,
  ObjectionEnvelopeSchema,
  ObjectionListEnvelopeSchema,
  ProjectEnvelopeSchema,
  ReceivedClarificationEnvelopeSchema,
  ReceivedClarificationListEnvelopeSchema,
} from '@ks/contract';
import { eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { multipart, PDF } from '../../../test/file-fixtures.ts';
import { createActor, type TestActor, unique, useTestApp } from '../../../test/helper.ts';
import { clarificationDeliveries, clarifications } from '../../db/schema/clarifications.ts';
import { users } from '../../db/schema/identity.ts';
import { notifyDeliveries, notifyMessages } from '../../db/schema/notify.ts';
import type { DemoSeed } from '../../engine/demo.ts';
import { rowsOf } from '../../engine/node-tables.ts';
import type { SessionUser } from '../../platform/access.ts';
import { BUSINESS_MODULES } from '../index.ts';
import { seedDemoClarifications } from './demo.ts';
import { clarificationsModule, type DownloadersOf } from './index.ts';
import { deliverEarlierClarifications, isPaused } from './public.ts';
import { ClarificationService, DELIVER_JOB } from './service.ts';

/**
 * The typed double of tender-files' port (decision 0068: the exact type the module declares),
 * answering the real ids of this file's enterprise users per section.
 */
const downloads = new Map<string, Awaited<ReturnType<DownloadersOf>>>();
const downloadersOf: DownloadersOf = async (_db, sectionId) => downloads.get(sectionId) ?? [];

const getApp = useTestApp(
  {},
  {
    modules: [
      ...BUSINESS_MODULES.filter((module) => module.name !== 'clarifications'),
      clarificationsModule(downloadersOf),
    ],
  },
);

type Headers = Record<string, string>;
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
/** `days` ahead, rolled past a weekend (this database's calendar has no holidays). */
const weekdayAhead = (days: number, hour = 9) => {
  let offset = days;
  while ([0, 6].includes(new Date(`${ahead(offset).slice(0, 10)}T00:00:00Z`).getUTCDay())) offset += 1;
  return ahead(offset, hour);
};

let centre: TestActor;
let supervisor: TestActor;
let tenderee: TestActor;
let agent: TestActor;
let bidder: TestActor;
let bidder2: TestActor;
let other: TestActor;
let personnel: TestActor;
let developer: TestActor;

async function call(url: string, actor: TestActor | null, payload: object = {}): Promise<Answer> {
  const response = await getApp().inject({
    method: 'POST',
    url,
    ...(actor ? { headers: actor.headers } : {}),
    payload,
  });
  return response.json() as Answer;
}

/** An approved project of `by` (tenderee or agent) with one section; answers the section's id. */
async function approvedSection(by: TestActor = tenderee, capacity: 'tenderee' | 'agent' = 'tenderee') {
  const inject = async (url: string, headers: Headers, payload: object) =>
    (await getApp().inject({ method: 'POST', url, headers, payload })).json() as Answer;
  const saved = await inject('/ks/xmrc/v1/bd/save', by.headers, {
    name: unique('项目'),
    capacity,
    tendereeName: capacity === 'agent' ? '某某建设局' : '',
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
        openingAt: weekdayAhead(30, 10),
      },
    ],
  });
  expect(saved.code, JSON.stringify(saved)).toBe(200);
  const project = ProjectEnvelopeSchema.parse(saved).data;
  const submitted = await inject('/ks/trade/submit', by.headers, {
    id: project.id,
    version: project.version,
  });
  const pending = ProjectEnvelopeSchema.parse(submitted).data;
  const approved = await inject('/ks/trade/review', centre.headers, {
    id: pending.id,
    version: pending.version,
    decision: 'approve',
    reason: '',
  });
  expect(approved.code).toBe(200);
  const sectionId = project.sections[0]?.id ?? '';
  downloads.set(sectionId, [
    { userId: asUserId(bidder.id), enterpriseName: '投标企业甲', downloadedAt: new Date(Date.now() - DAY) },
    {
      userId: asUserId(bidder2.id),
      enterpriseName: '投标企业乙',
      downloadedAt: new Date(Date.now() - 2 * DAY),
    },
  ]);
  return { sectionId, projectId: project.id };
}

const draftBody = (sectionId: string, extra: object = {}) => ({
  sectionId,
  title: unique('澄清'),
  content: '第五章工程量清单第12项更正。',
  ...extra,
});

async function drafted(sectionId: string, by: TestActor = tenderee) {
  const answer = await call(CLARIFY_PATHS.save, by, draftBody(sectionId));
  expect(answer.code, JSON.stringify(answer)).toBe(200);
  return ClarificationEnvelopeSchema.parse(answer).data;
}

const step = async (path: string, by: TestActor, c: Pick<Clarification, 'id' | 'version'>, extra = {}) => {
  const answer = await call(path, by, { id: c.id, version: c.version, ...extra });
  expect(answer.code, JSON.stringify(answer)).toBe(200);
  return ClarificationEnvelopeSchema.parse(answer).data;
};

async function approvedClarification(sectionId: string, by: TestActor = tenderee) {
  const draft = await drafted(sectionId, by);
  const submitted = await step(CLARIFY_PATHS.submit, by, draft);
  return step(CLARIFY_PATHS.audit, centre, submitted, { decision: 'approve' });
}

/** Runs one attempt of the delivery job's handler, as the worker would. */
async function runDelivery(clarificationId: string) {
  const job = getApp().jobs.find(DELIVER_JOB);
  if (!job) throw new Error('delivery job not defined');
  await job.handle(
    { clarificationId },
    { jobId: randomUUID(), attempt: 1, signal: new AbortController().signal, reportProgress: async () => {} },
  );
}

const deliveryRows = (clarificationId: string) =>
  getApp()
    .db.select()
    .from(clarificationDeliveries)
    .where(eq(clarificationDeliveries.clarificationId, clarificationId));

async function queuedDeliveries(clarificationId: string): Promise<number> {
  const found = await getApp().db.execute(
    sql`select count(*)::int as n from pgboss.job where name = ${DELIVER_JOB} and data->>'clarificationId' = ${clarificationId}`,
  );
  return rowsOf<{ n: number }>(found)[0]?.n ?? 0;
}

beforeAll(async () => {
  const app = getApp();
  [centre, supervisor, tenderee, agent, bidder, bidder2, other, personnel, developer] = await Promise.all([
    createActor(app, 'M'),
    createActor(app, 'M', { roles: ['supervisor'] }),
    createActor(app, 'U'),
    createActor(app, 'U'),
    createActor(app, 'U'),
    createActor(app, 'U'),
    createActor(app, 'U'),
    createActor(app, 'P'),
    createActor(app, 'D'),
  ]);
});

describe('the clarification routes, walked by every role', () => {
  it('answers each route to the roles it names, 403 to the others, 10000 without a session', async () => {
    const routes = getApp().guardedRoutes.filter((route) => route.url.startsWith('/ks/clarify/'));
    expect(routes.map((route) => route.url).sort()).toEqual(Object.values(CLARIFY_PATHS).sort());
    const only: Record<string, string> = {
      [CLARIFY_PATHS.queue]: 'M',
      [CLARIFY_PATHS.received]: 'U',
      [CLARIFY_PATHS.receipt]: 'U',
    };
    const callers: [string, TestActor | null][] = [
      ['M', centre],
      ['U', bidder],
      ['P', personnel],
      ['D', developer],
      ['-', null],
    ];
    for (const route of routes) {
      const allowed = only[route.url] ?? 'MU';
      for (const [role, actor] of callers) {
        const answer =
          route.method === 'GET'
            ? ((
                await getApp().inject({
                  method: 'GET',
                  url: route.url.replace(':fileId', randomUUID()),
                  ...(actor ? { headers: actor.headers } : {}),
                })
              ).json() as Answer)
            : await call(route.url, actor, {});
        const want = actor ? (allowed.includes(role) ? 'passes' : 403) : 10000;
        const got = answer.code === 403 || answer.code === 10000 ? answer.code : 'passes';
        expect({ url: route.url, role, got }).toEqual({ url: route.url, role, got: want });
      }
    }
  });
});

describe('a clarification from draft to receipt', () => {
  it('is drafted, submitted, approved, sent and delivered once to each downloader, who confirm receipt', async () => {
    const { sectionId } = await approvedSection();
    const sections = ClarifySectionListEnvelopeSchema.parse(
      await call(CLARIFY_PATHS.sections, tenderee),
    ).data;
    expect(sections.map((section) => section.id)).toContain(sectionId);
    expect(ClarifySectionListEnvelopeSchema.parse(await call(CLARIFY_PATHS.sections, bidder)).data).toEqual(
      [],
    );

    const draft = await drafted(sectionId);
    expect(draft).toMatchObject({ state: 'draft', side: 'tenderee', actions: ['edit', 'submit', 'delete'] });
    const edited = await step(CLARIFY_PATHS.save, tenderee, draft, {
      sectionId,
      title: '更正后的标题',
      content: '新内容',
    });
    expect(edited).toMatchObject({ title: '更正后的标题', version: draft.version + 1 });
    // A stale version writes nothing.
    const stale = await call(CLARIFY_PATHS.save, tenderee, {
      ...draftBody(sectionId),
      id: draft.id,
      version: draft.version,
    });
    expect(stale).toMatchObject({ code: 409, message: CLARIFY_MESSAGES.stale });

    const submitted = await step(CLARIFY_PATHS.submit, tenderee, edited);
    expect(submitted).toMatchObject({ state: 'submitted', actions: ['revoke'] });
    const queue = ClarificationListEnvelopeSchema.parse(await call(CLARIFY_PATHS.queue, centre)).data;
    expect(queue.records.every((row) => row.state === 'submitted')).toBe(true);
    expect(queue.records.find((row) => row.id === draft.id)).toMatchObject({
      side: 'centre',
      actions: ['approve', 'return'],
    });
    const returned = await step(CLARIFY_PATHS.audit, centre, submitted, {
      decision: 'return',
      reason: '内容不完整',
    });
    expect(returned).toMatchObject({ state: 'returned', returnReason: '内容不完整' });
    const again = await step(CLARIFY_PATHS.submit, tenderee, returned);
    const approved = await step(CLARIFY_PATHS.audit, centre, again, { decision: 'approve' });
    // The centre's answer carries the centre's buttons (none left); the sender's carries send.
    expect(approved).toMatchObject({ state: 'approved', side: 'centre', actions: [] });
    const forSender = ClarificationEnvelopeSchema.parse(
      await call(CLARIFY_PATHS.detail, tenderee, { id: draft.id }),
    ).data;
    expect(forSender.actions).toEqual(['send', 'revoke']);

    const sent = await step(CLARIFY_PATHS.send, tenderee, approved);
    expect(sent).toMatchObject({ state: 'sent', actions: [] });
    expect(sent.sentAt).not.toBeNull();
    expect(sent.history.map((entry) => entry.action)).toEqual([
      '起草澄清',
      '修改澄清',
      '提交审核',
      '退回',
      '提交审核',
      '审核通过',
      '发送澄清',
    ]);
    // Sending enqueued the delivery in its transaction; nothing is delivered before the job runs.
    expect(await queuedDeliveries(sent.id)).toBe(1);
    expect(await deliveryRows(sent.id)).toHaveLength(0);

    await runDelivery(sent.id);
    const received = ReceivedClarificationListEnvelopeSchema.parse(
      await call(CLARIFY_PATHS.received, bidder),
    ).data;
    const mine = received.find((row) => row.clarificationId === sent.id);
    expect(mine).toMatchObject({ title: '更正后的标题', receivedAt: null, actions: ['receive'] });
    const first = ReceivedClarificationEnvelopeSchema.parse(
      await call(CLARIFY_PATHS.receipt, bidder, { id: mine?.id }),
    ).data;
    expect(first.receivedAt).not.toBeNull();
    expect(first.actions).toEqual([]);
    // Idempotent: a second confirmation keeps the first time.
    const second = ReceivedClarificationEnvelopeSchema.parse(
      await call(CLARIFY_PATHS.receipt, bidder, { id: mine?.id }),
    ).data;
    expect(second.receivedAt).toBe(first.receivedAt);

    // The receipt table: the sender and the centre see who received and when.
    for (const viewer of [tenderee, centre, supervisor]) {
      const detail = ClarificationEnvelopeSchema.parse(
        await call(CLARIFY_PATHS.detail, viewer, { id: sent.id }),
      ).data;
      expect(
        detail.receipts.map((receipt) => [receipt.enterpriseName, receipt.receivedAt === null]).sort(),
      ).toEqual([
        ['投标企业乙', true],
        ['投标企业甲', false],
      ]);
    }
  });

  it('delivers to every downloader exactly once when the job runs again (an instance died)', async () => {
    const { sectionId } = await approvedSection();
    const approved = await approvedClarification(sectionId);
    const everyone = downloads.get(sectionId) ?? [];
    // The first run saw only the first downloader before its instance died.
    downloads.set(sectionId, everyone.slice(0, 1));
    const sent = await step(CLARIFY_PATHS.send, tenderee, approved);
    await runDelivery(sent.id);
    expect(await deliveryRows(sent.id)).toHaveLength(1);
    downloads.set(sectionId, everyone);
    await runDelivery(sent.id);
    await runDelivery(sent.id);
    const rows = await deliveryRows(sent.id);
    expect(rows.map((row) => row.bidderId).sort()).toEqual([bidder.id, bidder2.id].sort());
    // Each bidder is told once, with its delivery (the platform's notices, pushed live).
    const told = await getApp()
      .db.select({ userId: notifyDeliveries.userId })
      .from(notifyDeliveries)
      .innerJoin(notifyMessages, eq(notifyMessages.id, notifyDeliveries.messageId))
      .where(sql`${notifyMessages.messages} like ${`%${sent.title}%`}`);
    expect(told.map((row) => row.userId).sort()).toEqual([bidder.id, bidder2.id].sort());
  });

  it('delivers the clarifications already sent to a bidder who downloads later, once', async () => {
    const { sectionId } = await approvedSection();
    const sent = await step(CLARIFY_PATHS.send, tenderee, await approvedClarification(sectionId));
    const draft = await drafted(sectionId);
    await runDelivery(sent.id);
    const latecomer = await createActor(getApp(), 'U');
    const late = { userId: asUserId(latecomer.id), enterpriseName: '后下载企业', downloadedAt: new Date() };
    expect(await deliverEarlierClarifications(getApp().db, sectionId, late)).toBe(1);
    expect(await deliverEarlierClarifications(getApp().db, sectionId, late)).toBe(0);
    expect((await deliveryRows(sent.id)).map((row) => row.bidderId)).toContain(latecomer.id);
    expect(await deliveryRows(draft.id)).toHaveLength(0);
    const received = ReceivedClarificationListEnvelopeSchema.parse(
      await call(CLARIFY_PATHS.received, latecomer),
    ).data;
    expect(received.map((row) => row.clarificationId)).toEqual([sent.id]);
  });

  it('delivers nothing for a clarification not sent', async () => {
    const { sectionId } = await approvedSection();
    const approved = await approvedClarification(sectionId);
    await runDelivery(approved.id);
    expect(await deliveryRows(approved.id)).toHaveLength(0);
  });
});

describe('who may do what', () => {
  it('lets the agent of a project draft and send; the other enterprise, bidders and supervisors cannot', async () => {
    const { sectionId } = await approvedSection(agent, 'agent');
    const draft = await drafted(sectionId, agent);
    expect(draft.side).toBe('agent');
    // Another enterprise's draft on a section it is no party of: as if the section did not exist.
    for (const stranger of [other, bidder, tenderee]) {
      expect(await call(CLARIFY_PATHS.save, stranger, draftBody(sectionId))).toMatchObject({
        code: 404,
        message: CLARIFY_MESSAGES.sectionNotFound,
      });
      expect(await call(CLARIFY_PATHS.detail, stranger, { id: draft.id })).toMatchObject({ code: 404 });
      expect(
        await call(CLARIFY_PATHS.submit, stranger, { id: draft.id, version: draft.version }),
      ).toMatchObject({ code: 404 });
    }
    expect(await call(CLARIFY_PATHS.save, supervisor, draftBody(sectionId))).toMatchObject({
      code: 403,
      message: CLARIFY_MESSAGES.supervisorReadOnly,
    });
    // The centre and supervisors do not see a draft never submitted.
    expect(await call(CLARIFY_PATHS.detail, centre, { id: draft.id })).toMatchObject({ code: 404 });
    const submitted = await step(CLARIFY_PATHS.submit, agent, draft);
    // The party cannot audit its own; the supervisor reads and cannot audit.
    expect(
      await call(CLARIFY_PATHS.audit, agent, {
        id: draft.id,
        version: submitted.version,
        decision: 'approve',
      }),
    ).toMatchObject({ code: 403, message: CLARIFY_MESSAGES.notAllowed });
    expect(
      await call(CLARIFY_PATHS.audit, supervisor, {
        id: draft.id,
        version: submitted.version,
        decision: 'approve',
      }),
    ).toMatchObject({ code: 403, message: CLARIFY_MESSAGES.supervisorReadOnly });
    const seen = ClarificationEnvelopeSchema.parse(
      await call(CLARIFY_PATHS.detail, supervisor, { id: draft.id }),
    ).data;
    expect(seen).toMatchObject({ side: 'supervisor', actions: [] });
    // Returning needs its reason, under the field.
    expect(
      await call(CLARIFY_PATHS.audit, centre, {
        id: draft.id,
        version: submitted.version,
        decision: 'return',
      }),
    ).toMatchObject({ code: 400, data: { reason: CLARIFY_MESSAGES.reasonRequired } });
    const approved = await step(CLARIFY_PATHS.audit, centre, submitted, { decision: 'approve' });
    // The centre cannot send for the party.
    expect(await call(CLARIFY_PATHS.send, centre, approved)).toMatchObject({ code: 403 });
    expect((await step(CLARIFY_PATHS.send, agent, approved)).state).toBe('sent');
  });

  it('refuses a clarification on a project not yet approved and bad input, writing nothing', async () => {
    const saved = (
      await getApp().inject({
        method: 'POST',
        url: '/ks/xmrc/v1/bd/save',
        headers: tenderee.headers,
        payload: {
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
              openingAt: weekdayAhead(30),
            },
          ],
        },
      })
    ).json() as Answer;
    const draftProject = ProjectEnvelopeSchema.parse(saved).data;
    const before = await getApp().db.select({ n: sql<number>`count(*)::int` }).from(clarifications);
    expect(
      await call(CLARIFY_PATHS.save, tenderee, draftBody(draftProject.sections[0]?.id ?? '')),
    ).toMatchObject({
      code: 400,
      data: { sectionId: CLARIFY_MESSAGES.projectNotApproved },
    });
    const { sectionId } = await approvedSection();
    expect(await call(CLARIFY_PATHS.save, tenderee, { sectionId, title: '', content: '' })).toMatchObject({
      code: 400,
      data: { title: '请填写澄清标题', content: '请填写澄清内容' },
    });
    expect(
      await call(CLARIFY_PATHS.save, tenderee, draftBody(sectionId, { newBidDeadlineAt: ahead(1) })),
    ).toMatchObject({ code: 400, data: { newBidDeadlineAt: CLARIFY_MESSAGES.deadlineNotLater } });
    const after = await getApp().db.select({ n: sql<number>`count(*)::int` }).from(clarifications);
    expect(after).toEqual(before);
  });

  it('revokes before sending back to a draft, deletes a draft only, softly', async () => {
    const { sectionId } = await approvedSection();
    const approved = await approvedClarification(sectionId);
    expect(await call(CLARIFY_PATHS.delete, tenderee, approved)).toMatchObject({
      code: 403,
      message: CLARIFY_MESSAGES.notAllowed,
    });
    const revoked = await step(CLARIFY_PATHS.revoke, tenderee, approved);
    expect(revoked).toMatchObject({ state: 'draft', actions: ['edit', 'submit', 'delete'] });
    expect(await call(CLARIFY_PATHS.delete, tenderee, revoked)).toMatchObject({ code: 200 });
    expect(await call(CLARIFY_PATHS.detail, tenderee, { id: revoked.id })).toMatchObject({ code: 404 });
    const [row] = await getApp().db.select().from(clarifications).where(eq(clarifications.id, revoked.id));
    expect(row?.deletedAt).not.toBeNull();
    // A sent clarification cannot be revoked.
    const sent = await step(CLARIFY_PATHS.send, tenderee, await approvedClarification(sectionId));
    expect(await call(CLARIFY_PATHS.revoke, tenderee, sent)).toMatchObject({ code: 403 });
  });
});

describe('attachments', () => {
  async function upload(actor: TestActor) {
    const form = multipart(
      { gnCoding: 'JYGL_WWYT', systemCoding: 'JYGL' },
      { name: '澄清附件.pdf', content: PDF },
    );
    const uploaded = await getApp().inject({
      method: 'POST',
      url: '/ks/common/common/upload/attachment',
      headers: { ...actor.headers, ...form.headers },
      payload: form.payload,
    });
    return (uploaded.json().data as { fileId: string }).fileId;
  }
  const download = (url: string, actor: TestActor) =>
    getApp().inject({ method: 'GET', url, headers: actor.headers });

  it('attaches the drafter’s uploads, refuses another’s file, and lets the recipients download them', async () => {
    const { sectionId } = await approvedSection();
    const fileId = await upload(tenderee);
    const foreign = await upload(other);
    const refused = await call(
      CLARIFY_PATHS.save,
      tenderee,
      draftBody(sectionId, { fileIds: [fileId, foreign] }),
    );
    expect(refused).toMatchObject({ code: 400, data: { 'fileIds.1': CLARIFY_MESSAGES.fileNotFound } });
    const saved = await call(CLARIFY_PATHS.save, tenderee, draftBody(sectionId, { fileIds: [fileId] }));
    const draft = ClarificationEnvelopeSchema.parse(saved).data;
    expect(draft.files.map((file) => file.fileName)).toEqual(['澄清附件.pdf']);
    const url = draft.files[0]?.url ?? '';
    // The agent-less project: the other enterprise may not read a draft's attachment.
    expect((await download(url, other)).json()).toMatchObject({
      code: 404,
      message: CLARIFY_MESSAGES.fileNotFound,
    });
    expect((await download(url, tenderee)).statusCode).toBe(200);
    // Kept when edited with the same list (already attached, though not re-uploaded).
    const edited = await step(CLARIFY_PATHS.save, tenderee, draft, {
      ...draftBody(sectionId),
      fileIds: [fileId],
    });
    expect(edited.files).toHaveLength(1);
    const submitted = await step(CLARIFY_PATHS.submit, tenderee, edited);
    const approved = await step(CLARIFY_PATHS.audit, centre, submitted, { decision: 'approve' });
    const sent = await step(CLARIFY_PATHS.send, tenderee, approved);
    expect((await download(url, centre)).statusCode).toBe(200);
    expect((await download(url, bidder)).json()).toMatchObject({ code: 404 });
    await runDelivery(sent.id);
    const received = ReceivedClarificationListEnvelopeSchema.parse(
      await call(CLARIFY_PATHS.received, bidder),
    ).data;
    const mine = received.find((row) => row.clarificationId === sent.id);
    expect(mine?.files.map((file) => file.url)).toEqual([url]);
    const got = await download(url, bidder);
    expect(got.statusCode).toBe(200);
    expect(got.rawPayload.equals(PDF)).toBe(true);
    expect(got.headers['content-disposition']).toContain(encodeURIComponent('澄清附件.pdf'));
    // A file not attached to this clarification is refused even to its recipients.
    expect((await download(url.replace(fileId, foreign), bidder)).json()).toMatchObject({ code: 404 });
    expect((await download(url, other)).json()).toMatchObject({ code: 404 });
  });
});

describe('confidentiality of deliveries', () => {
  it('shows a bidder only its own deliveries, never the receipt table, and refuses another bidder’s receipt', async () => {
    const { sectionId } = await approvedSection();
    const sent = await step(CLARIFY_PATHS.send, tenderee, await approvedClarification(sectionId));
    await runDelivery(sent.id);
    const mine = ReceivedClarificationListEnvelopeSchema.parse(
      await call(CLARIFY_PATHS.received, bidder),
    ).data;
    const theirs = ReceivedClarificationListEnvelopeSchema.parse(
      await call(CLARIFY_PATHS.received, bidder2),
    ).data;
    const myRow = mine.find((row) => row.clarificationId === sent.id);
    const theirRow = theirs.find((row) => row.clarificationId === sent.id);
    expect(myRow?.id).toBeDefined();
    expect(theirRow?.id).toBeDefined();
    expect(mine.map((row) => row.id)).not.toContain(theirRow?.id);
    expect(await call(CLARIFY_PATHS.receipt, bidder, { id: theirRow?.id })).toMatchObject({
      code: 404,
      message: CLARIFY_MESSAGES.deliveryNotFound,
    });
    expect((await deliveryRows(sent.id)).every((row) => row.receivedAt === null)).toBe(true);
    // The clarification itself (with its receipt table) is hidden from bidders and other enterprises.
    for (const outsider of [bidder, other]) {
      expect(await call(CLARIFY_PATHS.detail, outsider, { id: sent.id })).toMatchObject({ code: 404 });
      const list = ClarificationListEnvelopeSchema.parse(await call(CLARIFY_PATHS.list, outsider)).data;
      expect(list.records.map((row) => row.id)).not.toContain(sent.id);
    }
    expect(
      ReceivedClarificationListEnvelopeSchema.parse(await call(CLARIFY_PATHS.received, other)).data,
    ).toEqual([]);
  });
});

describe('objections (异议)', () => {
  it('are raised by a bidder, pause the section until the party answers, and stay confidential', async () => {
    const { sectionId } = await approvedSection();
    const offered = ClarifySectionListEnvelopeSchema.parse(
      await call(CLARIFY_PATHS.objectionSections, bidder),
    ).data;
    expect(offered.map((section) => section.id)).toContain(sectionId);
    const own = ClarifySectionListEnvelopeSchema.parse(
      await call(CLARIFY_PATHS.objectionSections, tenderee),
    ).data;
    expect(own.map((section) => section.id)).not.toContain(sectionId);

    expect(await isPaused(getApp().db, sectionId)).toBe(false);
    const raised = await call(CLARIFY_PATHS.raise, bidder, { sectionId, content: '资格要求不明确' });
    expect(raised.code, JSON.stringify(raised)).toBe(200);
    const objection = ObjectionEnvelopeSchema.parse(raised).data;
    expect(objection).toMatchObject({ state: 'open', side: 'bidder', actions: [] });
    expect(await isPaused(getApp().db, sectionId)).toBe(true);
    await call(CLARIFY_PATHS.raise, bidder2, { sectionId, content: '工期不合理' });

    // The party of the project may not object to its own documents; a supervisor neither.
    expect(await call(CLARIFY_PATHS.raise, tenderee, { sectionId, content: '异议' })).toMatchObject({
      code: 403,
      message: CLARIFY_MESSAGES.objectionBiddersOnly,
    });
    expect(await call(CLARIFY_PATHS.raise, supervisor, { sectionId, content: '异议' })).toMatchObject({
      code: 403,
    });
    expect(await call(CLARIFY_PATHS.raise, bidder, { sectionId, content: '' })).toMatchObject({
      code: 400,
      data: { content: '请填写异议内容' },
    });

    // A bidder sees only its own objections.
    const mine = ObjectionListEnvelopeSchema.parse(await call(CLARIFY_PATHS.objections, bidder)).data;
    expect(mine.records.filter((row) => row.sectionId === sectionId).map((row) => row.content)).toEqual([
      '资格要求不明确',
    ]);
    const outsider = ObjectionListEnvelopeSchema.parse(await call(CLARIFY_PATHS.objections, other)).data;
    expect(outsider.records.filter((row) => row.sectionId === sectionId)).toEqual([]);
    // Another bidder cannot answer nor see it; the centre and the supervisor see all and cannot answer.
    expect(
      await call(CLARIFY_PATHS.answer, bidder2, {
        id: objection.id,
        version: objection.version,
        answer: '答',
      }),
    ).toMatchObject({ code: 404 });
    expect(
      await call(CLARIFY_PATHS.answer, centre, {
        id: objection.id,
        version: objection.version,
        answer: '答',
      }),
    ).toMatchObject({ code: 403, message: CLARIFY_MESSAGES.objectionPartiesOnly });
    expect(
      await call(CLARIFY_PATHS.answer, supervisor, {
        id: objection.id,
        version: objection.version,
        answer: '答',
      }),
    ).toMatchObject({ code: 403, message: CLARIFY_MESSAGES.supervisorReadOnly });
    const party = ObjectionListEnvelopeSchema.parse(await call(CLARIFY_PATHS.objections, tenderee)).data;
    const onSection = party.records.filter((row) => row.sectionId === sectionId);
    expect(onSection).toHaveLength(2);
    expect(onSection.every((row) => row.side === 'tenderee' && row.actions.includes('answer'))).toBe(true);

    for (const row of onSection) {
      const answered = await call(CLARIFY_PATHS.answer, tenderee, {
        id: row.id,
        version: row.version,
        answer: '已明确',
      });
      expect(ObjectionEnvelopeSchema.parse(answered).data).toMatchObject({ state: 'answered', actions: [] });
    }
    expect(await isPaused(getApp().db, sectionId)).toBe(false);
    // Answered once: a second answer is refused.
    expect(
      await call(CLARIFY_PATHS.answer, tenderee, {
        id: objection.id,
        version: objection.version,
        answer: '再答',
      }),
    ).toMatchObject({ code: 409 });
  });

  it('does not stop a clarification being sent while an objection is open (the clarification answers it)', async () => {
    const { sectionId } = await approvedSection();
    await call(CLARIFY_PATHS.raise, bidder, { sectionId, content: '清单有误' });
    expect(await isPaused(getApp().db, sectionId)).toBe(true);
    const sent = await step(CLARIFY_PATHS.send, tenderee, await approvedClarification(sectionId));
    expect(sent.state).toBe('sent');
  });
});

describe('the demo', () => {
  it('sends one clarification received by the demo enterprise, keeps a draft and an answered objection', async () => {
    const app = getApp();
    const sessionOf = async (actor: TestActor): Promise<SessionUser> => {
      const [row] = await app.db.select().from(users).where(eq(users.id, actor.id));
      if (!row) throw new Error('no user');
      return { ...row, sessionId: 'demo' };
    };
    const actors = {
      admin: await sessionOf(centre),
      enterprise: await sessionOf(bidder),
    } as DemoSeed['actors'];
    const seed = { db: app.db, actors, ip: '127.0.0.1' } as DemoSeed;
    // The trading demo's tenderee (account `tenderee`) with its approved project.
    const demoTenderee = await createActor(app, 'U');
    await app.db.update(users).set({ account: 'tenderee' }).where(eq(users.id, demoTenderee.id));
    await approvedSection(demoTenderee);
    // The tender-files port, once wired, answers the demo enterprise's download of the section.
    const demoDownloads: DownloadersOf = async () => [
      { userId: asUserId(bidder.id), enterpriseName: '演示投标企业', downloadedAt: new Date() },
    ];
    await seedDemoClarifications(seed, new ClarificationService(app.db, demoDownloads, async () => {}));
    const demo = (await app.db.select().from(clarifications)).filter((row) => row.title.includes('（演示'));
    expect(demo.map((row) => row.state).sort()).toEqual(['draft', 'sent']);
    const received = ReceivedClarificationListEnvelopeSchema.parse(
      await call(CLARIFY_PATHS.received, bidder),
    ).data;
    const demoReceived = received.filter((row) => row.title.includes('（演示'));
    expect(demoReceived).toHaveLength(1);
    expect(demoReceived[0]?.receivedAt).not.toBeNull();
    const objections = ObjectionListEnvelopeSchema.parse(await call(CLARIFY_PATHS.objections, bidder)).data;
    expect(
      objections.records.filter((row) => row.state === 'answered' && row.content.includes('同类工程')),
    ).toHaveLength(1);
  });
});
