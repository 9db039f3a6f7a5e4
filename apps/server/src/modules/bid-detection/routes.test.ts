import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  BID_FILE_SLOT,
  BID_MESSAGES,
  COST_FILE_SLOT,
  MARKET_ANNEX,
  MARKET_NODE_OF,
  MARKET_SYSTEM_CODING,
  type SaveBidRequirementsBody,
} from '@ks/contract';
import { eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { SAMPLE_CHAPTERS, sampleBid, scannedPdf, textPdf } from '../../../test/bid-pdf-fixtures.ts';
import { insertParsedFile, insertProject } from '../../../test/cost-file-fixtures.ts';
import { multipart, PDF } from '../../../test/file-fixtures.ts';
import { createUser, loginAs, type TestUser, useTestApp } from '../../../test/helper.ts';
import { bidDocuments, bidPages, bidPublicity } from '../../db/schema/bid-detection.ts';
import { storedFiles } from '../../db/schema/files.ts';
import { enterprises, users } from '../../db/schema/identity.ts';
import { rowsOf } from '../../engine/node-tables.ts';
import { ensureProvidedSystems } from '../../provided-systems.ts';
import * as costFiles from '../file-analysis/public.ts';
import { DETECT_RETRIES } from './job.ts';
import { BID_DETECT_JOB } from './service.ts';

const getApp = useTestApp();
type Headers = Record<string, string>;
type Actor = TestUser & { headers: Headers; enterpriseName: string };

let admin: Actor;
let bidderA: Actor;
let bidderB: Actor;
let outsider: Actor;
let personnel: Actor;
let developer: Actor;

async function actor(role: TestUser['loginRoleType']): Promise<Actor> {
  const user = await createUser(getApp(), role);
  const [row] = await getApp()
    .db.select({ name: enterprises.name })
    .from(users)
    .leftJoin(enterprises, eq(enterprises.id, users.enterpriseId))
    .where(eq(users.id, user.id));
  return { ...user, headers: (await loginAs(getApp(), user)).headers, enterpriseName: row?.name ?? '' };
}

beforeAll(async () => {
  [admin, bidderA, bidderB, outsider, personnel, developer] = [
    await actor('M'),
    await actor('U'),
    await actor('U'),
    await actor('U'),
    await actor('P'),
    await actor('D'),
  ];
  await ensureProvidedSystems(getApp().db, getApp().engine);
});

const post = async (url: string, headers: Headers, payload: object) => {
  const response = await getApp().inject({ method: 'POST', url, headers, payload });
  return { status: response.statusCode, body: response.json() };
};

async function upload(
  who: Actor,
  fileName: string,
  content: Buffer,
  slot: { gnCoding: string; annexNo: string } = BID_FILE_SLOT,
): Promise<string> {
  const form = multipart(
    { gnCoding: slot.gnCoding, systemCoding: 'fileAnalysis', fileNo: slot.annexNo },
    { name: fileName, content },
  );
  const response = await getApp().inject({
    method: 'POST',
    url: '/ks/common/common/upload/annex',
    headers: { ...who.headers, ...form.headers },
    payload: form.payload,
  });
  expect(response.json().code, response.body).toBe(200);
  return response.json().data.fileId as string;
}

/** Runs one attempt of a job's handler in the test, as the worker would. */
async function handleJob(name: string, payload: object, attempt = 1) {
  const job = getApp().jobs.find(name);
  if (!job) throw new Error('job not defined');
  await job.handle(payload, {
    jobId: randomUUID(),
    attempt,
    signal: new AbortController().signal,
    reportProgress: async () => {},
  });
}

const runJob = (documentId: string, attempt = 1) => handleJob(BID_DETECT_JOB, { documentId }, attempt);

/** A committed sample cost file (docs/cost-file/samples). */
const costSample = (name: string) =>
  readFileSync(join(import.meta.dirname, '../../../../../docs/cost-file/samples', name));

/** How many detection jobs of the document are waiting in the queue. */
async function queued(documentId: string): Promise<number> {
  const found = await getApp().db.execute(
    sql`select count(*)::int as n from pgboss.job
        where name = ${BID_DETECT_JOB} and state = 'created' and data->>'documentId' = ${documentId}`,
  );
  return rowsOf<{ n: number }>(found)[0]?.n ?? 0;
}

/** Saves, submits and passes a 业绩 record of the enterprise (企业信息 › 业绩信息). */
async function approvedPerformance(owner: Actor, projectName: string, amount: number) {
  const ref = { systemCoding: MARKET_SYSTEM_CODING, gnCoding: MARKET_NODE_OF.performance };
  const saved = await post('/ks/monitor/save', owner.headers, {
    ...ref,
    values: {
      project_name: projectName,
      construction_unit: '某建设单位',
      contract_amount: amount,
      start_date: '2022-01-01',
    },
  });
  expect(saved.body.code, JSON.stringify(saved.body)).toBe(200);
  const id = saved.body.data.id as string;
  const form = multipart(
    { ...ref, fileType: 'pdf', fileNo: MARKET_ANNEX.performance },
    { name: '中标通知书.pdf', content: PDF },
  );
  const annex = await getApp().inject({
    method: 'POST',
    url: '/ks/common/common/upload/annex',
    headers: { ...owner.headers, ...form.headers },
    payload: form.payload,
  });
  await post('/ks/common/common/attachment/save', owner.headers, {
    ...ref,
    id,
    fileList: [
      { fileId: annex.json().data.fileId, fileNo: MARKET_ANNEX.performance, fileOperationType: 'add' },
    ],
  });
  expect((await post('/ks/monitor/submit', owner.headers, { ...ref, id })).body.code).toBe(200);
  const passed = await post('/ks/monitor/audit', admin.headers, {
    ...ref,
    id,
    result: 'pass',
    advice: '同意',
  });
  expect(passed.body.code).toBe(200);
}

const REQUIREMENTS = (xmId: string, version = 0): SaveBidRequirementsBody => ({
  xmId,
  chapters: SAMPLE_CHAPTERS,
  scoreItems: [
    { kind: 'keyword', name: '安全文明施工', points: 5, keywords: ['安全文明施工', '应急预案'] },
    { kind: 'price', name: '投标报价得分', points: 30, keywords: [] },
  ],
  publicityDays: 3,
  version,
});

/** A project with requirements, cost bids for the price item, and A's clean and B's faulty documents. */
async function project() {
  const db = getApp().db;
  const p = await insertProject(db, { name: `投标检测${randomUUID().slice(0, 6)}`, createdBy: admin.id });
  expect(
    (await post('/ks/file/detection/requirements/save', admin.headers, REQUIREMENTS(p.id))).body.code,
  ).toBe(200);
  for (const [who, zzj] of [
    [bidderA, '1050000.00'],
    [bidderB, '1000000.00'],
  ] as const) {
    await insertParsedFile(db, {
      projectId: p.id,
      kind: 'bid',
      uploadedBy: who.id,
      bidderUserId: who.id,
      bidderName: who.enterpriseName,
      money: { zzj },
    });
  }
  const attach = async (who: Actor, pages: string[][], fileName = '投标文件.pdf') => {
    const fileId = await upload(who, fileName, await textPdf(pages));
    const attached = await post('/ks/analyse/bid-documents', who.headers, { projectId: p.id, fileId });
    expect(attached.body.code, JSON.stringify(attached.body)).toBe(200);
    return attached.body.data.documentId as string;
  };
  const a = await attach(
    bidderA,
    sampleBid({
      bidder: bidderA.enterpriseName,
      achievements: [{ projectName: '甲公司承建的体育馆工程', amount: '4200' }],
    }),
  );
  const b = await attach(
    bidderB,
    sampleBid({
      bidder: bidderB.enterpriseName,
      chapters: SAMPLE_CHAPTERS.filter((c) => c !== '施工组织设计'),
      achievements: [{ projectName: '从未承建的虚构工程', amount: '999' }],
    }),
  );
  return { project: p, a, b };
}

const result = (route: string, who: Actor, xmId: string, documentId: string) =>
  post(`/ks/file/detection/${route}`, who.headers, { xmId, documentId });

describe('bid documents: upload, detection job, results', () => {
  it('detects a document as a job and answers each check', async () => {
    await approvedPerformance(bidderA, '甲公司承建的体育馆工程', 4200);
    const { project: p, a, b } = await project();
    const pending = await post('/ks/file/detection/status', admin.headers, { xmId: p.id });
    expect(pending.body.data.bids.map((d: { state: string }) => d.state)).toEqual(['pending', 'pending']);
    await runJob(a);
    await runJob(b);

    const status = await post('/ks/file/detection/status', admin.headers, { xmId: p.id });
    expect(status.body.data.files).toHaveLength(2);
    expect(status.body.data.bids).toMatchObject([
      {
        documentId: a,
        state: 'checked',
        pageCount: 8,
        directoryFindings: 0,
        achievementFindings: 0,
        score: '33.57',
      },
      {
        documentId: b,
        state: 'checked',
        pageCount: 7,
        directoryFindings: 1,
        achievementFindings: 1,
        score: '30.00',
      },
    ]);

    const dirs = await result('directories', admin, p.id, b);
    expect(dirs.body.data.rows.find((r: { chapter: string }) => r.chapter === '施工组织设计')).toMatchObject({
      result: 'missing',
      page: null,
    });
    const achievement = await result('achievement', admin, p.id, a);
    expect(achievement.body.data.rows).toMatchObject([{ result: 'matched', page: 8, recordAmount: '4200' }]);
    const unmatched = await result('achievement', admin, p.id, b);
    expect(unmatched.body.data.rows).toMatchObject([
      { result: 'not-found', projectName: '从未承建的虚构工程' },
    ]);
    const score = await result('score', admin, p.id, b);
    expect(score.body.data).toMatchObject({ total: '30.00', maxTotal: '35.00' });
    expect(score.body.data.rows.map((r: { points: string }) => r.points)).toEqual(['0.00', '30.00']);
    const pages = await getApp().db.select().from(bidPages).where(eq(bidPages.documentId, a));
    expect(pages).toHaveLength(8);
  });

  it('reports a scanned document and a broken one, with no pages', async () => {
    const db = getApp().db;
    const p = await insertProject(db, { name: '扫描件项目', createdBy: admin.id });
    const scanned = await post('/ks/analyse/bid-documents', admin.headers, {
      projectId: p.id,
      fileId: await upload(admin, '扫描件.pdf', await scannedPdf()),
      bidderName: '扫描公司',
    });
    const broken = await post('/ks/analyse/bid-documents', admin.headers, {
      projectId: p.id,
      fileId: await upload(admin, '损坏.pdf', PDF),
      bidderName: '损坏公司',
    });
    await runJob(scanned.body.data.documentId);
    await runJob(broken.body.data.documentId);
    const list = await post('/ks/analyse/bid-documents/list', admin.headers, { xmId: p.id });
    expect(list.body.data.documents).toMatchObject([
      { state: 'scanned', errorMessage: BID_MESSAGES.scanned, pageCount: 0, score: null },
      { state: 'failed', errorMessage: BID_MESSAGES.broken },
    ]);
    const parseData = await post('/ks/file/detection/parse-data', admin.headers, {
      id: scanned.body.data.documentId,
    });
    expect(parseData.body.data).toMatchObject({
      list: [],
      states: { parseState: 'failed', parseError: BID_MESSAGES.scanned, checkState: 'none' },
    });
  });

  it('a re-run replaces pages and results at once; a failed attempt leaves the previous result', async () => {
    const { project: p, a } = await project();
    await runJob(a);
    const before = await result('directories', admin, p.id, a);
    expect(before.body.data.rows).toHaveLength(6);
    // Fewer required chapters: the re-run's result replaces the old one.
    const saved = await post('/ks/file/detection/requirements/save', admin.headers, {
      ...REQUIREMENTS(p.id, 1),
      chapters: ['投标函', '业绩'],
    });
    expect(saved.body.data.version).toBe(2);
    const again = await post('/ks/file/detection/bid-detect', admin.headers, { xmId: p.id });
    expect(again.body.data.count).toBe(2);
    await runJob(a);
    expect((await result('directories', admin, p.id, a)).body.data.rows).toHaveLength(2);
    const db = getApp().db;
    expect(await db.select().from(bidPages).where(eq(bidPages.documentId, a))).toHaveLength(8);

    // Storage fails mid-run (not the file's fault): the attempt throws and the previous result stays.
    const [doc] = await db.select().from(bidDocuments).where(eq(bidDocuments.id, a));
    const [stored] = await db
      .select()
      .from(storedFiles)
      .where(eq(storedFiles.id, doc?.fileId ?? ''));
    await db
      .update(storedFiles)
      .set({ storageKey: 'missing/no-such-object' })
      .where(eq(storedFiles.id, doc?.fileId ?? ''));
    await expect(runJob(a)).rejects.toThrow();
    expect((await result('directories', admin, p.id, a)).body.data.rows).toHaveLength(2);
    expect(await db.select().from(bidPages).where(eq(bidPages.documentId, a))).toHaveLength(8);
    // The last attempt says so instead of staying 解析中.
    await expect(runJob(a, DETECT_RETRIES + 1)).rejects.toThrow();
    const [unavailable] = await db.select().from(bidDocuments).where(eq(bidDocuments.id, a));
    expect(unavailable).toMatchObject({ state: 'failed', error: BID_MESSAGES.unavailable });
    await db
      .update(storedFiles)
      .set({ storageKey: stored?.storageKey ?? '' })
      .where(eq(storedFiles.id, doc?.fileId ?? ''));
    await runJob(a);
    expect((await result('directories', admin, p.id, a)).body.data.state).toBe('checked');

    // The upload is gone for good: the file's problem, stored as its error, with no pages.
    await db.update(bidDocuments).set({ fileId: randomUUID() }).where(eq(bidDocuments.id, a));
    await runJob(a);
    const [gone] = await db.select().from(bidDocuments).where(eq(bidDocuments.id, a));
    expect(gone).toMatchObject({ state: 'failed', error: BID_MESSAGES.storedGone, pageCount: 0 });
    expect(await db.select().from(bidPages).where(eq(bidPages.documentId, a))).toHaveLength(0);
  });

  it('saving the requirements detects every document again, in the same transaction', async () => {
    const { project: p, a, b } = await project();
    await runJob(a);
    await runJob(b);
    const before = { a: await queued(a), b: await queued(b) };
    const states = async () =>
      (await post('/ks/analyse/bid-documents/list', admin.headers, { xmId: p.id })).body.data.documents;
    expect((await states())[0]).toMatchObject({ documentId: a, state: 'checked', directoryFindings: 0 });

    // A refused save (stale version) changes nothing: no job, the results stay.
    const stale = await post('/ks/file/detection/requirements/save', admin.headers, {
      ...REQUIREMENTS(p.id, 0),
      chapters: [...SAMPLE_CHAPTERS, '安全生产许可证'],
    });
    expect(stale.status).toBe(409);
    expect({ a: await queued(a), b: await queued(b) }).toEqual(before);
    expect((await states()).map((d: { state: string }) => d.state)).toEqual(['checked', 'checked']);

    // A newly required chapter: both documents wait for a detection enqueued with the save.
    const saved = await post('/ks/file/detection/requirements/save', admin.headers, {
      ...REQUIREMENTS(p.id, 1),
      chapters: [...SAMPLE_CHAPTERS, '安全生产许可证'],
    });
    expect(saved.body).toMatchObject({ code: 200, data: { version: 2, redetected: 2 } });
    expect({ a: await queued(a), b: await queued(b) }).toEqual({ a: before.a + 1, b: before.b + 1 });
    expect((await states()).map((d: { state: string }) => d.state)).toEqual(['pending', 'pending']);

    // The job reads the saved requirements: the new chapter is reported missing.
    await runJob(a);
    expect((await states())[0]).toMatchObject({ documentId: a, state: 'checked', directoryFindings: 1 });
    const dirs = await result('directories', admin, p.id, a);
    expect(dirs.body.data.rows.at(-1)).toMatchObject({
      chapter: '安全生产许可证',
      order: 7,
      result: 'missing',
      message: '未找到必备章节“安全生产许可证”',
    });
    const [doc] = await getApp().db.select().from(bidDocuments).where(eq(bidDocuments.id, a));
    expect(doc?.requirementsVersion).toBe(2);
  });

  it('an administrator’s upload belongs to the enterprise chosen, else to the one of that exact name', async () => {
    await approvedPerformance(bidderB, '乙公司承建的图书馆工程', 3100);
    const db = getApp().db;
    const p = await insertProject(db, { name: '选择投标企业', createdBy: admin.id });
    await post('/ks/file/detection/requirements/save', admin.headers, REQUIREMENTS(p.id));
    const pages = sampleBid({
      bidder: bidderB.enterpriseName,
      achievements: [{ projectName: '乙公司承建的图书馆工程', amount: '3100' }],
    });
    const attach = async (body: object) =>
      post('/ks/analyse/bid-documents', admin.headers, {
        projectId: p.id,
        fileId: await upload(admin, '投标文件.pdf', await textPdf(pages)),
        ...body,
      });
    const count = async () =>
      (await db.select().from(bidDocuments).where(eq(bidDocuments.projectId, p.id))).length;

    // Not an enterprise account (an administrator, a made-up id): refused, nothing stored.
    for (const bidderUserId of [admin.id, randomUUID()]) {
      const refused = await attach({ bidderUserId, bidderName: bidderB.enterpriseName });
      expect(refused).toMatchObject({ status: 400, body: { message: BID_MESSAGES.bidderMissing } });
    }
    expect((await attach({})).body.message).toBe(BID_MESSAGES.bidderRequired);
    expect(await count()).toBe(0);

    // Chosen: the account and its registered name, whatever name was typed.
    const chosen = await attach({ bidderUserId: bidderB.id, bidderName: '随便写的名称' });
    expect(chosen.body.data).toMatchObject({ bidderName: bidderB.enterpriseName, actions: ['delete'] });
    const id = chosen.body.data.documentId as string;
    const [row] = await db.select().from(bidDocuments).where(eq(bidDocuments.id, id));
    expect(row).toMatchObject({ bidderUserId: bidderB.id, bidderName: bidderB.enterpriseName });
    // The same enterprise again, by name this time: one live document per bidder.
    const again = await attach({ bidderName: bidderB.enterpriseName });
    expect(again.body.message).toBe(BID_MESSAGES.duplicate);

    // The achievement check reads the chosen enterprise's approved records.
    await runJob(id);
    const achievement = await result('achievement', admin, p.id, id);
    expect(achievement.body.data.rows).toMatchObject([{ result: 'matched', recordAmount: '3100' }]);
    // Confidentiality follows the stored enterprise: B lists and (published) reads it, A does not.
    const published = await post('/ks/file/detection/publicity', admin.headers, {
      xmId: p.id,
      action: 'publish',
    });
    expect(published.body.data.state).toBe('open');
    const listed = async (who: Actor) =>
      (await post('/ks/analyse/bid-documents/list', who.headers, { xmId: p.id })).body.data.documents.map(
        (d: { documentId: string }) => d.documentId,
      );
    expect(await listed(bidderB)).toEqual([id]);
    expect(await listed(bidderA)).toEqual([]);
    // The buttons follow the calls: the centre keeps requirements, chooses bidders and deletes;
    // the bidder reads the document uploaded for it but may not delete it.
    const list = async (who: Actor) =>
      (await post('/ks/analyse/bid-documents/list', who.headers, { xmId: p.id })).body.data;
    expect(await list(admin)).toMatchObject({
      actions: ['requirements', 'redetect', 'publicity'],
      choosesBidder: true,
      documents: [{ actions: ['delete'] }],
    });
    expect(await list(bidderB)).toMatchObject({
      actions: [],
      choosesBidder: false,
      documents: [{ actions: [] }],
    });
    const refused = await getApp().inject({
      method: 'DELETE',
      url: `/ks/analyse/bid-documents/${id}`,
      headers: bidderB.headers,
    });
    expect(refused.statusCode).toBe(403);
    const status = async (who: Actor) =>
      (await post('/ks/file/detection/status', who.headers, { xmId: p.id })).body.data;
    expect((await status(admin)).actions).toEqual(['estimate', 'rules', 'check']);
    expect((await status(bidderB)).actions).toEqual([]);
    expect((await result('achievement', bidderB, p.id, id)).status).toBe(200);
    expect((await result('achievement', bidderA, p.id, id)).status).toBe(404);

    // None chosen: a name no enterprise has exactly is no account's; the claims cannot be matched.
    const named = await attach({ bidderName: `${bidderB.enterpriseName}（联合体）` });
    const namedId = named.body.data.documentId as string;
    const [unbound] = await db.select().from(bidDocuments).where(eq(bidDocuments.id, namedId));
    expect(unbound?.bidderUserId).toBeNull();
    await runJob(namedId);
    expect((await result('achievement', admin, p.id, namedId)).body.data.rows).toMatchObject([
      { result: 'not-found' },
    ]);
    expect(await listed(bidderB)).toEqual([id]);
  });

  it('an administrator’s cost-file bid belongs to the enterprise chosen: access and the price score', async () => {
    const db = getApp().db;
    const p = await insertProject(db, {
      name: `选择造价投标企业${randomUUID().slice(0, 6)}`,
      createdBy: admin.id,
    });
    await post('/ks/file/detection/requirements/save', admin.headers, REQUIREMENTS(p.id));
    const xml = await upload(admin, '投标报价.xml', costSample('bid-clean.xml'), COST_FILE_SLOT);
    const attach = (body: object) =>
      post('/ks/analyse/cost-files', admin.headers, { projectId: p.id, kind: 'bid', fileId: xml, ...body });
    const files = () => costFiles.filesOf(db, p.id);

    // Not an enterprise account (an administrator, a made-up id), or no bidder at all: nothing stored.
    for (const bidderUserId of [admin.id, randomUUID()]) {
      const refused = await attach({ bidderUserId, bidderName: bidderB.enterpriseName });
      expect(refused).toMatchObject({ status: 400, body: { message: BID_MESSAGES.bidderMissing } });
    }
    expect((await attach({})).body.message).toBe(BID_MESSAGES.bidderRequired);
    expect(await files()).toEqual([]);

    // Chosen: the account and its registered name, whatever name was typed; then parsed.
    const chosen = await attach({ bidderUserId: bidderB.id, bidderName: '随便写的名称' });
    expect(chosen.body.data).toMatchObject({
      bidderName: bidderB.enterpriseName,
      actions: ['reparse', 'delete'],
    });
    const costFileId = chosen.body.data.id as string;
    expect(await files()).toMatchObject([{ bidderUserId: bidderB.id, bidderName: bidderB.enterpriseName }]);
    expect((await attach({ bidderName: bidderB.enterpriseName })).body.message).toBe(
      '该投标人已上传投标报价，请先删除原文件',
    );
    await handleJob(costFiles.PARSE_JOB, { costFileId });
    expect((await files())[0]).toMatchObject({ parseState: 'parsed' });

    // Confidentiality follows the stored account: B lists and reads it, A does not.
    const listed = async (who: Actor) => {
      const page = await getApp().inject({
        method: 'GET',
        url: `/ks/analyse/cost-projects?pageSize=10&keyword=${encodeURIComponent(p.name)}`,
        headers: who.headers,
      });
      return page.json().data.records[0].files.map((f: { id: string }) => f.id);
    };
    expect(await listed(bidderB)).toEqual([costFileId]);
    expect(await listed(bidderA)).toEqual([]);
    expect((await post('/ks/analyse/xml_analysis', bidderB.headers, { id: costFileId })).status).toBe(200);
    expect((await post('/ks/analyse/xml_analysis', bidderA.headers, { id: costFileId })).status).toBe(404);

    // B's bid document is priced by B's parsed cost bid (2334341.22) against the lowest, half of it.
    await insertParsedFile(db, {
      projectId: p.id,
      kind: 'bid',
      uploadedBy: bidderA.id,
      bidderUserId: bidderA.id,
      bidderName: bidderA.enterpriseName,
      money: { zzj: '1167170.61' },
    });
    const document = await post('/ks/analyse/bid-documents', admin.headers, {
      projectId: p.id,
      fileId: await upload(
        admin,
        '投标文件.pdf',
        await textPdf(sampleBid({ bidder: bidderB.enterpriseName })),
      ),
      bidderUserId: bidderB.id,
    });
    const documentId = document.body.data.documentId as string;
    await runJob(documentId);
    const score = await result('score', admin, p.id, documentId);
    expect(score.body.data.rows.find((r: { kind: string }) => r.kind === 'price')).toMatchObject({
      points: '15.00',
    });
    const parseData = await post('/ks/file/detection/parse-data', bidderB.headers, { id: costFileId });
    expect(parseData.body.data.states.bidDetection).toMatchObject({ documentId, state: 'checked' });
  });

  it('refuses bad input and a second document of the same bidder', async () => {
    const { project: p } = await project();
    const second = await post('/ks/analyse/bid-documents', bidderA.headers, {
      projectId: p.id,
      fileId: await upload(bidderA, '第二份.pdf', await textPdf([['正文']])),
    });
    expect(second.body).toMatchObject({ code: 400, message: BID_MESSAGES.duplicate });
    const bad = await post('/ks/file/detection/requirements/save', admin.headers, {
      ...REQUIREMENTS(p.id, 1),
      chapters: ['投标函', '投标函\u0007'],
    });
    expect(bad.status).toBe(400);
    const tooLong = await post('/ks/file/detection/requirements/save', admin.headers, {
      ...REQUIREMENTS(p.id, 1),
      publicityDays: 10_000,
    });
    expect(tooLong.body.message).toContain('公示天数不能超过30天');
    const stale = await post('/ks/file/detection/requirements/save', admin.headers, REQUIREMENTS(p.id, 0));
    expect(stale.status).toBe(409);
    expect(
      (await post('/ks/file/detection/requirements', admin.headers, { xmId: p.id })).body.data.version,
    ).toBe(1);
  });
});

describe('roles and bidder confidentiality', () => {
  it('P and D are refused on every route; U on the administrators’ ones', async () => {
    const { project: p, a } = await project();
    const body = { xmId: p.id, documentId: a };
    const routes: [string, object][] = [
      ['/ks/analyse/bid-documents', { projectId: p.id, fileId: randomUUID() }],
      ['/ks/analyse/bid-documents/list', { xmId: p.id }],
      ['/ks/file/detection/directories', body],
      ['/ks/file/detection/achievement', body],
      ['/ks/file/detection/score', body],
      ['/ks/file/detection/publicity', { xmId: p.id }],
      ['/ks/file/detection/status', { xmId: p.id }],
      ['/ks/file/detection/requirements', { xmId: p.id }],
      ['/ks/file/detection/requirements/save', REQUIREMENTS(p.id, 1)],
      ['/ks/file/detection/bid-detect', { xmId: p.id }],
    ];
    for (const who of [personnel, developer])
      for (const [url, payload] of routes)
        expect((await post(url, who.headers, payload)).status, url).toBe(403);
    for (const [url, payload] of routes.slice(7))
      expect((await post(url, bidderA.headers, payload)).status, url).toBe(403);
    expect(
      (await post('/ks/file/detection/publicity', bidderA.headers, { xmId: p.id, action: 'publish' })).status,
    ).toBe(403);
    const removed = await getApp().inject({
      method: 'DELETE',
      url: `/ks/analyse/bid-documents/${a}`,
      headers: personnel.headers,
    });
    expect(removed.statusCode).toBe(403);
  });

  it('a bidder sees only its own document, its result only while published', async () => {
    const { project: p, a, b } = await project();
    await runJob(a);
    await runJob(b);
    // Lists and states: its own document only.
    const list = await post('/ks/analyse/bid-documents/list', bidderA.headers, { xmId: p.id });
    expect(list.body.data.documents.map((d: { documentId: string }) => d.documentId)).toEqual([a]);
    const status = await post('/ks/file/detection/status', bidderA.headers, { xmId: p.id });
    expect(status.body.data.bids.map((d: { documentId: string }) => d.documentId)).toEqual([a]);
    expect(status.body.data.files).toHaveLength(1);
    expect((await post('/ks/file/detection/status', outsider.headers, { xmId: p.id })).status).toBe(403);
    expect((await post('/ks/file/detection/publicity', outsider.headers, { xmId: p.id })).status).toBe(403);

    // Before the publicity: refused, with the reason.
    const early = await result('score', bidderA, p.id, a);
    expect(early).toMatchObject({ status: 403, body: { message: BID_MESSAGES.notPublished } });

    const published = await post('/ks/file/detection/publicity', admin.headers, {
      xmId: p.id,
      action: 'publish',
    });
    expect(published.body.data).toMatchObject({ state: 'open', publicityDays: 3 });
    const twice = await post('/ks/file/detection/publicity', admin.headers, {
      xmId: p.id,
      action: 'publish',
    });
    expect(twice.body.message).toBe(BID_MESSAGES.alreadyOpen);
    expect(
      (await post('/ks/file/detection/publicity', bidderA.headers, { xmId: p.id })).body.data.state,
    ).toBe('open');

    for (const route of ['directories', 'achievement', 'score']) {
      expect((await result(route, bidderA, p.id, a)).status, route).toBe(200);
      expect((await result(route, bidderB, p.id, b)).status, route).toBe(200);
      // Another bidder's document answers like a missing one, during the window too.
      expect((await result(route, bidderA, p.id, b)).status, route).toBe(404);
      expect((await result(route, bidderB, p.id, a)).status, route).toBe(404);
      expect((await result(route, outsider, p.id, a)).status, route).toBe(404);
    }
    const parseData = await post('/ks/file/detection/parse-data', bidderA.headers, { id: b });
    expect(parseData.status).toBe(404);
    const removeOther = await getApp().inject({
      method: 'DELETE',
      url: `/ks/analyse/bid-documents/${b}`,
      headers: bidderA.headers,
    });
    expect(removeOther.statusCode).toBe(404);

    // The window passes: closed, results refused again.
    await getApp()
      .db.update(bidPublicity)
      .set({ endsAt: new Date(Date.now() - 1000) })
      .where(eq(bidPublicity.projectId, p.id));
    expect((await post('/ks/file/detection/publicity', admin.headers, { xmId: p.id })).body.data.state).toBe(
      'closed',
    );
    expect(await result('directories', bidderA, p.id, a)).toMatchObject({
      status: 403,
      body: { message: BID_MESSAGES.publicityClosed },
    });
    // The administrator reads every result at any time.
    expect((await result('directories', admin, p.id, b)).status).toBe(200);
  });

  it('closing early ends the window; nothing to publish is refused', async () => {
    const { project: p, a } = await project();
    const nothing = await post('/ks/file/detection/publicity', admin.headers, {
      xmId: p.id,
      action: 'publish',
    });
    expect(nothing.body.message).toBe(BID_MESSAGES.nothingToPublish);
    await runJob(a);
    await post('/ks/file/detection/publicity', admin.headers, { xmId: p.id, action: 'publish' });
    const closed = await post('/ks/file/detection/publicity', admin.headers, { xmId: p.id, action: 'close' });
    expect(closed.body.data.state).toBe('closed');
    expect((await result('score', bidderA, p.id, a)).status).toBe(403);
    const again = await post('/ks/file/detection/publicity', admin.headers, { xmId: p.id, action: 'close' });
    expect(again.body.message).toBe(BID_MESSAGES.notOpen);
  });

  it('an enterprise with a bid document and no cost file reads the project’s check pages', async () => {
    const p = await insertProject(getApp().db, { name: '仅投标文件项目', createdBy: admin.id });
    const attached = await post('/ks/analyse/bid-documents', bidderA.headers, {
      projectId: p.id,
      fileId: await upload(bidderA, '投标文件.pdf', await textPdf([['正文']])),
    });
    expect(attached.body.code).toBe(200);
    const pages: [string, object][] = [
      ['/ks/file/detection/status', { xmId: p.id }],
      ['/ks/file/detection/cost-check/findings', { xmId: p.id, curPage: 1, pageSize: 20 }],
      ['/ks/file/detection/control-price', { xmId: p.id }],
    ];
    for (const [url, payload] of pages) {
      expect((await post(url, bidderA.headers, payload)).status, url).toBe(200);
      expect(await post(url, outsider.headers, payload), url).toMatchObject({ status: 403 });
    }
    const findings = await post('/ks/file/detection/cost-check/findings', bidderA.headers, {
      xmId: p.id,
      curPage: 1,
      pageSize: 20,
    });
    expect(findings.body.data.total).toBe(0);
  });

  it('parse-data of a cost bid names the bidder’s document and the check state', async () => {
    const { project: p, a } = await project();
    await runJob(a);
    const status = await post('/ks/file/detection/status', bidderA.headers, { xmId: p.id });
    const costFileId = status.body.data.files[0].fileId as string;
    const data = await post('/ks/file/detection/parse-data', bidderA.headers, { id: costFileId });
    expect(data.body.data.states).toMatchObject({
      parseState: 'parsed',
      parseError: null,
      checkState: 'none',
      bidDetection: { documentId: a, state: 'checked' },
    });
    expect(data.body.data.list.length).toBeGreaterThan(0);
  });
});
