import { randomUUID } from 'node:crypto';
import {
  COST_CHECK_DONE_MESSAGE,
  COST_CHECK_NO_FILES_MESSAGE,
  COST_CHECK_NO_PROJECT_MESSAGE,
  COST_CHECK_PENDING_FILES_MESSAGE,
  COST_CHECK_RUNNING_MESSAGE,
} from '@ks/contract';
import { and, eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { beforeAll, describe, expect, it } from 'vitest';
import { cleanItems, insertParsedFile, insertProject } from '../../../test/cost-file-fixtures.ts';
import { createUser, loginAs, type TestUser, useTestApp } from '../../../test/helper.ts';
import { costCheckFindings, costCheckRuns } from '../../db/schema/cost-checks.ts';
import { notifyDeliveries, notifyMessages } from '../../db/schema/notify.ts';
import { RULES_STALE_MESSAGE } from './rules-service.ts';
import { COST_CHECK_JOB, NOT_A_BIDDER_MESSAGE, OTHER_BIDDER_MESSAGE } from './service.ts';

const getApp = useTestApp();
type Headers = { authorization: string };

let admin: TestUser;
let adminHeaders: Headers;
let bidderA: TestUser;
let bidderAHeaders: Headers;
let bidderB: TestUser;
let outsiderHeaders: Headers;
let personnelHeaders: Headers;
let developerHeaders: Headers;

beforeAll(async () => {
  const app = getApp();
  admin = await createUser(app, 'M');
  adminHeaders = (await loginAs(app, admin)).headers;
  bidderA = await createUser(app, 'U');
  bidderAHeaders = (await loginAs(app, bidderA)).headers;
  bidderB = await createUser(app, 'U');
  outsiderHeaders = (await loginAs(app, await createUser(app, 'U'))).headers;
  personnelHeaders = (await loginAs(app, await createUser(app, 'P'))).headers;
  developerHeaders = (await loginAs(app, await createUser(app, 'D'))).headers;
});

const post = (url: string, headers: Headers, payload: unknown) =>
  getApp().inject({ method: 'POST', url, headers, payload: payload as object });

/** A project with a tender BOQ, a control price, a clean bid (A) and a bid with planted errors (B). */
async function project() {
  const db = getApp().db;
  // With an approved estimate above the control price, the control price has nothing to report.
  const p = await insertProject(db, {
    name: `检测项目${randomUUID().slice(0, 6)}`,
    createdBy: admin.id,
    approvedEstimate: '1400000.00',
  });
  await insertParsedFile(db, { projectId: p.id, kind: 'tender-boq', uploadedBy: admin.id });
  await insertParsedFile(db, { projectId: p.id, kind: 'control-price', uploadedBy: admin.id });
  const clean = await insertParsedFile(db, {
    projectId: p.id,
    kind: 'bid',
    uploadedBy: bidderA.id,
    bidderUserId: bidderA.id,
    bidderName: '甲公司',
  });
  const items = cleanItems();
  const at = (i: number) => {
    const item = items[i];
    if (!item) throw new Error('fixture item missing');
    return item;
  };
  // Planted: a wrong 合价 (C16) and a changed quantity (C14), both keeping the sums.
  items[0] = { ...at(0), total: '100010.00' };
  items[1] = { ...at(1), quantity: '99.0000', unitPrice: '1010.10', total: '99999.90' };
  items[2] = { ...at(2), total: '99990.10' };
  const broken = await insertParsedFile(db, {
    projectId: p.id,
    kind: 'bid',
    uploadedBy: bidderB.id,
    bidderUserId: bidderB.id,
    bidderName: '乙公司',
    items,
  });
  return { project: p, clean: clean.file, broken: broken.file };
}

async function runJob(runId: string, options: { attempt?: number; failAt?: number } = {}) {
  const job = getApp().jobs.find(COST_CHECK_JOB);
  if (!job) throw new Error('job not defined');
  let calls = 0;
  await job.handle(
    { runId },
    {
      jobId: randomUUID(),
      attempt: options.attempt ?? 1,
      signal: new AbortController().signal,
      reportProgress: async () => {
        calls += 1;
        if (options.failAt === calls) throw new Error('进程被终止');
      },
    },
  );
}

async function start(xmId: string, headers = adminHeaders) {
  const response = await post('/ks/file/detection/cost-check', headers, { xmId, gnCoding: 'fileAnalysis' });
  return { status: response.statusCode, body: response.json() };
}

describe('starting a check', () => {
  it('answers isSuccess false with the reason, and changes nothing', async () => {
    const missing = await start(randomUUID());
    expect(missing.body).toMatchObject({
      code: 200,
      data: { isSuccess: false, errorMessage: COST_CHECK_NO_PROJECT_MESSAGE },
    });
    const db = getApp().db;
    const empty = await insertProject(db, { name: '空项目', createdBy: admin.id });
    expect((await start(empty.id)).body.data.errorMessage).toBe(COST_CHECK_NO_FILES_MESSAGE);
    await insertParsedFile(db, {
      projectId: empty.id,
      kind: 'bid',
      uploadedBy: admin.id,
      parseState: 'pending',
    });
    expect((await start(empty.id)).body.data.errorMessage).toBe(COST_CHECK_PENDING_FILES_MESSAGE);
    expect(await db.select().from(costCheckRuns).where(eq(costCheckRuns.projectId, empty.id))).toEqual([]);
  });

  it('checks its input', async () => {
    const response = await post('/ks/file/detection/cost-check', adminHeaders, { xmId: 'x', gnCoding: '' });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toContain('项目编号无效');
  });

  it('is for administrators only', async () => {
    const { project: p } = await project();
    for (const headers of [bidderAHeaders, personnelHeaders, developerHeaders]) {
      expect((await start(p.id, headers)).status).toBe(403);
    }
  });

  it('runs as a job: findings, rule version, progress, the requester told', async () => {
    const { project: p, clean, broken } = await project();
    const started = await start(p.id);
    expect(started.body.data).toMatchObject({ isSuccess: true, errorMessage: '' });
    const runId = started.body.data.runId as string;

    // A second start while the first is queued is refused with a clear message.
    expect((await start(p.id)).body.data).toMatchObject({
      isSuccess: false,
      errorMessage: COST_CHECK_RUNNING_MESSAGE,
    });
    const queued = await post('/ks/file/detection/status', adminHeaders, { xmId: p.id });
    expect(queued.json().data).toMatchObject({ state: 'queued', active: { runId } });

    await runJob(runId);
    const status = (await post('/ks/file/detection/status', adminHeaders, { xmId: p.id })).json().data;
    expect(status).toMatchObject({ state: 'done', result: { runId, ruleVersion: 1, progress: 100 } });
    const perFile = Object.fromEntries(
      status.files.map((f: { fileId: string; errors: number }) => [f.fileId, f.errors]),
    );
    expect(perFile[clean.id]).toBe(0);
    const cleanPage = (
      await post('/ks/file/detection/cost-check/findings', adminHeaders, { xmId: p.id, fileId: clean.id })
    ).json().data;
    expect(cleanPage.records).toEqual([]);
    expect(perFile[broken.id]).toBeGreaterThan(0);

    const findings = (
      await post('/ks/file/detection/cost-check/findings', adminHeaders, { xmId: p.id, fileId: broken.id })
    ).json().data;
    expect(findings.run.ruleVersion).toBe(1);
    const rules = findings.records.map((f: { rule: string; itemCode: string }) => `${f.rule}:${f.itemCode}`);
    expect(rules).toEqual(
      expect.arrayContaining(['C14:010101001002', 'C16:010101001001', 'C16:010101001003']),
    );
    const quantity = findings.records.find((f: { rule: string }) => f.rule === 'C14');
    expect(quantity).toMatchObject({
      expected: '100.0000',
      found: '99.0000',
      nodePath: '1.1.1',
      severity: 'error',
    });

    const [notice] = await getApp()
      .db.select({ messages: notifyMessages.messages })
      .from(notifyMessages)
      .innerJoin(notifyDeliveries, eq(notifyDeliveries.messageId, notifyMessages.id))
      .where(and(eq(notifyDeliveries.userId, admin.id), eq(notifyMessages.category, 'job_result')));
    expect(notice?.messages).toContain(COST_CHECK_DONE_MESSAGE);

    // Redelivered after it finished: nothing changes.
    await runJob(runId);
    const count = await getApp()
      .db.select()
      .from(costCheckFindings)
      .where(eq(costCheckFindings.projectId, p.id));
    expect(count).toHaveLength(findings.total);
  });

  it('a re-run replaces the result; a run killed midway leaves the old one and re-runs from the start', async () => {
    const { project: p, broken } = await project();
    const first = (await start(p.id)).body.data.runId as string;
    await runJob(first);
    const before = await getApp()
      .db.select()
      .from(costCheckFindings)
      .where(eq(costCheckFindings.projectId, p.id));
    expect(before.length).toBeGreaterThan(0);

    const second = (await start(p.id)).body.data.runId as string;
    await expect(runJob(second, { failAt: 1 })).rejects.toThrow('进程被终止');
    const during = await getApp()
      .db.select()
      .from(costCheckFindings)
      .where(eq(costCheckFindings.projectId, p.id));
    expect(during.map((f) => f.runId)).toEqual(before.map(() => first));
    expect((await post('/ks/file/detection/status', adminHeaders, { xmId: p.id })).json().data).toMatchObject(
      {
        state: 'running',
        result: { runId: first },
      },
    );

    await runJob(second, { attempt: 2 });
    const after = await getApp()
      .db.select()
      .from(costCheckFindings)
      .where(eq(costCheckFindings.projectId, p.id));
    expect(after.length).toBe(before.length);
    expect(new Set(after.map((f) => f.runId))).toEqual(new Set([second]));
    const page = (
      await post('/ks/file/detection/cost-check/findings', adminHeaders, {
        xmId: p.id,
        fileId: broken.id,
        rule: 'C16',
      })
    ).json().data;
    expect(page.run.runId).toBe(second);
    expect(page.records.every((f: { rule: string }) => f.rule === 'C16')).toBe(true);
  });

  it('two starts at the same moment: one runs, the other is refused', async () => {
    const { project: p } = await project();
    const answers = await Promise.all([start(p.id), start(p.id)]);
    const outcomes = answers.map((a) => a.body.data.isSuccess).sort();
    expect(outcomes).toEqual([false, true]);
    expect(answers.find((a) => !a.body.data.isSuccess)?.body.data.errorMessage).toBe(
      COST_CHECK_RUNNING_MESSAGE,
    );
    const runs = await getApp().db.select().from(costCheckRuns).where(eq(costCheckRuns.projectId, p.id));
    expect(runs).toHaveLength(1);
  });

  it('a run superseded as dead does nothing when its job comes late', async () => {
    const { project: p } = await project();
    const stale = (await start(p.id)).body.data.runId as string;
    await getApp()
      .db.update(costCheckRuns)
      .set({ updatedAt: new Date(Date.now() - 2 * 3600 * 1000) })
      .where(eq(costCheckRuns.id, stale));
    const fresh = (await start(p.id)).body.data.runId as string;
    expect(fresh).toBeTruthy();
    await runJob(stale);
    const [old] = await getApp().db.select().from(costCheckRuns).where(eq(costCheckRuns.id, stale));
    expect(old).toMatchObject({ state: 'failed', errorMessage: '检测中断' });
    expect(
      await getApp().db.select().from(costCheckFindings).where(eq(costCheckFindings.runId, stale)),
    ).toEqual([]);
    await runJob(fresh);
    const [done] = await getApp().db.select().from(costCheckRuns).where(eq(costCheckRuns.id, fresh));
    expect(done?.state).toBe('done');
  });

  it('a run failing its last attempt is marked failed and the project may start again', async () => {
    const { project: p } = await project();
    const runId = (await start(p.id)).body.data.runId as string;
    await expect(runJob(runId, { attempt: 3, failAt: 1 })).rejects.toThrow();
    const [run] = await getApp().db.select().from(costCheckRuns).where(eq(costCheckRuns.id, runId));
    expect(run).toMatchObject({ state: 'failed', errorMessage: '进程被终止' });
    expect((await start(p.id)).body.data.isSuccess).toBe(true);
  });
});

describe('who sees which findings', () => {
  let ids: Awaited<ReturnType<typeof project>>;
  beforeAll(async () => {
    ids = await project();
    await runJob((await start(ids.project.id)).body.data.runId);
  });

  it('an enterprise sees only its own bid', async () => {
    const own = (
      await post('/ks/file/detection/cost-check/findings', bidderAHeaders, { xmId: ids.project.id })
    ).json().data;
    expect(own.records.every((f: { fileId: string }) => f.fileId === ids.clean.id)).toBe(true);
    const status = (await post('/ks/file/detection/status', bidderAHeaders, { xmId: ids.project.id })).json()
      .data;
    expect(status.files.map((f: { fileId: string }) => f.fileId)).toEqual([ids.clean.id]);

    const other = await post('/ks/file/detection/cost-check/findings', bidderAHeaders, {
      xmId: ids.project.id,
      fileId: ids.broken.id,
    });
    expect(other.statusCode).toBe(403);
    expect(other.json().message).toBe(OTHER_BIDDER_MESSAGE);
    const outsider = await post('/ks/file/detection/cost-check/findings', outsiderHeaders, {
      xmId: ids.project.id,
    });
    expect(outsider.statusCode).toBe(403);
    expect(outsider.json().message).toBe(NOT_A_BIDDER_MESSAGE);
  });

  it('the summary tree marks the nodes with findings, for whoever may see the file', async () => {
    const nodes = await post('/ks/file/detection/cost-check/nodes', adminHeaders, {
      xmId: ids.project.id,
      fileId: ids.broken.id,
    });
    const rows = nodes.json().data as { path: string; findings: number; errors: number; zzj: string }[];
    expect(rows.map((r) => r.path)).toEqual(['1', '1.1', '1.1.1']);
    expect(rows[2]).toMatchObject({ zzj: '1315456.00', findings: 3, errors: 3 });
    expect(rows[0]).toMatchObject({ findings: 0 });
    const own = await post('/ks/file/detection/cost-check/nodes', bidderAHeaders, {
      xmId: ids.project.id,
      fileId: ids.clean.id,
    });
    expect(own.json().data.every((r: { findings: number }) => r.findings === 0)).toBe(true);
    const other = await post('/ks/file/detection/cost-check/nodes', bidderAHeaders, {
      xmId: ids.project.id,
      fileId: ids.broken.id,
    });
    expect(other.statusCode).toBe(403);
    expect(
      (
        await post('/ks/file/detection/cost-check/nodes', personnelHeaders, {
          xmId: ids.project.id,
          fileId: ids.clean.id,
        })
      ).statusCode,
    ).toBe(403);
  });

  it('personnel and developers are refused', async () => {
    for (const headers of [personnelHeaders, developerHeaders]) {
      expect(
        (await post('/ks/file/detection/cost-check/findings', headers, { xmId: ids.project.id })).statusCode,
      ).toBe(403);
      expect((await post('/ks/file/detection/status', headers, { xmId: ids.project.id })).statusCode).toBe(
        403,
      );
      expect(
        (await post('/ks/file/detection/cost-check/findings/export', headers, { xmId: ids.project.id }))
          .statusCode,
      ).toBe(403);
    }
  });

  it('filters by severity and node, and exports xlsx', async () => {
    const errors = (
      await post('/ks/file/detection/cost-check/findings', adminHeaders, {
        xmId: ids.project.id,
        severity: 'error',
        nodePath: '1.1',
      })
    ).json().data;
    expect(errors.total).toBeGreaterThan(0);
    expect(
      errors.records.every(
        (f: { severity: string; nodePath: string }) => f.severity === 'error' && f.nodePath.startsWith('1.1'),
      ),
    ).toBe(true);
    const bad = await post('/ks/file/detection/cost-check/findings', adminHeaders, {
      xmId: ids.project.id,
      nodePath: '1..2',
    });
    expect(bad.json().message).toContain('节点路径无效');

    const response = await post('/ks/file/detection/cost-check/findings/export', bidderAHeaders, {
      xmId: ids.project.id,
    });
    expect(response.statusCode).toBe(200);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(response.rawPayload as unknown as ArrayBuffer);
    const sheet = workbook.getWorksheet('检测结果');
    expect(sheet?.getRow(2).getCell(1).value).toContain('规则版本：1');
    const bidders = new Set<string>();
    sheet?.eachRow((row, n) => {
      if (n > 3) bidders.add(String(row.getCell(5).value));
    });
    expect([...bidders].every((b) => b === '甲公司')).toBe(true);
  });
});

describe('rule configuration', () => {
  it('administrators read the seeded version and save new ones; old ones stay as they were', async () => {
    const current = (
      await getApp().inject({ method: 'GET', url: '/ks/file/detection/cost-rules', headers: adminHeaders })
    ).json().data;
    expect(current).toMatchObject({
      version: 1,
      current: true,
      config: { vat: { generalPercent: 9, simplePercent: 3 } },
    });
    const config = { ...current.config, vat: { generalPercent: 10, simplePercent: 3 } };
    const saved = await post('/ks/file/detection/cost-rules', adminHeaders, {
      config,
      note: '税率调整',
      baseVersion: 1,
    });
    expect(saved.json()).toMatchObject({
      code: 200,
      message: '保存成功',
      data: { version: 2, current: true },
    });

    const stale = await post('/ks/file/detection/cost-rules', adminHeaders, {
      config,
      note: '再改',
      baseVersion: 1,
    });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().message).toBe(RULES_STALE_MESSAGE);

    const old = (
      await getApp().inject({
        method: 'GET',
        url: '/ks/file/detection/cost-rules?version=1',
        headers: adminHeaders,
      })
    ).json().data;
    expect(old).toMatchObject({ version: 1, current: false, config: { vat: { generalPercent: 9 } } });
    const versions = (
      await getApp().inject({
        method: 'GET',
        url: '/ks/file/detection/cost-rules/versions',
        headers: adminHeaders,
      })
    ).json().data;
    expect(versions.map((v: { version: number }) => v.version)).toEqual([2, 1]);

    // A new run records the version it used.
    const { project: p } = await project();
    const runId = (await start(p.id)).body.data.runId as string;
    await runJob(runId);
    const [run] = await getApp().db.select().from(costCheckRuns).where(eq(costCheckRuns.id, runId));
    expect(run?.ruleVersion).toBe(2);
  });

  it('refuses an invalid configuration and non-administrators', async () => {
    const current = (
      await getApp().inject({ method: 'GET', url: '/ks/file/detection/cost-rules', headers: adminHeaders })
    ).json().data;
    const invalid = await post('/ks/file/detection/cost-rules', adminHeaders, {
      config: { ...current.config, provisionalSum: { minPercent: 20, maxPercent: 10 } },
      note: '错误',
      baseVersion: current.version,
    });
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json().message).toContain('暂列金额下限不能大于上限');
    const noDefault = await post('/ks/file/detection/cost-rules', adminHeaders, {
      config: {
        ...current.config,
        rates: current.config.rates.filter((r: { region: string }) => r.region !== '*'),
      },
      note: '错误',
      baseVersion: current.version,
    });
    expect(noDefault.json().message).toContain('默认费率');
    // The seeded set carries the national formula and 浙江's; a set without the default is refused.
    expect(current.config.composition.map((f: { region: string }) => f.region)).toEqual(['*', '330000']);
    expect(current.config.complaintThresholdPercent).toBe(3);
    const noFormula = await post('/ks/file/detection/cost-rules', adminHeaders, {
      config: {
        ...current.config,
        composition: current.config.composition.filter((f: { region: string }) => f.region !== '*'),
      },
      note: '错误',
      baseVersion: current.version,
    });
    expect(noFormula.statusCode).toBe(400);
    expect(noFormula.json().message).toContain('造价构成公式中必须有一条适用于所有地区的默认公式');
    const badTerm = await post('/ks/file/detection/cost-rules', adminHeaders, {
      config: { ...current.config, composition: [{ ...current.config.composition[0], terms: ['zzj'] }] },
      note: '错误',
      baseVersion: current.version,
    });
    expect(badTerm.json().message).toContain('造价构成项无效');
    const missingVersion = await getApp().inject({
      method: 'GET',
      url: '/ks/file/detection/cost-rules?version=99',
      headers: adminHeaders,
    });
    expect(missingVersion.statusCode).toBe(404);
    for (const headers of [bidderAHeaders, personnelHeaders, developerHeaders]) {
      expect(
        (await getApp().inject({ method: 'GET', url: '/ks/file/detection/cost-rules', headers })).statusCode,
      ).toBe(403);
      expect(
        (
          await post('/ks/file/detection/cost-rules', headers, {
            config: current.config,
            note: 'x',
            baseVersion: 1,
          })
        ).statusCode,
      ).toBe(403);
    }
  });
});

describe('the approved estimate (C18) and the bids’ origin (C20)', () => {
  const estimateUrl = '/ks/file/detection/approved-estimate';
  const put = (headers: Headers, payload: unknown) =>
    getApp().inject({ method: 'PUT', url: estimateUrl, headers, payload: payload as object });
  const get = (headers: Headers, xmId: string) =>
    getApp().inject({ method: 'GET', url: `${estimateUrl}?xmId=${xmId}`, headers });

  it('the project owner (an administrator) sets and clears it; a stale version is refused', async () => {
    const p = await insertProject(getApp().db, { name: '概算项目', createdBy: admin.id });
    expect((await get(adminHeaders, p.id)).json().data).toEqual({
      xmId: p.id,
      projectName: '概算项目',
      approvedEstimate: null,
      version: 1,
    });
    const saved = await put(adminHeaders, { xmId: p.id, approvedEstimate: '1300000.5', version: 1 });
    expect(saved.statusCode).toBe(200);
    expect(saved.json().data).toMatchObject({ approvedEstimate: '1300000.50', version: 2 });
    const stale = await put(adminHeaders, { xmId: p.id, approvedEstimate: '1.00', version: 1 });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().message).toBe('项目已被他人修改，请刷新后重试');
    const missing = await put(adminHeaders, { xmId: randomUUID(), approvedEstimate: '1.00', version: 1 });
    expect(missing.statusCode).toBe(404);
    expect((await get(adminHeaders, randomUUID())).statusCode).toBe(404);
    const cleared = await put(adminHeaders, { xmId: p.id, approvedEstimate: null, version: 2 });
    expect(cleared.json().data).toMatchObject({ approvedEstimate: null, version: 3 });
  });

  it('refuses bad amounts with a clear message and changes nothing', async () => {
    const p = await insertProject(getApp().db, { name: '概算校验', createdBy: admin.id });
    const cases: [unknown, string][] = [
      ['12.345', '最多两位小数'],
      ['-1', '最多两位小数'],
      ['0.00', '批准的概算必须大于 0'],
      ['1e9', '最多两位小数'],
      ['12\u000734', '不能包含控制字符'],
      ['9'.repeat(17), '不超过 16 位整数'],
      [1300000, '请输入批准的概算金额'],
    ];
    for (const [approvedEstimate, message] of cases) {
      const response = await put(adminHeaders, { xmId: p.id, approvedEstimate, version: 1 });
      expect(response.statusCode, String(approvedEstimate)).toBe(400);
      expect(response.json().message).toContain(message);
    }
    expect((await get(adminHeaders, p.id)).json().data).toMatchObject({ approvedEstimate: null, version: 1 });
  });

  it('enterprises, personnel and developers may neither read nor set it', async () => {
    const p = await insertProject(getApp().db, { name: '概算权限', createdBy: admin.id });
    for (const headers of [bidderAHeaders, personnelHeaders, developerHeaders]) {
      expect((await get(headers, p.id)).statusCode).toBe(403);
      const response = await put(headers, { xmId: p.id, approvedEstimate: '1.00', version: 1 });
      expect(response.statusCode).toBe(403);
    }
    expect((await get(adminHeaders, p.id)).json().data).toMatchObject({ approvedEstimate: null, version: 1 });
  });

  it('a check holds the control price to the estimate and flags bids sharing a lock serial', async () => {
    const db = getApp().db;
    // The fixture's control price totals 1,315,456.00.
    const p = await insertProject(db, {
      name: '概算检测',
      createdBy: admin.id,
      approvedEstimate: '1315000.00',
    });
    const control = await insertParsedFile(db, {
      projectId: p.id,
      kind: 'control-price',
      uploadedBy: admin.id,
    });
    const lock = { lockSerial: 'JS-4471-0832-19', macAddress: '3C-7C-3F-21-8A-10' };
    const a = await insertParsedFile(db, {
      projectId: p.id,
      kind: 'bid',
      uploadedBy: bidderA.id,
      bidderName: '甲公司',
      origin: lock,
    });
    const b = await insertParsedFile(db, {
      projectId: p.id,
      kind: 'bid',
      uploadedBy: bidderB.id,
      bidderName: '乙公司',
      origin: { lockSerial: 'js4471083219', macAddress: '00-E0-4C-68-02-3B' },
    });
    const c = await insertParsedFile(db, {
      projectId: p.id,
      kind: 'bid',
      uploadedBy: admin.id,
      bidderName: '丙公司',
    });
    const findingsOf = async (fileId: string, rule: string) =>
      (
        await post('/ks/file/detection/cost-check/findings', adminHeaders, { xmId: p.id, fileId, rule })
      ).json().data.records as { severity: string; message: string; expected: string | null }[];

    await runJob((await start(p.id)).body.data.runId);
    expect(await findingsOf(control.file.id, 'C18')).toEqual([
      expect.objectContaining({ severity: 'error', expected: '不高于 1315000.00' }),
    ]);
    expect(await findingsOf(a.file.id, 'C20')).toEqual([
      expect.objectContaining({
        severity: 'flag',
        message: expect.stringContaining('加密锁号与乙公司的相同'),
      }),
    ]);
    expect(await findingsOf(b.file.id, 'C20')).toEqual([
      expect.objectContaining({
        severity: 'flag',
        message: expect.stringContaining('加密锁号与甲公司的相同'),
      }),
    ]);
    expect(await findingsOf(c.file.id, 'C20')).toEqual([]);

    // Raised to the control price, then cleared: passed, then not checked (said so).
    await put(adminHeaders, { xmId: p.id, approvedEstimate: '1315456.00', version: 1 });
    await runJob((await start(p.id)).body.data.runId);
    expect(await findingsOf(control.file.id, 'C18')).toEqual([]);
    await put(adminHeaders, { xmId: p.id, approvedEstimate: null, version: 2 });
    await runJob((await start(p.id)).body.data.runId);
    expect(await findingsOf(control.file.id, 'C18')).toEqual([
      expect.objectContaining({
        severity: 'skipped',
        message: '项目未设置批准的概算，未核对招标控制价是否超过概算',
      }),
    ]);
  });
});

describe('the published control price (C18)', () => {
  const url = '/ks/file/detection/control-price';
  it('shows administrators and the project’s bidders the total and each unit’s F, C, Q, G, S', async () => {
    const { project: p } = await project();
    const expected = {
      xmId: p.id,
      projectName: p.name,
      controlTotal: '1315456.00',
      units: [
        {
          path: '1.1.1',
          name: '1号楼建筑工程',
          zy: '建筑工程',
          fbfxf: '1000000.00',
          csxmf: '50000.00',
          qtxmf: '120000.00',
          gf: '25000.00',
          sj: '120456.00',
        },
      ],
    };
    for (const headers of [adminHeaders, bidderAHeaders]) {
      const response = await post(url, headers, { xmId: p.id });
      expect(response.statusCode).toBe(200);
      expect(response.json().data).toEqual(expected);
    }
  });

  it('says nothing is published before the control price is parsed', async () => {
    const p = await insertProject(getApp().db, { name: '未公布', createdBy: admin.id });
    await insertParsedFile(getApp().db, {
      projectId: p.id,
      kind: 'bid',
      uploadedBy: bidderA.id,
      bidderUserId: bidderA.id,
      bidderName: '甲公司',
    });
    expect((await post(url, bidderAHeaders, { xmId: p.id })).json().data).toMatchObject({
      controlTotal: null,
      units: [],
    });
  });

  it('refuses other enterprises, personnel and developers; a missing project is 404', async () => {
    const { project: p } = await project();
    const outsider = await post(url, outsiderHeaders, { xmId: p.id });
    expect(outsider.statusCode).toBe(403);
    expect(outsider.json().message).toBe(NOT_A_BIDDER_MESSAGE);
    for (const headers of [personnelHeaders, developerHeaders]) {
      expect((await post(url, headers, { xmId: p.id })).statusCode).toBe(403);
    }
    expect((await post(url, adminHeaders, { xmId: randomUUID() })).statusCode).toBe(404);
    expect((await post(url, adminHeaders, { xmId: 'x' })).statusCode).toBe(400);
  });
});
