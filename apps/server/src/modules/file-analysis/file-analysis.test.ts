import { createHash } from 'node:crypto';
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { COST_FILE_SLOT, type CostProjectPage, UPLOAD_CHUNK_SIZE, UPLOAD_MESSAGES } from '@ks/contract';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { multipart } from '../../../test/file-fixtures.ts';
import { createUser, loginAs, type TestApp, unique, useTestApp } from '../../../test/helper.ts';
import { costFiles, costItems, costNodes } from '../../db/schema/file-analysis.ts';
import { storedFiles } from '../../db/schema/files.ts';
import { operationLogs } from '../../db/schema/identity.ts';
import { type ModelFile, type ModelItem, writeKsCostXml } from './cost-xml-writer.ts';
import { PARSE_RETRIES } from './parse-job.ts';
import { PARSE_JOB } from './service.ts';

const getApp = useTestApp({ JOBS_POLL_SECONDS: '0.5' }, { startJobs: true });

const SAMPLES = join(import.meta.dirname, '../../../../../docs/cost-file/samples');
const sample = (name: string) => readFileSync(join(SAMPLES, name));
type Headers = Record<string, string>;

async function as(role: 'M' | 'U' | 'P' | 'D') {
  const app = getApp();
  const user = await createUser(app, role);
  return { user, headers: (await loginAs(app, user)).headers };
}

/** Uploads through the platform's annex uploader into the cost-file slot; answers the stored file id. */
async function upload(headers: Headers, fileName: string, content: Buffer): Promise<string> {
  const form = multipart(
    { gnCoding: COST_FILE_SLOT.gnCoding, systemCoding: 'fileAnalysis', fileNo: COST_FILE_SLOT.annexNo },
    { name: fileName, content },
  );
  const response = await getApp().inject({
    method: 'POST',
    url: '/ks/common/common/upload/annex',
    headers: { ...headers, ...form.headers },
    payload: form.payload,
  });
  expect(response.json().code, response.body).toBe(200);
  return response.json().data.fileId as string;
}

async function call(method: 'GET' | 'POST' | 'DELETE', url: string, headers: Headers, payload?: unknown) {
  const response = await getApp().inject({ method, url, headers, ...(payload ? { payload } : {}) });
  // The envelope as the client reads it: each test asserts the parts it needs.
  return response.json();
}

async function createProject(headers: Headers) {
  const answer = await call('POST', '/ks/analyse/cost-projects', headers, {
    code: unique('XM'),
    name: '城东实验小学教学楼新建工程',
    region: '330000',
  });
  expect(answer.code, answer.message).toBe(200);
  return answer.data as { id: string; version: number };
}

async function attach(headers: Headers, body: Record<string, unknown>) {
  return call('POST', '/ks/analyse/cost-files', headers, body);
}

/** Waits for the parse job to settle the file's state. */
async function settled(app: TestApp, id: string) {
  for (let i = 0; i < 200; i++) {
    const [row] = await app.db.select().from(costFiles).where(eq(costFiles.id, id));
    if (row && row.parseState !== 'pending') return row;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error('parse did not finish');
}

describe('cost projects and files', () => {
  it('parses an attached control price through the job: summary, tree, states, operation log', async () => {
    const app = getApp();
    const admin = await as('M');
    const project = await createProject(admin.headers);
    const fileId = await upload(admin.headers, '招标控制价.xml', sample('control-price.xml'));
    const attached = await attach(admin.headers, { projectId: project.id, kind: 'control-price', fileId });
    expect(attached).toMatchObject({ code: 200, data: { parseState: 'pending', kind: 'control-price' } });
    const row = await settled(app, attached.data.id);
    expect(row).toMatchObject({ parseState: 'parsed', layout: 'ks-cost-xml-1', taxMethod: 'general' });
    expect(row.sha256).toMatch(/^[0-9a-f]{64}$/);

    const summary = await call('POST', '/ks/analyse/xml_analysis', admin.headers, { id: row.id });
    expect(summary).toMatchObject({
      code: 200,
      data: {
        layout: 'ks-cost-xml-1',
        parseState: 'parsed',
        nodeCount: 4,
        fileName: '招标控制价.xml',
        itemsByList: { fbfx: 16, csxm: 5, qtxm: 8, gf: 4, sj: 2 },
      },
    });
    expect(summary.data.itemCount).toBe(35);
    expect(summary.data.totals.zzj).toMatch(/^\d+\.\d{2}$/);

    const tree = await call('POST', '/ks/file/detection/parse-data', admin.headers, {
      id: row.id,
      gnCoding: 'fileAnalysis',
      systemCoding: 'fileAnalysis',
    });
    expect(tree.code).toBe(200);
    // The check's state and the bidder's bid document (decision 0052) sit beside the parse's.
    expect(tree.data.states).toEqual({
      parseState: 'parsed',
      parseError: null,
      checkState: 'none',
      bidDetection: null,
    });
    expect(tree.data.total).toBe(4);
    const [root] = tree.data.list;
    expect(root).toMatchObject({ level: 'project', code: 'KS-ZJ-2026-018', zzj: summary.data.totals.zzj });
    expect(Object.keys(root)).toEqual(
      expect.arrayContaining([
        'code',
        'name',
        'zy',
        'zzj',
        'fbfxf',
        'csxmf',
        'aqwmsgf',
        'qtxmf',
        'gf',
        'sj',
        'zzsxxse',
        'children',
      ]),
    );
    expect(root.children[0].children.map((u: { zy: string }) => u.zy)).toEqual(['建筑工程', '安装工程']);

    // A page of the tree: rows whose parent is on an earlier page start the page.
    const page2 = await call('POST', '/ks/file/detection/parse-data', admin.headers, {
      id: row.id,
      curPage: 2,
      pageSize: 2,
    });
    expect(page2.data.list.map((r: { level: string }) => r.level)).toEqual(['unit', 'unit']);

    const logs = await app.db.select().from(operationLogs).where(eq(operationLogs.targetId, row.id));
    expect(logs.map((l) => l.action)).toContain('上传造价文件');
  });

  it('stores a malformed file as failed with its Chinese error and nothing half-written', async () => {
    const app = getApp();
    const admin = await as('M');
    const project = await createProject(admin.headers);
    const bytes = sample('bid-clean.xml');
    const fileId = await upload(admin.headers, '截断.xml', bytes.subarray(0, Math.floor(bytes.length * 0.7)));
    const attached = await attach(admin.headers, {
      projectId: project.id,
      kind: 'bid',
      fileId,
      bidderName: '甲公司',
    });
    const row = await settled(app, attached.data.id);
    expect(row.parseState).toBe('failed');
    expect(row.parseError).toMatch(/^文件不完整：XML 在 <\w+> 元素结束前中断/);
    expect(await app.db.select().from(costNodes).where(eq(costNodes.fileId, row.id))).toEqual([]);
    expect(await app.db.select().from(costItems).where(eq(costItems.fileId, row.id))).toEqual([]);
    const tree = await call('POST', '/ks/file/detection/parse-data', admin.headers, { id: row.id });
    expect(tree.data).toMatchObject({
      list: [],
      states: { parseState: 'failed', parseError: row.parseError },
    });
    const summary = await call('POST', '/ks/analyse/xml_analysis', admin.headers, { id: row.id });
    expect(summary.data).toMatchObject({ parseState: 'failed', layout: null, totals: null, itemCount: 0 });
  });

  it('refuses a file whose declared kind is not the chosen kind, and an unknown layout', async () => {
    const app = getApp();
    const admin = await as('M');
    const project = await createProject(admin.headers);
    const boq = await upload(admin.headers, 'boq.xml', sample('tender-boq.xml'));
    const wrongKind = await attach(admin.headers, {
      projectId: project.id,
      kind: 'control-price',
      fileId: boq,
    });
    expect((await settled(app, wrongKind.data.id)).parseError).toBe(
      '文件声明的类型为“招标工程量清单”，与上传时选择的“招标控制价”不一致',
    );
    const other = await upload(admin.headers, 'other.xml', Buffer.from('<?xml version="1.0"?><Budget/>'));
    const unknown = await attach(admin.headers, {
      projectId: project.id,
      kind: 'bid',
      fileId: other,
      bidderName: '乙',
    });
    expect((await settled(app, unknown.data.id)).parseError).toContain(
      '无法识别的造价文件格式：根元素为 <Budget>',
    );
  });

  it('re-parses by replacing the previous result; a refused re-parse leaves no tree behind', async () => {
    const app = getApp();
    const admin = await as('M');
    const project = await createProject(admin.headers);
    const fileId = await upload(admin.headers, 'province.xml', sample('province-bid-clean-gbk.xml'));
    const attached = await attach(admin.headers, {
      projectId: project.id,
      kind: 'bid',
      fileId,
      bidderName: '丙',
    });
    const first = await settled(app, attached.data.id);
    expect(first).toMatchObject({ parseState: 'parsed', layout: 'province-cn-1' });
    const items = () => app.db.select().from(costItems).where(eq(costItems.fileId, first.id));
    const before = await items();
    expect(await call('POST', `/ks/analyse/cost-files/${first.id}/parse`, admin.headers)).toMatchObject({
      code: 200,
    });
    expect((await settled(app, first.id)).parseState).toBe('parsed');
    const after = await items();
    expect(after.length).toBe(before.length);
    const oldIds = new Set(before.map((i) => i.id));
    expect(after.filter((i) => oldIds.has(i.id))).toEqual([]);
    const units = await app.db
      .select()
      .from(costNodes)
      .where(and(eq(costNodes.fileId, first.id), eq(costNodes.level, 'unit')));
    expect(units).toHaveLength(2);

    // The stored bytes go bad (a disk fault, a replaced object): the re-parse fails and clears the tree.
    const [stored] = await app.db.select().from(storedFiles).where(eq(storedFiles.id, fileId));
    writeFileSync(
      join(getApp.filesDir(), stored?.storageKey ?? ''),
      sample('province-bid-clean-gbk.xml').subarray(0, 2000),
    );
    await call('POST', `/ks/analyse/cost-files/${first.id}/parse`, admin.headers);
    expect((await settled(app, first.id)).parseState).toBe('failed');
    // Readers see the published empty tree at once; the superseded generation's rows are deleted
    // after the publish, in short statements (decision 0067), so they are gone a moment later.
    const tree = await call('POST', '/ks/file/detection/parse-data', admin.headers, { id: first.id });
    expect(tree.data.list).toEqual([]);
    await expect.poll(async () => (await items()).length).toBe(0);
    await expect
      .poll(async () => (await app.db.select().from(costNodes).where(eq(costNodes.fileId, first.id))).length)
      .toBe(0);
  });

  it('retries a parse that fails for another reason, and marks the file failed after the last attempt', async () => {
    const app = getApp();
    const admin = await as('M');
    const project = await createProject(admin.headers);
    const fileId = await upload(admin.headers, 'boq.xml', sample('tender-boq.xml'));
    const [stored] = await app.db.select().from(storedFiles).where(eq(storedFiles.id, fileId));
    // The bytes vanish from the storage (an outage): not the file's fault, so the job fails and retries.
    rmSync(join(getApp.filesDir(), stored?.storageKey ?? ''));
    const [row] = await app.db
      .insert(costFiles)
      .values({ projectId: project.id, kind: 'tender-boq', fileId, uploadedBy: admin.user.id })
      .returning();
    const id = row?.id ?? '';
    const job = app.jobs.find(PARSE_JOB);
    const run = (attempt: number) =>
      job?.handle(
        { costFileId: id },
        { jobId: 'test', attempt, signal: new AbortController().signal, reportProgress: async () => {} },
      );
    await expect(run(1)).rejects.toThrow();
    const [after] = await app.db.select().from(costFiles).where(eq(costFiles.id, id));
    expect(after?.parseState).toBe('pending');
    await expect(run(PARSE_RETRIES + 1)).rejects.toThrow();
    expect(await settled(app, id)).toMatchObject({
      parseState: 'failed',
      parseError: '解析服务暂时不可用，请稍后重新解析',
    });
  });

  it('says so when the uploaded file was deleted before the parse', async () => {
    const app = getApp();
    const admin = await as('M');
    const project = await createProject(admin.headers);
    const fileId = await upload(admin.headers, 'boq.xml', sample('tender-boq.xml'));
    const attached = await attach(admin.headers, { projectId: project.id, kind: 'tender-boq', fileId });
    await settled(app, attached.data.id);
    await app.db.update(storedFiles).set({ deletedAt: new Date() }).where(eq(storedFiles.id, fileId));
    await call('POST', `/ks/analyse/cost-files/${attached.data.id}/parse`, admin.headers);
    expect(await settled(app, attached.data.id)).toMatchObject({
      parseState: 'failed',
      parseError: '原始文件已被删除，无法解析',
    });
  });

  it('validates projects and attachments with clear messages', async () => {
    const admin = await as('M');
    expect(
      await call('POST', '/ks/analyse/cost-projects', admin.headers, {
        code: '',
        name: 'x',
        region: '330000',
      }),
    ).toMatchObject({
      code: 400,
      message: expect.stringContaining('请输入项目编号'),
    });
    expect(
      await call('POST', '/ks/analyse/cost-projects', admin.headers, {
        code: 'A1',
        name: 'x',
        region: '999999',
      }),
    ).toMatchObject({ code: 400, message: expect.stringContaining('请选择地区') });
    const project = await createProject(admin.headers);
    const code = (
      await call('GET', '/ks/analyse/cost-projects?pageSize=100', admin.headers)
    ).data.records.find((p: { id: string }) => p.id === project.id).code;
    expect(
      await call('POST', '/ks/analyse/cost-projects', admin.headers, { code, name: 'y', region: '330000' }),
    ).toMatchObject({
      code: 400,
      message: '项目编号已存在',
    });

    const xml = await upload(admin.headers, 'cp.xml', sample('control-price.xml'));
    expect(await attach(admin.headers, { projectId: project.id, kind: 'bid', fileId: xml })).toMatchObject({
      code: 400,
      message: '请选择投标企业或输入投标人名称',
    });
    expect(
      await attach(admin.headers, { projectId: project.id, kind: 'control-price', fileId: xml }),
    ).toMatchObject({ code: 200 });
    expect(
      await attach(admin.headers, { projectId: project.id, kind: 'control-price', fileId: xml }),
    ).toMatchObject({
      code: 400,
      message: '该项目已有招标控制价，请先删除原文件',
    });
    expect(await attach(admin.headers, { projectId: project.id, kind: 'other', fileId: xml })).toMatchObject({
      code: 400,
      message: expect.stringContaining('请选择文件类型'),
    });
    expect(
      await attach(admin.headers, {
        projectId: '00000000-0000-0000-0000-000000000000',
        kind: 'tender-boq',
        fileId: xml,
      }),
    ).toMatchObject({ code: 404, message: '项目不存在' });
    expect(
      await attach(admin.headers, {
        projectId: project.id,
        kind: 'tender-boq',
        fileId: '00000000-0000-0000-0000-000000000000',
      }),
    ).toMatchObject({ code: 404, message: '文件不存在' });

    // A project deleted with a stale version is refused; with the current one it goes with its files.
    expect(
      await call('DELETE', `/ks/analyse/cost-projects/${project.id}?version=9`, admin.headers),
    ).toMatchObject({ code: 409 });
    expect(
      await call('DELETE', `/ks/analyse/cost-projects/${project.id}?version=1`, admin.headers),
    ).toMatchObject({ code: 200 });
    expect(
      await call('DELETE', `/ks/analyse/cost-projects/${project.id}?version=2`, admin.headers),
    ).toMatchObject({
      code: 404,
      message: '项目不存在',
    });
  });

  it('takes a large file through the 5 MiB chunked upload and parses it', async () => {
    const app = getApp();
    const admin = await as('M');
    const project = await createProject(admin.headers);
    const items: ModelItem[] = Array.from({ length: 24_000 }, (_, i) => ({
      list: 'fbfx',
      code: `0105${String(1 + (i % 99)).padStart(2, '0')}${String(i).padStart(6, '0')}`,
      name: '矩形柱',
      features: '1.混凝土强度等级：C30\n2.混凝土种类：商品混凝土\n3.部位：地上各层',
      unit: 'm3',
      quantity: '12.50',
      unitPrice: '652.18',
    }));
    const model: ModelFile = {
      kind: 'control-price',
      taxMethod: 'simple',
      project: { code: 'BIG', name: '大文件' },
      singles: [
        { code: '01', name: '主楼', units: [{ code: '0101', name: '主楼建筑工程', zy: '建筑工程', items }] },
      ],
    };
    const content = Buffer.from([...writeKsCostXml(model)].join(''));
    expect(content.length).toBeGreaterThan(UPLOAD_CHUNK_SIZE);
    const md5 = createHash('md5').update(content).digest('hex');
    const task = await call('POST', '/ks/upload/v1/upload-task', admin.headers, {
      md5,
      fileName: '大文件.xml',
      fileSize: content.length,
      gnCoding: COST_FILE_SLOT.gnCoding,
      systemCoding: 'fileAnalysis',
      fileNo: COST_FILE_SLOT.annexNo,
    });
    expect(task.code, task.message).toBe(200);
    const uploadId = task.data.uploadId as string;
    for (let index = 0; index * UPLOAD_CHUNK_SIZE < content.length; index++) {
      const bytes = content.subarray(index * UPLOAD_CHUNK_SIZE, (index + 1) * UPLOAD_CHUNK_SIZE);
      const body = multipart(
        {
          uploadId,
          chunk: index,
          md5: createHash('md5').update(bytes).digest('hex'),
          fileName: 'blob',
          fileSize: content.length,
        },
        { name: 'blob', content: bytes },
      );
      const sent = await app.inject({
        method: 'POST',
        url: '/ks/upload/v1/chunk-upload',
        headers: { ...admin.headers, ...body.headers },
        payload: body.payload,
      });
      expect(sent.json().code, sent.body).toBe(200);
    }
    const merged = await call('POST', '/ks/upload/v1/file-merge', admin.headers, {
      uploadId,
      md5,
      fileName: '大文件.xml',
    });
    expect(merged.code, merged.message).toBe(200);
    const attached = await attach(admin.headers, {
      projectId: project.id,
      kind: 'control-price',
      fileId: merged.data.file.fileId,
    });
    const row = await settled(app, attached.data.id);
    expect(row).toMatchObject({ parseState: 'parsed', taxMethod: 'simple', itemCount: 24_000 });
  });

  it('refuses a non-XML stored file', async () => {
    const app = getApp();
    const admin = await as('M');
    const project = await createProject(admin.headers);
    const pdf = Buffer.from('%PDF-1.4\n1 0 obj<</Type/Catalog>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n');
    const form = multipart({ gnCoding: '', systemCoding: '' }, { name: 'a.pdf', content: pdf });
    const stored = await app.inject({
      method: 'POST',
      url: '/ks/common/common/upload/attachment',
      headers: { ...admin.headers, ...form.headers },
      payload: form.payload,
    });
    expect(
      await attach(admin.headers, {
        projectId: project.id,
        kind: 'tender-boq',
        fileId: stored.json().data.fileId,
      }),
    ).toMatchObject({ code: 400, message: '造价文件须为 XML 格式（.xml）' });

    // The uploader takes .xml only when it is XML, never markup a browser would run.
    const html = multipart(
      { gnCoding: COST_FILE_SLOT.gnCoding, systemCoding: 'fileAnalysis', fileNo: COST_FILE_SLOT.annexNo },
      { name: 'page.xml', content: Buffer.from('<html><script>alert(1)</script></html>') },
    );
    const refused = await app.inject({
      method: 'POST',
      url: '/ks/common/common/upload/annex',
      headers: { ...admin.headers, ...html.headers },
      payload: html.payload,
    });
    expect(refused.json()).toMatchObject({ code: 400, message: UPLOAD_MESSAGES.forged('xml') });
  });
});

describe('roles', () => {
  it('lets an enterprise upload and read only its own bid; bidders never see each other’s files', async () => {
    const app = getApp();
    const admin = await as('M');
    const project = await createProject(admin.headers);
    const boq = await attach(admin.headers, {
      projectId: project.id,
      kind: 'tender-boq',
      fileId: await upload(admin.headers, 'boq.xml', sample('tender-boq.xml')),
    });
    const first = await as('U');
    const second = await as('U');

    // Only its own bid, from its own stored file.
    const own = await upload(first.headers, 'bid.xml', sample('bid-clean.xml'));
    expect(
      await attach(first.headers, { projectId: project.id, kind: 'control-price', fileId: own }),
    ).toMatchObject({
      code: 403,
      message: '企业用户只能上传本单位的投标报价',
    });
    expect(await attach(second.headers, { projectId: project.id, kind: 'bid', fileId: own })).toMatchObject({
      code: 404,
      message: '文件不存在',
    });
    const bid = await attach(first.headers, {
      projectId: project.id,
      kind: 'bid',
      fileId: own,
      bidderName: '冒名',
    });
    expect(bid.code, bid.message).toBe(200);
    expect(bid.data.bidderName).not.toBe('冒名');
    expect(await attach(first.headers, { projectId: project.id, kind: 'bid', fileId: own })).toMatchObject({
      code: 400,
      message: '该投标人已上传投标报价，请先删除原文件',
    });
    const secondBid = await attach(second.headers, {
      projectId: project.id,
      kind: 'bid',
      fileId: await upload(second.headers, 'bid2.xml', sample('bid-wrong-total.xml')),
    });
    await settled(app, bid.data.id);
    await settled(app, secondBid.data.id);

    // The project list shows each enterprise its own files only; the administrator sees all.
    const filesOf = async (headers: Headers) =>
      (await call('GET', '/ks/analyse/cost-projects?pageSize=100', headers)).data.records
        .find((p: { id: string }) => p.id === project.id)
        .files.map((f: { id: string }) => f.id);
    expect(await filesOf(first.headers)).toEqual([bid.data.id]);
    expect(await filesOf(second.headers)).toEqual([secondBid.data.id]);
    expect(await filesOf(admin.headers)).toEqual([boq.data.id, bid.data.id, secondBid.data.id]);

    // Reading another bidder's file or the tender's files answers as if it did not exist.
    for (const id of [secondBid.data.id, boq.data.id]) {
      expect(await call('POST', '/ks/analyse/xml_analysis', first.headers, { id })).toMatchObject({
        code: 404,
        message: '造价文件不存在',
      });
      expect(await call('POST', '/ks/file/detection/parse-data', first.headers, { id })).toMatchObject({
        code: 404,
      });
    }
    expect(await call('POST', '/ks/analyse/xml_analysis', first.headers, { id: bid.data.id })).toMatchObject({
      code: 200,
      data: { parseState: 'parsed' },
    });
    expect(await call('DELETE', `/ks/analyse/cost-files/${secondBid.data.id}`, first.headers)).toMatchObject({
      code: 404,
    });
    // Administrators' operations stay theirs.
    expect(
      await call('POST', '/ks/analyse/cost-projects', first.headers, {
        code: 'X',
        name: 'y',
        region: '330000',
      }),
    ).toMatchObject({
      code: 403,
    });
    expect(
      await call('DELETE', `/ks/analyse/cost-projects/${project.id}?version=1`, first.headers),
    ).toMatchObject({ code: 403 });
    expect(await call('POST', `/ks/analyse/cost-files/${bid.data.id}/parse`, first.headers)).toMatchObject({
      code: 403,
    });
    // Its own bid it may delete.
    expect(await call('DELETE', `/ks/analyse/cost-files/${bid.data.id}`, first.headers)).toMatchObject({
      code: 200,
    });
    expect(await filesOf(first.headers)).toEqual([]);
  });

  it('an enterprise may not delete a bid an administrator attached for it', async () => {
    const admin = await as('M');
    const project = await createProject(admin.headers);
    const enterprise = await as('U');
    const bid = await attach(admin.headers, {
      projectId: project.id,
      kind: 'bid',
      bidderUserId: enterprise.user.id,
      fileId: await upload(admin.headers, 'bid.xml', sample('bid-clean.xml')),
    });
    expect(bid.code, bid.message).toBe(200);
    expect(await call('DELETE', `/ks/analyse/cost-files/${bid.data.id}`, enterprise.headers)).toMatchObject({
      code: 403,
      message: '只能删除本单位上传的投标报价',
    });
  });

  it('offers exactly the actions whose calls pass: the centre all, an enterprise its own upload', async () => {
    const admin = await as('M');
    const project = await createProject(admin.headers);
    const enterprise = await as('U');
    const forEnterprise = await attach(admin.headers, {
      projectId: project.id,
      kind: 'bid',
      bidderUserId: enterprise.user.id,
      fileId: await upload(admin.headers, 'bid.xml', sample('bid-clean.xml')),
    });
    expect(forEnterprise.data.actions).toEqual(['reparse', 'delete']);
    const pageOf = async (headers: Headers): Promise<CostProjectPage> =>
      (await call('GET', '/ks/analyse/cost-projects?pageSize=100', headers)).data;
    const projectIn = (page: CostProjectPage) => {
      const found = page.records.find((p) => p.id === project.id);
      if (!found) throw new Error('the project is not listed');
      return found;
    };

    const centre = await pageOf(admin.headers);
    expect(centre.actions).toEqual(['create']);
    expect(projectIn(centre)).toMatchObject({
      actions: ['delete'],
      upload: { kinds: ['tender-boq', 'control-price', 'bid'], choosesBidder: true },
    });

    // The enterprise sees the bid attached for it but may not delete it, and the calls agree.
    const own = await pageOf(enterprise.headers);
    expect(own.actions).toEqual([]);
    expect(projectIn(own)).toMatchObject({ actions: [], upload: { kinds: ['bid'], choosesBidder: false } });
    expect(projectIn(own).files.map((f) => f.actions)).toEqual([[]]);
    expect(
      await call('DELETE', `/ks/analyse/cost-files/${forEnterprise.data.id}`, enterprise.headers),
    ).toMatchObject({
      code: 403,
    });
    expect(
      await call('POST', `/ks/analyse/cost-files/${forEnterprise.data.id}/parse`, enterprise.headers),
    ).toMatchObject({
      code: 403,
    });
    // What it uploads itself it may delete (a second bid is refused, so the centre's goes first).
    expect(
      await call('DELETE', `/ks/analyse/cost-files/${forEnterprise.data.id}`, admin.headers),
    ).toMatchObject({ code: 200 });
    const ownBid = await attach(enterprise.headers, {
      projectId: project.id,
      kind: 'bid',
      fileId: await upload(enterprise.headers, 'bid.xml', sample('bid-clean.xml')),
    });
    expect(ownBid.data.actions).toEqual(['delete']);
    expect(projectIn(await pageOf(enterprise.headers)).files.map((f) => f.actions)).toEqual([['delete']]);
    expect(
      await call('DELETE', `/ks/analyse/cost-files/${ownBid.data.id}`, enterprise.headers),
    ).toMatchObject({
      code: 200,
    });
  });

  it('refuses personnel and developers on every cost-file route', async () => {
    const admin = await as('M');
    const project = await createProject(admin.headers);
    const file = await attach(admin.headers, {
      projectId: project.id,
      kind: 'tender-boq',
      fileId: await upload(admin.headers, 'boq.xml', sample('tender-boq.xml')),
    });
    for (const role of ['P', 'D'] as const) {
      const { headers } = await as(role);
      const answers = [
        await call('GET', '/ks/analyse/cost-projects', headers),
        await call('POST', '/ks/analyse/cost-projects', headers, { code: 'A', name: 'B', region: '330000' }),
        await call('DELETE', `/ks/analyse/cost-projects/${project.id}?version=1`, headers),
        await call('POST', '/ks/analyse/cost-files', headers, {
          projectId: project.id,
          kind: 'bid',
          fileId: file.data.fileId,
        }),
        await call('DELETE', `/ks/analyse/cost-files/${file.data.id}`, headers),
        await call('POST', `/ks/analyse/cost-files/${file.data.id}/parse`, headers),
        await call('POST', '/ks/analyse/xml_analysis', headers, { id: file.data.id }),
        await call('POST', '/ks/file/detection/parse-data', headers, { id: file.data.id }),
      ];
      expect(answers.map((a) => a.code)).toEqual(Array(8).fill(403));
    }
  });
});
