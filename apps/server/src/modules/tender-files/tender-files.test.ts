import {
  ClarificationEnvelopeSchema,
  DownloadRecordsEnvelopeSchema,
  DownloadStatusEnvelopeSchema,
  TENDER_FILE_MESSAGES as M,
  OnSaleListEnvelopeSchema,
  type Project,
  ProjectEnvelopeSchema,
  ReceivedClarificationListEnvelopeSchema,
  SectionDocumentsEnvelopeSchema,
  SignUpQuantityEnvelopeSchema,
  TenderDocumentEnvelopeSchema,
} from '@ks/contract';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { multipart, PDF } from '../../../test/file-fixtures.ts';
import { createActor, type TestActor, unique, useTestApp } from '../../../test/helper.ts';
import type { DemoSeed } from '../../engine/demo.ts';
import { rowsOf } from '../../engine/node-tables.ts';
import { FileService } from '../../platform/file-store.ts';
import { LocalDiskStorage } from '../../platform/storage.ts';
import { moveSectionDatesForDemo, toChinaTime } from '../trading/public.ts';
import { seedDemoTenderFiles } from './demo.ts';
import { downloadersOf, signedUpBidders } from './public.ts';
import * as repo from './repository.ts';

const getApp = useTestApp();

type Headers = Record<string, string>;
const DAY = 24 * 60 * 60 * 1000;
const ahead = (days: number, hour = 9) =>
  `${toChinaTime(new Date(Date.now() + days * DAY)).slice(0, 10)} ${String(hour).padStart(2, '0')}:00`;
const weekdayAhead = (days: number) => {
  let offset = days;
  while ([0, 6].includes(new Date(`${ahead(offset).slice(0, 10)}T00:00:00Z`).getUTCDay())) offset += 1;
  return ahead(offset);
};

let centre: TestActor;
let supervisor: TestActor;
let tenderee: TestActor;
let agent: TestActor;
let bidderA: TestActor;
let bidderB: TestActor;
let personnel: TestActor;

async function call(method: 'GET' | 'POST', url: string, headers: Headers, payload?: object) {
  const response = await getApp().inject({ method, url, headers, ...(payload ? { payload } : {}) });
  return {
    status: response.statusCode,
    body: response.json() as { code: number; data: unknown; message: string },
  };
}
const post = (url: string, who: TestActor, payload: object) => call('POST', url, who.headers, payload);

/** A project entered by `by` (its tenderee or agent), approved by the centre unless asked not to. */
async function approvedSection(by: TestActor = tenderee, approve = true) {
  const entered = await post('/ks/xmrc/v1/bd/save', by, {
    name: unique('招标项目'),
    capacity: by === agent ? 'agent' : 'tenderee',
    tendereeName: by === agent ? '某某建设局' : '',
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
  expect(entered.body.code, JSON.stringify(entered.body)).toBe(200);
  let project: Project = ProjectEnvelopeSchema.parse(entered.body).data;
  if (approve) {
    const submitted = await post('/ks/trade/submit', by, { id: project.id, version: project.version });
    project = ProjectEnvelopeSchema.parse(submitted.body).data;
    const approved = await post('/ks/trade/review', centre, {
      id: project.id,
      version: project.version,
      decision: 'approve',
      reason: '',
    });
    expect(approved.body.code, JSON.stringify(approved.body)).toBe(200);
  }
  return project.sections[0]?.id ?? '';
}

type Phase = 'beforeSale' | 'onSale' | 'saleEnded' | 'pastDeadline';
/** Test fixtures: moves the section's dates around the server's clock (the entry form refuses the past). */
async function setPhase(sectionId: string, phase: Phase) {
  const at = (days: number) => new Date(Date.now() + days * DAY);
  const plans: Record<Phase, number[]> = {
    beforeSale: [1, 2, 8, 30],
    onSale: [-3, -2, 3, 25],
    saleEnded: [-10, -9, -1, 10],
    pastDeadline: [-40, -39, -30, -1],
  };
  const [notice, start, end, deadline] = plans[phase].map(at) as [Date, Date, Date, Date];
  await moveSectionDatesForDemo(getApp().db, sectionId, {
    noticeAt: notice,
    saleStartAt: start,
    saleEndAt: end,
    bidDeadlineAt: deadline,
    openingAt: deadline,
  });
}

async function upload(actor: TestActor) {
  const form = multipart(
    { gnCoding: 'JYGL_WWYT', systemCoding: 'JYGL' },
    { name: '招标文件.pdf', content: PDF },
  );
  const uploaded = await getApp().inject({
    method: 'POST',
    url: '/ks/common/common/upload/attachment',
    headers: { ...actor.headers, ...form.headers },
    payload: form.payload,
  });
  return (uploaded.json().data as { fileId: string }).fileId;
}

async function saveDocument(by: TestActor, sectionId: string, kind: 'tender' | 'prequal' = 'tender') {
  const saved = await post('/ks/trade/file/save', by, { sectionId, kind, fileId: await upload(by) });
  expect(saved.body.code, JSON.stringify(saved.body)).toBe(200);
  return TenderDocumentEnvelopeSchema.parse(saved.body).data;
}

const signUp = (who: TestActor, sectionId: string, contactName = '李四') =>
  post('/ks/trade/sign-up', who, { sectionId, contactName, contactPhone: '13912345678' });
const download = (who: TestActor, documentId: string) =>
  getApp().inject({ method: 'GET', url: `/ks/trade/file/download/${documentId}`, headers: who.headers });
const documents = async (who: TestActor, sectionId: string, kind?: 'tender' | 'prequal') => {
  const answer = await post('/ks/trade/file/files', who, { sectionId, ...(kind ? { kind } : {}) });
  expect(answer.body.code, JSON.stringify(answer.body)).toBe(200);
  return SectionDocumentsEnvelopeSchema.parse(answer.body).data;
};

beforeAll(async () => {
  const app = getApp();
  [centre, supervisor, tenderee, agent, bidderA, bidderB, personnel] = await Promise.all([
    createActor(app, 'M'),
    createActor(app, 'M', { roles: ['supervisor'] }),
    createActor(app, 'U'),
    createActor(app, 'U'),
    createActor(app, 'U'),
    createActor(app, 'U'),
    createActor(app, 'P'),
  ]);
});

describe('tender documents (save, files, delete)', () => {
  it('lets the tenderee upload before the sale, delete before it starts, and shows bidders nothing before the sale', async () => {
    const sectionId = await approvedSection();
    const document = await saveDocument(tenderee, sectionId, 'prequal');
    expect(document).toMatchObject({
      kind: 'prequal',
      fileName: '招标文件.pdf',
      actions: ['download', 'delete'],
    });

    const mine = await documents(tenderee, sectionId);
    expect(mine.side).toBe('tenderee');
    expect(mine.actions).toEqual(['upload']);
    expect(mine.documents.map((d) => d.id)).toEqual([document.id]);
    // The kind filter (the five-in-one zswj tab shows prequalification documents only).
    expect((await documents(tenderee, sectionId, 'tender')).documents).toEqual([]);

    const early = await documents(bidderA, sectionId);
    expect(early).toMatchObject({
      side: 'bidder',
      documents: [],
      signedUp: false,
      actions: ['records', 'downloadStatus'],
    });
    expect(early.notice).toContain('发售开始后可报名');
    expect((await download(bidderA, document.id)).statusCode).toBe(404);

    // Stale version, then the party's delete; the deleted document is gone for everyone.
    expect((await post('/ks/trade/file/delete', tenderee, { id: document.id, version: 9 })).body.code).toBe(
      409,
    );
    expect(
      (await post('/ks/trade/file/delete', bidderA, { id: document.id, version: 1 })).body,
    ).toMatchObject({
      code: 403,
      message: M.partiesOnly,
    });
    expect(
      (await post('/ks/trade/file/delete', supervisor, { id: document.id, version: 1 })).body,
    ).toMatchObject({
      code: 403,
      message: M.supervisorReadOnly,
    });
    expect((await post('/ks/trade/file/delete', tenderee, { id: document.id, version: 1 })).body.code).toBe(
      200,
    );
    expect((await documents(centre, sectionId)).documents).toEqual([]);
    expect((await post('/ks/trade/file/delete', tenderee, { id: document.id, version: 2 })).body.code).toBe(
      404,
    );
  });

  it('refuses uploads on an unapproved project, after the sale, by non-parties, of others’ files, twice, or too large', async () => {
    const draft = await approvedSection(tenderee, false);
    const fileId = await upload(tenderee);
    expect(
      (await post('/ks/trade/file/save', tenderee, { sectionId: draft, kind: 'tender', fileId })).body,
    ).toMatchObject({
      code: 400,
      message: M.notApproved,
    });
    // A bidder does not learn that a section of an unapproved project exists.
    expect((await post('/ks/trade/file/files', bidderA, { sectionId: draft })).body).toMatchObject({
      code: 404,
      message: M.sectionNotFound,
    });

    const sectionId = await approvedSection();
    expect(
      (await post('/ks/trade/file/save', agent, { sectionId, kind: 'tender', fileId: await upload(agent) }))
        .body,
    ).toMatchObject({
      code: 403,
      message: M.partiesOnly,
    });
    expect(
      (
        await post('/ks/trade/file/save', tenderee, {
          sectionId,
          kind: 'tender',
          fileId: await upload(bidderA),
        })
      ).body,
    ).toMatchObject({
      code: 400,
      data: { fileId: M.fileNotFound },
    });
    expect(
      (await post('/ks/trade/file/save', tenderee, { sectionId, kind: 'x', fileId })).body,
    ).toMatchObject({
      code: 400,
      data: { kind: '请选择文件类型' },
    });
    expect(
      (await post('/ks/trade/file/save', tenderee, { sectionId, kind: 'tender', fileId })).body.code,
    ).toBe(200);
    expect(
      (await post('/ks/trade/file/save', tenderee, { sectionId, kind: 'tender', fileId })).body,
    ).toMatchObject({
      code: 400,
      data: { fileId: M.duplicate },
    });

    // A stored file above the platform's file limit (FILES_MAX_FILE_MB, default 2048 MB).
    const [huge] = rowsOf<{ id: string }>(
      await getApp().db.execute(
        sql`insert into stored_files (storage_key, file_name, mime_type, size, md5, owner_user_id, visibility)
            values ('nowhere', '巨大.pdf', 'application/pdf', ${3 * 1024 * 1024 * 1024}, 'x', ${tenderee.id}, 'owner') returning id`,
      ),
    );
    expect(
      (await post('/ks/trade/file/save', tenderee, { sectionId, kind: 'tender', fileId: huge?.id })).body,
    ).toMatchObject({
      code: 400,
      message: '文件大小不能超过【2048MB】!',
    });

    await setPhase(sectionId, 'onSale');
    const onSale = await saveDocument(tenderee, sectionId);
    expect(onSale.actions).toEqual(['download']);
    expect(
      (await post('/ks/trade/file/delete', tenderee, { id: onSale.id, version: onSale.version })).body.code,
    ).toBe(400);
    await setPhase(sectionId, 'saleEnded');
    expect(
      (
        await post('/ks/trade/file/save', tenderee, {
          sectionId,
          kind: 'tender',
          fileId: await upload(tenderee),
        })
      ).body.message,
    ).toMatch(/^文件发售期已于.+结束，不能再上传文件$/);
  });

  it('refuses personnel every call by route access', async () => {
    const sectionId = await approvedSection();
    expect((await post('/ks/trade/file/files', personnel, { sectionId })).body.code).toBe(403);
    expect(
      (
        await post('/ks/trade/sign-up', personnel, {
          sectionId,
          contactName: '王',
          contactPhone: '13912345678',
        })
      ).body.code,
    ).toBe(403);
    expect((await post('/ks/trade/registrations/quantity', personnel, { sectionId })).body.code).toBe(403);
  });
});

describe('sign-up (报名)', () => {
  it('signs a bidder up once, only while on sale, never a party, with clear messages', async () => {
    const sectionId = await approvedSection();
    const before = await signUp(bidderA, sectionId);
    expect(before.body).toMatchObject({ code: 400 });
    expect(before.body.message).toMatch(/^不在文件发售期内（.+ 至 .+），不能报名$/);

    await setPhase(sectionId, 'onSale');
    expect(
      (await post('/ks/trade/sign-up', bidderA, { sectionId, contactName: '', contactPhone: '123' })).body,
    ).toMatchObject({
      code: 400,
      data: { contactName: M.contactNameRequired, contactPhone: M.contactPhoneInvalid },
    });
    expect((await signUp(bidderA, sectionId)).body).toMatchObject({
      code: 200,
      data: { contactName: '李四' },
    });
    expect((await signUp(bidderA, sectionId)).body).toMatchObject({ code: 400, message: M.alreadySignedUp });
    expect((await signUp(tenderee, sectionId)).body).toMatchObject({
      code: 403,
      message: M.partyCannotSignUp,
    });
    expect((await signUp(centre, sectionId)).body).toMatchObject({ code: 403, message: M.biddersOnly });

    // Two at once: one row.
    const both = await Promise.all([signUp(bidderB, sectionId), signUp(bidderB, sectionId)]);
    expect(both.map((answer) => answer.body.code).sort()).toEqual([200, 400]);
    const count = await post('/ks/trade/registrations/quantity', centre, { sectionId });
    expect(SignUpQuantityEnvelopeSchema.parse(count.body).data.count).toBe(2);

    await setPhase(sectionId, 'saleEnded');
    expect((await signUp(createdLate, sectionId)).body.message).toMatch(/^不在文件发售期内/);
  });
});

let createdLate: TestActor;
beforeAll(async () => {
  createdLate = await createActor(getApp(), 'U');
});

describe('downloads and confidentiality', () => {
  it('streams to signed-up bidders during the sale and records each download; others are told why', async () => {
    const sectionId = await approvedSection();
    const document = await saveDocument(tenderee, sectionId);
    await setPhase(sectionId, 'onSale');

    const unsigned = await documents(bidderA, sectionId);
    expect(unsigned).toMatchObject({
      signedUp: false,
      notice: '报名后可下载文件',
      actions: ['signUp', 'records', 'downloadStatus'],
    });
    expect(unsigned.documents[0]?.actions).toEqual([]);
    const refused = await download(bidderA, document.id);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe(M.signUpFirst);

    await signUp(bidderA, sectionId, '甲联系人');
    const signed = await documents(bidderA, sectionId);
    expect(signed).toMatchObject({ signedUp: true, notice: null, actions: ['records', 'downloadStatus'] });
    expect(signed.documents[0]?.actions).toEqual(['download']);
    const served = await download(bidderA, document.id);
    expect(served.statusCode).toBe(200);
    expect(served.rawPayload.equals(PDF)).toBe(true);
    expect(served.headers['content-disposition']).toContain(encodeURIComponent('招标文件.pdf'));
    await download(bidderA, document.id);

    // Parties and the centre download without a record of their own in the bidders' table.
    expect((await download(tenderee, document.id)).statusCode).toBe(200);
    expect((await download(centre, document.id)).statusCode).toBe(200);
    expect((await download(personnel, document.id)).statusCode).toBe(403);

    const status = await post('/ks/trade/file/download-status', bidderA, { sectionId });
    expect(DownloadStatusEnvelopeSchema.parse(status.body).data).toMatchObject({
      signedUp: true,
      documents: [{ documentId: document.id, downloaded: true }],
    });
    const statusB = await post('/ks/trade/file/download-status', bidderB, { sectionId });
    expect(DownloadStatusEnvelopeSchema.parse(statusB.body).data).toMatchObject({
      signedUp: false,
      documents: [{ documentId: document.id, downloaded: false, firstDownloadedAt: null }],
    });
    expect((await post('/ks/trade/file/download-status', tenderee, { sectionId })).body).toMatchObject({
      code: 403,
      message: M.statusBiddersOnly,
    });

    const recorded = DownloadRecordsEnvelopeSchema.parse(
      (await post('/ks/trade/file/records', centre, { sectionId })).body,
    ).data;
    expect(recorded.downloads).toHaveLength(2);
    expect(recorded.signUps.map((row) => row.contactName)).toEqual(['甲联系人']);

    const downloaders = await downloadersOf(getApp().db, sectionId);
    expect(downloaders.map((row) => row.userId)).toEqual([bidderA.id]);

    // After the sale a signed-up bidder is refused, naming the sale.
    await setPhase(sectionId, 'saleEnded');
    const late = await download(bidderA, document.id);
    expect(late.statusCode).toBe(403);
    expect(late.json().message).toMatch(/^只能在文件发售期内（.+）下载文件$/);
  });

  it('keeps each bidder to its own rows, the parties to nothing before the deadline, and the centre to all', async () => {
    const sectionId = await approvedSection();
    const agentSection = await approvedSection(agent);
    const document = await saveDocument(tenderee, sectionId);
    await setPhase(sectionId, 'onSale');
    await setPhase(agentSection, 'onSale');
    await signUp(bidderA, sectionId, '甲联系人');
    await signUp(bidderB, sectionId, '乙联系人');
    await signUp(bidderA, agentSection, '甲联系人');
    await download(bidderA, document.id);
    await download(bidderB, document.id);
    await download(bidderB, document.id);

    const recordsOf = async (who: TestActor, id = sectionId) =>
      post('/ks/trade/file/records', who, { sectionId: id });
    const quantityOf = async (who: TestActor, id = sectionId) =>
      post('/ks/trade/registrations/quantity', who, { sectionId: id });

    // Bidder A sees its own sign-up and download only; B likewise.
    const a = DownloadRecordsEnvelopeSchema.parse((await recordsOf(bidderA)).body).data;
    expect(a.signUps.map((row) => row.contactName)).toEqual(['甲联系人']);
    expect(a.downloads).toHaveLength(1);
    const b = DownloadRecordsEnvelopeSchema.parse((await recordsOf(bidderB)).body).data;
    expect(b.signUps.map((row) => row.contactName)).toEqual(['乙联系人']);
    expect(b.downloads).toHaveLength(2);
    expect((await quantityOf(bidderA)).body).toMatchObject({ code: 403, message: M.biddersNoCount });

    // Before the deadline: the tenderee and the agent are refused, the message naming the deadline.
    for (const [who, id] of [
      [tenderee, sectionId],
      [agent, agentSection],
    ] as const) {
      const records = await recordsOf(who, id);
      expect(records.body.code).toBe(403);
      expect(records.body.message).toMatch(
        /^投标截止时间（\d{4}-\d{2}-\d{2} \d{2}:\d{2}）前不能查看报名和下载情况$/,
      );
      expect((await quantityOf(who, id)).body.message).toBe(records.body.message);
      expect((await documents(who, id)).actions).not.toContain('quantity');
    }
    // The agent is no party of the tenderee's project: a bidder there, its own rows only (none).
    expect(DownloadRecordsEnvelopeSchema.parse((await recordsOf(agent)).body).data).toMatchObject({
      signUps: [],
      downloads: [],
    });

    // Centre and supervisor: everything, always.
    for (const who of [centre, supervisor]) {
      const all = DownloadRecordsEnvelopeSchema.parse((await recordsOf(who)).body).data;
      expect(all.signUps.map((row) => row.contactName).sort()).toEqual(['乙联系人', '甲联系人']);
      expect(all.downloads).toHaveLength(3);
      expect(SignUpQuantityEnvelopeSchema.parse((await quantityOf(who)).body).data.count).toBe(2);
    }
    expect((await documents(centre, sectionId)).actions).toEqual(['records', 'quantity']);

    // The SQL itself keeps the parties out before the deadline, whatever a service would ask.
    const early = { now: new Date(), bidDeadlineAt: new Date(Date.now() + DAY) };
    for (const side of ['tenderee', 'agent', 'none'] as const) {
      const viewer = { side, userId: tenderee.id, ...early };
      expect(await repo.signUpsVisibleTo(getApp().db, sectionId, viewer)).toEqual([]);
      expect(await repo.downloadsVisibleTo(getApp().db, sectionId, viewer)).toEqual([]);
      expect(await repo.countSignUpsVisibleTo(getApp().db, sectionId, viewer)).toBe(0);
    }
    const asBidderB = { side: 'bidder' as const, userId: bidderB.id, ...early };
    expect(
      (await repo.signUpsVisibleTo(getApp().db, sectionId, asBidderB)).map((row) => row.bidderId),
    ).toEqual([bidderB.id]);

    // After the deadline the parties read the count and the records.
    await setPhase(sectionId, 'pastDeadline');
    await setPhase(agentSection, 'pastDeadline');
    expect(SignUpQuantityEnvelopeSchema.parse((await quantityOf(tenderee)).body).data.count).toBe(2);
    expect(SignUpQuantityEnvelopeSchema.parse((await quantityOf(agent, agentSection)).body).data.count).toBe(
      1,
    );
    const late = DownloadRecordsEnvelopeSchema.parse((await recordsOf(tenderee)).body).data;
    expect(late.signUps).toHaveLength(2);
    expect(late.downloads).toHaveLength(3);
    expect((await documents(tenderee, sectionId)).actions).toEqual(['records', 'quantity']);
    // Bidders still never count, and still see only their own.
    expect((await quantityOf(bidderB)).body.code).toBe(403);
    expect(DownloadRecordsEnvelopeSchema.parse((await recordsOf(bidderA)).body).data.downloads).toHaveLength(
      1,
    );

    const bidders = await signedUpBidders(getApp().db, sectionId);
    expect(bidders.map((row) => row.userId).sort()).toEqual([bidderA.id, bidderB.id].sort());
    const downloaders = await downloadersOf(getApp().db, sectionId);
    expect(downloaders.map((row) => row.userId)).toEqual([bidderA.id, bidderB.id]);
  });

  it('lists the sections on sale now, with each caller’s buttons', async () => {
    const sectionId = await approvedSection();
    const notYet = await approvedSection();
    await setPhase(sectionId, 'onSale');
    const list = async (who: TestActor) =>
      OnSaleListEnvelopeSchema.parse((await post('/ks/trade/file/on-sale', who, {})).body).data;
    const forA = await list(createdLate);
    const row = forA.find((item) => item.sectionId === sectionId);
    expect(row).toMatchObject({
      side: 'bidder',
      signedUp: false,
      actions: ['signUp', 'records', 'downloadStatus'],
    });
    expect(forA.some((item) => item.sectionId === notYet)).toBe(false);
    await signUp(createdLate, sectionId);
    expect((await list(createdLate)).find((item) => item.sectionId === sectionId)?.actions).toEqual([
      'records',
      'downloadStatus',
    ]);
    expect((await list(tenderee)).find((item) => item.sectionId === sectionId)).toMatchObject({
      side: 'tenderee',
      signedUp: null,
      actions: ['upload'],
    });
  });
});

describe('a download after a clarification was sent (modules/index.ts wiring)', () => {
  it('delivers the sent clarifications to a bidder who downloads later, once', async () => {
    const sectionId = await approvedSection();
    await setPhase(sectionId, 'onSale');
    const document = await saveDocument(tenderee, sectionId);
    const step = async (path: string, who: TestActor, body: object) => {
      const answer = await post(`/ks/clarify/file/${path}`, who, body);
      expect(answer.body.code, JSON.stringify(answer.body)).toBe(200);
      return ClarificationEnvelopeSchema.parse(answer.body).data;
    };
    const title = unique('澄清');
    const saved = await step('save', tenderee, {
      sectionId,
      title,
      content: '第五章工程量清单第12项更正。',
      newBidDeadlineAt: '',
      fileIds: [],
    });
    const submitted = await step('submit', tenderee, { id: saved.id, version: saved.version });
    const approved = await step('audit', centre, {
      id: submitted.id,
      version: submitted.version,
      decision: 'approve',
      reason: '',
    });
    await step('send', tenderee, { id: approved.id, version: approved.version });
    const received = async (who: TestActor) => {
      const answer = await post('/ks/clarify/file/received', who, {});
      return ReceivedClarificationListEnvelopeSchema.parse(answer.body).data.filter(
        (row) => row.title === title,
      );
    };
    // Sent before anyone downloaded: nobody has it yet.
    expect(await received(bidderB)).toEqual([]);

    expect((await signUp(bidderB, sectionId)).body.code).toBe(200);
    expect((await download(bidderB, document.id)).statusCode).toBe(200);
    expect((await download(bidderB, document.id)).statusCode).toBe(200);
    expect(await received(bidderB)).toHaveLength(1);
    // Another bidder, who did not download, has nothing.
    expect(await received(bidderA)).toEqual([]);
  });
});

describe('demo', () => {
  it('puts the approved demo section on sale with two sign-ups and a download, through the service', async () => {
    const app = getApp();
    const sectionId = await approvedSection();
    // The demo picks the approved demo project by name: rename this test's project to it.
    await app.db.execute(
      sql`update trading_projects set name = ${unique('滨江路道路提升工程（演示）')} where id = (select project_id from trading_sections where id = ${sectionId})`,
    );
    // The demo acts as the trading demo's tenderee and the market demo's Hangzhou enterprise.
    await app.db.execute(sql`update users set account = 'tenderee' where id = ${tenderee.id}`);
    await app.db.execute(sql`update users set account = 'demo-hz-supervision' where id = ${bidderB.id}`);
    const [user] = rowsOf<{ user_code: string; user_name: string; enterprise_id: string }>(
      await app.db.execute(
        sql`select user_code, user_name, enterprise_id from users where id = ${bidderA.id}`,
      ),
    );
    await seedDemoTenderFiles({
      db: app.db,
      files: new FileService(app.db, new LocalDiskStorage(getApp.filesDir())),
      actors: {
        enterprise: {
          id: bidderA.id,
          userCode: user?.user_code ?? '',
          userName: user?.user_name ?? '',
          loginRoleType: 'U',
          enterpriseId: user?.enterprise_id ?? null,
          sessionId: 'seed',
        },
      },
      ip: '127.0.0.1',
    } as unknown as DemoSeed);
    expect((await signedUpBidders(app.db, sectionId)).map((row) => row.userId).sort()).toEqual(
      [bidderA.id, bidderB.id].sort(),
    );
    expect((await downloadersOf(app.db, sectionId)).map((row) => row.userId)).toEqual([bidderA.id]);
    expect((await documents(bidderA, sectionId)).onSale).toBe(true);
  });
});
