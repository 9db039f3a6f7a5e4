import {
  type Project,
  ProjectEnvelopeSchema,
  ProjectListEnvelopeSchema,
  type ProjectSaveBody,
  SectionFileListEnvelopeSchema,
  SectionStatusEnvelopeSchema,
  TRADING_MESSAGES,
} from '@ks/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { multipart, PDF } from '../../../test/file-fixtures.ts';
import { createActor, loginAs, type TestActor, unique, useTestApp } from '../../../test/helper.ts';
import type { DemoSeed } from '../../engine/demo.ts';
import { toChinaTime } from './dates.ts';
import { seedDemoTrading } from './demo.ts';
import { sectionSummary, sideOf } from './public.ts';

const getApp = useTestApp();

type Headers = Record<string, string>;
const DAY = 24 * 60 * 60 * 1000;
const ahead = (days: number, hour = 9) =>
  `${toChinaTime(new Date(Date.now() + days * DAY)).slice(0, 10)} ${String(hour).padStart(2, '0')}:00`;
/** `days` ahead, rolled past a weekend: this database's calendar has no holidays unless a test adds one. */
const weekdayAhead = (days: number, hour = 9) => {
  let offset = days;
  while ([0, 6].includes(new Date(`${ahead(offset).slice(0, 10)}T00:00:00Z`).getUTCDay())) offset += 1;
  return ahead(offset, hour);
};

const sectionBody = (overrides: Record<string, unknown> = {}) => ({
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
  ...overrides,
});

const projectBody = (overrides: Partial<Record<keyof ProjectSaveBody, unknown>> = {}) => ({
  name: unique('项目'),
  capacity: 'tenderee',
  principal: '张三',
  principalPhone: '13912345678',
  sections: [sectionBody()],
  ...overrides,
});

let centre: TestActor;
let supervisor: TestActor;
let tenderee: TestActor;
let agent: TestActor;
let bidder: TestActor;
let personnel: TestActor;
let developer: TestActor;

async function call(method: 'GET' | 'POST', url: string, headers: Headers, payload?: object) {
  const response = await getApp().inject({ method, url, headers, ...(payload ? { payload } : {}) });
  return {
    status: response.statusCode,
    body: response.json() as { code: number; data: unknown; message: string },
  };
}

const save = (headers: Headers, body: object) => call('POST', '/ks/xmrc/v1/bd/save', headers, body);

async function entered(
  by: TestActor = tenderee,
  overrides: Partial<Record<keyof ProjectSaveBody, unknown>> = {},
) {
  const answer = await save(by.headers, projectBody(overrides));
  expect(answer.body.code, JSON.stringify(answer.body)).toBe(200);
  return ProjectEnvelopeSchema.parse(answer.body).data;
}

const detail = async (headers: Headers, id: string) => call('GET', `/ks/trade/records/${id}`, headers);
const submit = (headers: Headers, p: Pick<Project, 'id' | 'version'>) =>
  call('POST', '/ks/trade/submit', headers, { id: p.id, version: p.version });
const review = (headers: Headers, p: Pick<Project, 'id' | 'version'>, decision: string, reason = '') =>
  call('POST', '/ks/trade/review', headers, { id: p.id, version: p.version, decision, reason });

beforeAll(async () => {
  const app = getApp();
  [centre, supervisor, tenderee, agent, bidder, personnel, developer] = await Promise.all([
    createActor(app, 'M'),
    createActor(app, 'M', { roles: ['supervisor'] }),
    createActor(app, 'U'),
    createActor(app, 'U'),
    createActor(app, 'U'),
    createActor(app, 'P'),
    createActor(app, 'D'),
  ]);
});

describe('project entry (进场)', () => {
  it('enters a project with its sections as the tenderee, coded, as a draft with the tenderee’s side and buttons', async () => {
    const project = await entered();
    expect(project.state).toBe('draft');
    expect(project.side).toBe('tenderee');
    expect(project.actions).toEqual(['edit', 'submit', 'updatePrincipal']);
    expect(project.code).toMatch(/^JY\d{8}\d{4}$/);
    expect(project.sections).toHaveLength(1);
    expect(project.sections[0]).toMatchObject({
      code: `${project.code}-001`,
      estimatePrice: 1_000_000,
      controlPrice: 950_000,
      noticeAt: ahead(5),
    });
    expect(project.history.map((entry) => entry.action)).toEqual(['登记项目']);
    expect(project.agentName).toBeNull();
  });

  it('lets an agent enter for a tenderee it names, and answers it the agent side', async () => {
    const project = await entered(agent, { capacity: 'agent', tendereeName: '某某建设局' });
    expect(project).toMatchObject({ side: 'agent', tendereeName: '某某建设局' });
    expect(project.agentName).not.toBeNull();
    const refused = await save(agent.headers, projectBody({ capacity: 'agent', tendereeName: '' }));
    expect(refused.body).toMatchObject({
      code: 400,
      data: { tendereeName: TRADING_MESSAGES.tendereeRequired },
    });
  });

  it.each([
    ['name', { name: '' }, 'name', '请填写项目名称'],
    ['name too long', { name: '项'.repeat(101) }, 'name', '项目名称不能超过100个字'],
    ['capacity', { capacity: 'bidder' }, 'capacity', '请选择您的身份'],
    ['principal', { principal: '' }, 'principal', '请填写项目负责人'],
    ['phone', { principalPhone: '12345' }, 'principalPhone', '请输入正确的手机号码'],
    ['no sections', { sections: [] }, 'sections', '请至少填写一个标段'],
  ])('refuses a bad %s with the message under its field', async (_, overrides, field, message) => {
    const answer = await save(tenderee.headers, projectBody(overrides));
    expect(answer.body.code).toBe(400);
    expect((answer.body.data as Record<string, string>)[field]).toBe(message);
  });

  it.each([
    ['section name', { name: '' }, 'name', '请填写标段名称'],
    ['type', { type: '其他' }, 'type', '请选择标段类型'],
    ['negative estimate', { estimatePrice: -1 }, 'estimatePrice', '估算金额不能小于0'],
    ['huge estimate', { estimatePrice: 2e12 }, 'estimatePrice', '估算金额不能超过1万亿元'],
    ['three decimals', { estimatePrice: 1.234 }, 'estimatePrice', '估算金额最多保留两位小数'],
    ['control above estimate', { controlPrice: 1_000_001 }, 'controlPrice', '最高投标限价不能高于估算金额'],
    [
      'control without note',
      { controlPrice: null, controlPriceNote: '' },
      'controlPriceNote',
      '未填写最高投标限价时，请说明其确定方式',
    ],
    ['qualification', { qualification: '' }, 'qualification', '请填写资格要求'],
    ['evaluation method', { evaluationMethod: '抓阄' }, 'evaluationMethod', '请选择评标办法'],
    ['notice time', { noticeAt: '明天' }, 'noticeAt', '请选择公告发布时间'],
    [
      'sale start before notice',
      { saleStartAt: ahead(4) },
      'saleStartAt',
      '文件发售开始时间不能早于公告发布时间',
    ],
    ['sale end before start', { saleEndAt: ahead(6) }, 'saleEndAt', '文件发售截止时间应在发售开始时间之后'],
    [
      'deadline before sale end',
      { bidDeadlineAt: ahead(10) },
      'bidDeadlineAt',
      '投标截止时间应在文件发售截止时间之后',
    ],
    ['opening before deadline', { openingAt: ahead(29) }, 'openingAt', '开标时间不能早于投标截止时间'],
  ])(
    'refuses a bad %s of a section under sections.0.<field>, and saves nothing',
    async (_, overrides, field, message) => {
      const name = unique('坏项目');
      const answer = await save(tenderee.headers, projectBody({ name, sections: [sectionBody(overrides)] }));
      expect(answer.body.code).toBe(400);
      expect((answer.body.data as Record<string, string>)[`sections.0.${field}`]).toBe(message);
      const list = ProjectListEnvelopeSchema.parse(
        (await call('GET', `/ks/trade/records?keyword=${encodeURIComponent(name)}`, tenderee.headers)).body,
      );
      expect(list.data.records).toEqual([]);
    },
  );

  it('refuses a notice in the past by the server’s clock', async () => {
    const past = toChinaTime(new Date(Date.now() - DAY));
    const answer = await save(
      tenderee.headers,
      projectBody({ sections: [sectionBody({ noticeAt: past, saleStartAt: past })] }),
    );
    expect(answer.body).toMatchObject({
      code: 400,
      message: TRADING_MESSAGES.noticeInPast,
      data: { 'sections.0.noticeAt': TRADING_MESSAGES.noticeInPast },
    });
  });

  it('refuses dates that break a statutory rule of time, with the law’s words under the field', async () => {
    // 14 days from the documents' issue to the deadline: under the 20 of 招标投标法 第24条.
    const short = await save(
      tenderee.headers,
      projectBody({
        sections: [sectionBody({ bidDeadlineAt: weekdayAhead(20), openingAt: weekdayAhead(20) })],
      }),
    );
    expect(short.body.code).toBe(400);
    expect((short.body.data as Record<string, string>)['sections.0.bidDeadlineAt']).toMatch(
      /^自招标文件开始发出之日起至投标人提交投标文件截止之日止，最短不得少于二十日/,
    );
    // A sale of four days: under the five of 条例 第16条.
    const sale = await save(
      tenderee.headers,
      projectBody({ sections: [sectionBody({ saleEndAt: ahead(10, 17) })] }),
    );
    expect((sale.body.data as Record<string, string>)['sections.0.saleEndAt']).toMatch(
      /^招标文件的发售期不得少于5日/,
    );
  });

  it('refuses a deadline on a holiday the centre keeps, on save and again on submit', async () => {
    const holiday = weekdayAhead(40).slice(0, 10);
    const laterHoliday = weekdayAhead(45).slice(0, 10);
    // Saved before the centre marks its day as a holiday: submit checks again.
    const early = await entered(tenderee, {
      sections: [sectionBody({ bidDeadlineAt: `${laterHoliday} 09:00`, openingAt: `${laterHoliday} 09:00` })],
    });
    for (const day of [holiday, laterHoliday]) {
      const marked = await call('POST', '/ks/calendar/v1/days', centre.headers, {
        from: day,
        to: day,
        kind: 'holiday',
        name: '中心假日',
      });
      expect(marked.body.code).toBe(200);
    }
    const onHoliday = await save(
      tenderee.headers,
      projectBody({
        sections: [sectionBody({ bidDeadlineAt: `${holiday} 09:00`, openingAt: `${holiday} 09:00` })],
      }),
    );
    expect(onHoliday.body.code).toBe(400);
    expect((onHoliday.body.data as Record<string, string>)['sections.0.bidDeadlineAt']).toMatch(
      new RegExp(`^投标截止日${holiday}不是工作日，应顺延至下一个工作日`),
    );
    const submitted = await call('POST', '/ks/trade/submit', tenderee.headers, {
      id: early.id,
      version: early.version,
    });
    expect(submitted.body.code).toBe(400);
    expect((submitted.body.data as Record<string, string>)['sections.0.bidDeadlineAt']).toMatch(
      new RegExp(`^投标截止日${laterHoliday}不是工作日`),
    );
  });

  it('accepts no control price when its method is stated', async () => {
    const project = await entered(tenderee, {
      sections: [sectionBody({ controlPrice: null, controlPriceNote: '随招标文件公布' })],
    });
    expect(project.sections[0]).toMatchObject({ controlPrice: null, controlPriceNote: '随招标文件公布' });
  });

  it('edits a draft: updates, adds and drops sections, and refuses a stale version or a foreign section', async () => {
    const project = await entered(tenderee, {
      sections: [sectionBody({ name: '一标段' }), sectionBody({ name: '二标段' })],
    });
    const [first] = project.sections;
    const edited = await save(tenderee.headers, {
      ...projectBody({ name: project.name }),
      id: project.id,
      version: project.version,
      sections: [sectionBody({ id: first?.id, name: '一标段（改）' }), sectionBody({ name: '三标段' })],
    });
    const after = ProjectEnvelopeSchema.parse(edited.body).data;
    expect(after.sections.map((s) => [s.name, s.code])).toEqual([
      ['一标段（改）', `${project.code}-001`],
      ['三标段', `${project.code}-003`],
    ]);
    const stale = await save(tenderee.headers, {
      ...projectBody(),
      id: project.id,
      version: project.version,
    });
    expect(stale.body).toMatchObject({ code: 409, message: TRADING_MESSAGES.stale });
    const other = await entered();
    const foreign = await save(tenderee.headers, {
      ...projectBody(),
      id: project.id,
      version: after.version,
      sections: [sectionBody({ id: other.sections[0]?.id })],
    });
    expect(foreign.body).toMatchObject({ code: 400, message: TRADING_MESSAGES.sectionOfOtherProject });
  });

  it('is refused to the centre, supervisors (read only), personnel and developers', async () => {
    expect((await save(centre.headers, projectBody())).body).toMatchObject({
      code: 403,
      message: '只有企业账号可以登记项目',
    });
    expect((await save(supervisor.headers, projectBody())).body).toMatchObject({
      code: 403,
      message: TRADING_MESSAGES.supervisorReadOnly,
    });
    expect((await save(personnel.headers, projectBody())).body.code).toBe(403);
    expect((await save(developer.headers, projectBody())).body.code).toBe(403);
  });
});

describe('who sees a project', () => {
  it('answers a supervisor its stored role in the session, and an administrator the default', async () => {
    const roles = async (actor: TestActor) =>
      ((await call('GET', '/ks/individual/user-info', actor.headers)).body.data as { roles: string[] }).roles;
    expect(await roles(supervisor)).toEqual(['supervisor']);
    expect(await roles(centre)).toEqual(['admin']);
  });

  it('shows an entered project to its parties, the centre and supervisors, each with its side; never to another enterprise', async () => {
    const project = await entered(agent, { capacity: 'agent', tendereeName: '某区教育局' });
    for (const [actor, side] of [
      [agent, 'agent'],
      [centre, 'centre'],
      [supervisor, 'supervisor'],
    ] as const) {
      const seen = ProjectEnvelopeSchema.parse((await detail(actor.headers, project.id)).body).data;
      expect(seen.side).toBe(side);
      const list = ProjectListEnvelopeSchema.parse(
        (await call('GET', '/ks/trade/records', actor.headers)).body,
      ).data;
      expect(list.records.find((row) => row.id === project.id)?.side).toBe(side);
    }
    expect((await detail(bidder.headers, project.id)).body).toMatchObject({
      code: 404,
      message: TRADING_MESSAGES.projectNotFound,
    });
    const bidderList = ProjectListEnvelopeSchema.parse(
      (await call('GET', '/ks/trade/records', bidder.headers)).body,
    ).data;
    expect(bidderList.records.find((row) => row.id === project.id)).toBeUndefined();
    expect(bidderList.mayEnter).toBe(true);
    expect((await detail(personnel.headers, project.id)).body.code).toBe(403);
    expect((await detail(developer.headers, project.id)).body.code).toBe(403);
    const sectionId = project.sections[0]?.id ?? '';
    for (const url of [
      `/ks/trade/overview-status?sectionId=${sectionId}`,
      `/ks/xmrc/v1/bd-files?sectionId=${sectionId}`,
    ])
      expect((await call('GET', url, bidder.headers)).body).toMatchObject({
        code: 404,
        message: TRADING_MESSAGES.sectionNotFound,
      });
    expect((await call('POST', '/ks/trade/buttons', bidder.headers, { sectionId })).body.code).toBe(404);
    // Nor may it change the project by knowing its id: every write answers as if it did not exist.
    const edit = await save(bidder.headers, { ...projectBody(), id: project.id, version: project.version });
    expect(edit.body).toMatchObject({ code: 404, message: TRADING_MESSAGES.projectNotFound });
    expect((await submit(bidder.headers, project)).body.code).toBe(404);
    expect((await review(bidder.headers, project, 'approve')).body.code).toBe(404);
    const unchanged = ProjectEnvelopeSchema.parse((await detail(agent.headers, project.id)).body).data;
    expect(unchanged).toMatchObject({ name: project.name, state: 'draft', version: project.version });
  });

  it('filters the list by state and keyword, and lets the centre see all but not enter', async () => {
    const project = await entered();
    const byState = ProjectListEnvelopeSchema.parse(
      (await call('GET', '/ks/trade/records?state=pending', centre.headers)).body,
    ).data;
    expect(byState.records.every((row) => row.state === 'pending')).toBe(true);
    const byName = ProjectListEnvelopeSchema.parse(
      (await call('GET', `/ks/trade/records?keyword=${encodeURIComponent(project.name)}`, centre.headers))
        .body,
    ).data;
    expect(byName.records.map((row) => [row.id, row.sectionCount])).toEqual([[project.id, 1]]);
    expect(byName.mayEnter).toBe(false);
    expect((await call('GET', '/ks/trade/records?state=done', centre.headers)).body).toMatchObject({
      code: 400,
      data: { state: '状态无效' },
    });
  });

  it('answers its port: the section summary and the side', async () => {
    const project = await entered();
    const section = project.sections[0];
    expect(await sectionSummary(getApp().db, section?.id ?? '')).toEqual({
      id: section?.id,
      code: section?.code,
      name: section?.name,
      projectId: project.id,
      projectName: project.name,
    });
    expect(await sectionSummary(getApp().db, '00000000-0000-4000-8000-000000000000')).toBeNull();
    expect(await sideOf(getApp().db, { id: bidder.id, loginRoleType: 'U' }, project.id)).toBe('bidder');
    expect(await sideOf(getApp().db, { id: supervisor.id, loginRoleType: 'M' }, project.id)).toBe(
      'supervisor',
    );
    expect(await sideOf(getApp().db, { id: personnel.id, loginRoleType: 'P' }, project.id)).toBe('none');
  });
});

describe('approval', () => {
  it('goes 草稿 → 待审核 → 已退回 → 待审核 → 已通过, each step only by its side, with buttons to match', async () => {
    const draft = await entered(agent, { capacity: 'agent', tendereeName: '某区卫健委' });
    // Only the parties submit; the centre and supervisors may not.
    expect((await submit(centre.headers, draft)).body).toMatchObject({
      code: 403,
      message: TRADING_MESSAGES.notAllowed,
    });
    expect((await submit(supervisor.headers, draft)).body).toMatchObject({
      code: 403,
      message: TRADING_MESSAGES.supervisorReadOnly,
    });
    expect((await submit(bidder.headers, draft)).body.code).toBe(404);
    const pending = ProjectEnvelopeSchema.parse((await submit(agent.headers, draft)).body).data;
    expect(pending).toMatchObject({ state: 'pending', actions: ['updatePrincipal'] });
    expect((await submit(agent.headers, pending)).body).toMatchObject({
      code: 403,
      message: TRADING_MESSAGES.notAllowed,
    });
    const sectionId = pending.sections[0]?.id ?? '';
    const asCentre = SectionStatusEnvelopeSchema.parse(
      (await call('POST', '/ks/trade/buttons', centre.headers, { sectionId })).body,
    ).data;
    expect(asCentre).toEqual({
      sectionId,
      projectId: pending.id,
      state: 'pending',
      stateLabel: '待审核',
      side: 'centre',
      actions: ['approve', 'return', 'updatePrincipal'],
    });
    const asSupervisor = SectionStatusEnvelopeSchema.parse(
      (await call('GET', `/ks/trade/overview-status?sectionId=${sectionId}`, supervisor.headers)).body,
    ).data;
    expect(asSupervisor).toMatchObject({ side: 'supervisor', actions: [] });
    // Parties and supervisors may not decide; a return needs its reason.
    expect((await review(agent.headers, pending, 'approve')).body).toMatchObject({
      code: 403,
      message: TRADING_MESSAGES.notAllowed,
    });
    expect((await review(supervisor.headers, pending, 'approve')).body).toMatchObject({
      code: 403,
      message: TRADING_MESSAGES.supervisorReadOnly,
    });
    expect((await review(centre.headers, pending, 'return')).body).toMatchObject({
      code: 400,
      data: { reason: '请填写退回原因' },
    });
    expect((await review(centre.headers, pending, 'maybe')).body).toMatchObject({
      code: 400,
      data: { decision: '请选择审核结果' },
    });
    const returned = ProjectEnvelopeSchema.parse(
      (await review(centre.headers, pending, 'return', '缺少资格要求')).body,
    ).data;
    expect(returned).toMatchObject({ state: 'returned', returnReason: '缺少资格要求' });
    expect((await review(centre.headers, returned, 'approve')).body.code).toBe(403);
    const asAgent = ProjectEnvelopeSchema.parse((await detail(agent.headers, returned.id)).body).data;
    expect(asAgent.actions).toEqual(['edit', 'submit', 'updatePrincipal']);
    const again = ProjectEnvelopeSchema.parse((await submit(agent.headers, asAgent)).body).data;
    expect(again).toMatchObject({ state: 'pending', returnReason: '' });
    expect(
      (await review(centre.headers, { ...again, version: again.version - 1 }, 'approve')).body.code,
    ).toBe(409);
    const approved = ProjectEnvelopeSchema.parse((await review(centre.headers, again, 'approve')).body).data;
    expect(approved).toMatchObject({ state: 'approved', actions: ['updatePrincipal'] });
    expect(approved.history.map((entry) => [entry.action, entry.reason])).toEqual([
      ['登记项目', ''],
      ['提交审核', ''],
      ['退回', '缺少资格要求'],
      ['提交审核', ''],
      ['审核通过', ''],
    ]);
    // An approved project is no longer edited.
    const edit = await save(agent.headers, {
      ...projectBody({ capacity: 'agent', tendereeName: 'x' }),
      id: approved.id,
      version: approved.version,
    });
    expect(edit.body).toMatchObject({ code: 403, message: TRADING_MESSAGES.notAllowed });
  });
});

describe('update-principal', () => {
  it('changes the principal with who and why in the history; refuses supervisors, outsiders and a missing reason', async () => {
    const project = await entered();
    const body = {
      id: project.id,
      version: project.version,
      principal: '李四',
      principalPhone: '13700000000',
      reason: '人员调整',
    };
    expect((await call('POST', '/ks/trade/update-principal', supervisor.headers, body)).body).toMatchObject({
      code: 403,
      message: TRADING_MESSAGES.supervisorReadOnly,
    });
    expect((await call('POST', '/ks/trade/update-principal', bidder.headers, body)).body.code).toBe(404);
    expect(
      (await call('POST', '/ks/trade/update-principal', tenderee.headers, { ...body, reason: '' })).body,
    ).toMatchObject({ code: 400, data: { reason: '请填写变更原因' } });
    expect(
      (await call('POST', '/ks/trade/update-principal', tenderee.headers, { ...body, principalPhone: '1' }))
        .body,
    ).toMatchObject({ code: 400, data: { principalPhone: '请输入正确的手机号码' } });
    const changed = ProjectEnvelopeSchema.parse(
      (await call('POST', '/ks/trade/update-principal', tenderee.headers, body)).body,
    ).data;
    expect(changed).toMatchObject({ principal: '李四', principalPhone: '13700000000' });
    expect(changed.history.at(-1)).toMatchObject({ action: '变更负责人（张三 → 李四）', reason: '人员调整' });
    const byCentre = await call('POST', '/ks/trade/update-principal', centre.headers, {
      ...body,
      version: changed.version,
      principal: '王五',
    });
    expect(ProjectEnvelopeSchema.parse(byCentre.body).data.principal).toBe('王五');
  });
});

describe('section attachments', () => {
  async function upload(actor: TestActor) {
    const form = multipart(
      { gnCoding: 'JYGL_WWYT', systemCoding: 'JYGL' },
      { name: '招标方案.pdf', content: PDF },
    );
    const uploaded = await getApp().inject({
      method: 'POST',
      url: '/ks/common/common/upload/attachment',
      headers: { ...actor.headers, ...form.headers },
      payload: form.payload,
    });
    return (uploaded.json().data as { fileId: string }).fileId;
  }

  it('attaches the caller’s uploads to a draft section, lists them to those who see it, and refuses others’ files', async () => {
    const project = await entered();
    const sectionId = project.sections[0]?.id ?? '';
    const fileId = await upload(tenderee);
    const saved = await call('POST', '/ks/xmrc/v1/bd/attachments', tenderee.headers, {
      sectionId,
      fileIds: [fileId],
    });
    expect(SectionFileListEnvelopeSchema.parse(saved.body).data).toEqual([
      { id: fileId, fileName: '招标方案.pdf', url: `/ks/file/v1/files/${fileId}` },
    ]);
    const asSupervisor = SectionFileListEnvelopeSchema.parse(
      (await call('GET', `/ks/xmrc/v1/bd-files?sectionId=${sectionId}`, supervisor.headers)).body,
    ).data;
    expect(asSupervisor.map((file) => file.id)).toEqual([fileId]);
    const seen = ProjectEnvelopeSchema.parse((await detail(tenderee.headers, project.id)).body).data;
    expect(seen.sections[0]?.attachmentCount).toBe(1);

    const foreign = await upload(bidder);
    const refused = await call('POST', '/ks/xmrc/v1/bd/attachments', tenderee.headers, {
      sectionId,
      fileIds: [fileId, foreign],
    });
    expect(refused.body).toMatchObject({
      code: 400,
      message: TRADING_MESSAGES.fileNotFound,
      data: { 'fileIds.1': TRADING_MESSAGES.fileNotFound },
    });
    expect(
      (await call('POST', '/ks/xmrc/v1/bd/attachments', supervisor.headers, { sectionId, fileIds: [] })).body
        .code,
    ).toBe(403);
    expect(
      (await call('POST', '/ks/xmrc/v1/bd/attachments', bidder.headers, { sectionId, fileIds: [foreign] }))
        .body.code,
    ).toBe(404);
    expect(
      (await call('POST', '/ks/xmrc/v1/bd/attachments', tenderee.headers, { sectionId, fileIds: ['x'] }))
        .body,
    ).toMatchObject({ code: 400, data: { 'fileIds.0': '附件无效' } });
    const cleared = await call('POST', '/ks/xmrc/v1/bd/attachments', tenderee.headers, {
      sectionId,
      fileIds: [],
    });
    expect(SectionFileListEnvelopeSchema.parse(cleared.body).data).toEqual([]);
  });
});

describe('the demo', () => {
  it('makes a tenderee, an agent and a supervisor who log in, and projects in each state', async () => {
    const app = getApp();
    const admin = {
      id: centre.id,
      userCode: centre.userCode,
      userName: '管理员',
      loginRoleType: 'M' as const,
      enterpriseId: null,
      sessionId: 'seed',
    };
    await seedDemoTrading({ db: app.db, actors: { admin }, ip: '127.0.0.1' } as unknown as DemoSeed);
    const as = async (account: string, password: string) =>
      (await loginAs(app, { account, password })).headers;
    const states = async (headers: Headers) =>
      ProjectListEnvelopeSchema.parse(
        (await call('GET', '/ks/trade/records?keyword=%E6%BC%94%E7%A4%BA', headers)).body,
      )
        .data.records.map((row) => [row.state, row.side])
        .sort();
    expect(await states(await as('tenderee', 'Ten2026ks'))).toEqual([
      ['approved', 'tenderee'],
      ['draft', 'tenderee'],
    ]);
    expect(await states(await as('agent', 'Agt2026ks'))).toEqual([
      ['pending', 'agent'],
      ['returned', 'agent'],
    ]);
    expect(await states(await as('supervisor', 'Sup2026ks'))).toEqual([
      ['approved', 'supervisor'],
      ['draft', 'supervisor'],
      ['pending', 'supervisor'],
      ['returned', 'supervisor'],
    ]);
  });
});
