import {
  COST_CHECK_DONE_MESSAGE,
  COST_CHECK_FAILED_MESSAGE,
  COST_CHECK_RUNNING_MESSAGE,
  COST_CHECK_STARTED_NOTICE,
  type DetectionStatus,
  type Finding,
  type FindingPage,
} from '@ks/contract/cost-checks';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { makeRecordId } from '@/test/factories.ts';
import { mockFetch, ok } from '@/test/fetch-mock.ts';
import { renderRoute } from '@/test/render-route.tsx';
import { shellCalls } from '@/test/shell-calls.ts';
import { signInAs } from '@/test/sign-in.ts';
import { testTimeout, waitBound } from '@/test/waits.ts';

const PAGE_LOAD = waitBound(2);
const XM = '7f1f0c8e-2d2a-4a57-9b55-0a3c7d1e9a11';
const FILE_ID = makeRecordId();
/** The shown result's run, then the runs started in the tests. */
const [RUN, NEXT_RUN, LATER_RUN] = [makeRecordId(), makeRecordId(), makeRecordId()];
const [PROJECT_NODE, UNIT_NODE] = [makeRecordId(), makeRecordId()];

const run = {
  runId: RUN,
  state: 'done' as const,
  progress: 100,
  ruleVersion: 3,
  errorMessage: '',
  createdAt: '2026-11-26T01:00:00Z',
  finishedAt: '2026-11-26T01:05:00Z',
};
const STATUS: DetectionStatus = {
  xmId: XM,
  projectName: '示例项目',
  state: 'done',
  active: null,
  result: run,
  bids: [],
  // The centre's session: the estimate, the rules and a new run are offered.
  actions: ['estimate', 'rules', 'check'],
  files: [
    {
      fileId: FILE_ID,
      kind: 'bid',
      bidderName: '乙公司',
      parseState: 'parsed',
      errors: 1,
      warnings: 0,
      flags: 0,
      skipped: 0,
    },
  ],
};
const finding: Finding = {
  id: 1,
  fileId: FILE_ID,
  fileKind: 'bid',
  bidderName: '乙公司',
  rule: 'C16',
  ruleTitle: '合价计算',
  severity: 'error',
  message: '1号楼建筑工程的清单项目 010101001001 的合价不等于工程量乘以综合单价',
  expected: '100000.00',
  found: '100010.00',
  nodeId: UNIT_NODE,
  nodePath: '1.1.1',
  nodeName: '1号楼建筑工程',
  itemCode: '010101001001',
};

const NODE = {
  code: 'X',
  zy: '建筑工程',
  zzj: '1315456.00',
  fbfxf: '1000000.00',
  csxmf: '50000.00',
  aqwmsgf: '3600.00',
  qtxmf: '120000.00',
  gf: '25000.00',
  sj: '120456.00',
  zzsxxse: '107550.00',
};

function mockApi(
  start: { isSuccess: boolean; errorMessage: string },
  status: { current: DetectionStatus } = { current: STATUS },
) {
  const calls = { findings: [] as unknown[], starts: [] as unknown[] };
  const page: FindingPage = {
    records: [finding],
    total: 1,
    curPage: 1,
    pageSize: 20,
    run,
    byRule: [{ rule: 'C16', count: 1 }],
  };
  mockFetch({
    ...shellCalls(),
    'POST /ks/file/detection/status': () => ok(status.current),
    // The documents' rights follow the check's: the centre's, or a bidder's (none).
    'POST /ks/analyse/bid-documents/list': () =>
      ok({
        xmId: XM,
        projectName: '示例项目',
        documents: [],
        actions: status.current.actions.length > 0 ? ['requirements', 'redetect', 'publicity'] : [],
        choosesBidder: status.current.actions.length > 0,
      }),
    'POST /ks/file/detection/publicity': ok({
      xmId: XM,
      state: 'none',
      publicityDays: 5,
      startsAt: null,
      endsAt: null,
    }),
    'POST /ks/file/detection/control-price': ok({
      xmId: XM,
      projectName: '示例项目',
      controlTotal: '1400000.00',
      units: [
        {
          path: '1.1',
          name: '1号楼建筑工程',
          zy: '建筑工程',
          fbfxf: '1100000.00',
          csxmf: '55000.00',
          qtxmf: '110000.00',
          gf: '26000.00',
          sj: '109000.00',
        },
      ],
    }),
    'POST /ks/file/detection/cost-check/findings': ({ body }) => {
      calls.findings.push(body);
      return ok(page);
    },
    'POST /ks/file/detection/cost-check/nodes': ok([
      {
        ...NODE,
        id: PROJECT_NODE,
        parentId: null,
        path: '1',
        level: 'project',
        name: '示例项目',
        findings: 0,
        errors: 0,
      },
      {
        ...NODE,
        id: UNIT_NODE,
        parentId: PROJECT_NODE,
        path: '1.1',
        level: 'unit',
        name: '1号楼建筑工程',
        findings: 2,
        errors: 1,
      },
    ]),
    'POST /ks/file/detection/cost-check': ({ body }) => {
      calls.starts.push(body);
      return ok({ ...start, runId: start.isSuccess ? NEXT_RUN : null });
    },
  });
  return calls;
}

describe('/fileAnalysis/deatil', { timeout: testTimeout(8) }, () => {
  it('lists the findings by rule with the rule version, and filters by rule', async () => {
    const calls = mockApi({ isSuccess: true, errorMessage: '' });
    signInAs('M');
    const { user } = renderRoute(`/fileAnalysis/deatil?xmId=${XM}`);
    const row = (await screen.findByText(finding.message, {}, PAGE_LOAD)).closest('tr') as HTMLElement;
    expect(within(row).getByText('100010.00')).toBeTruthy();
    expect(within(row).getByText('错误')).toBeTruthy();
    expect(screen.getByText('第 3 版')).toBeTruthy();
    await user.click(screen.getByText('C16 合价计算'));
    await waitFor(() => expect(calls.findings.at(-1)).toMatchObject({ xmId: XM, rule: 'C16', curPage: 1 }));
  });

  it('shows the file’s summary tree expanded, marks nodes with findings, and filters by a node', async () => {
    const calls = mockApi({ isSuccess: true, errorMessage: '' });
    signInAs('M');
    const { user } = renderRoute(`/fileAnalysis/deatil?xmId=${XM}&fileId=${FILE_ID}`);
    const mark = await screen.findByText('2 项', {}, PAGE_LOAD);
    const unitRow = mark.closest('tr') as HTMLElement;
    expect(within(unitRow).getByText('1号楼建筑工程')).toBeTruthy();
    expect(within(unitRow).getAllByText('1315456.00')).toHaveLength(1);
    await user.click(within(unitRow).getByText('1号楼建筑工程'));
    await waitFor(() => expect(calls.findings.at(-1)).toMatchObject({ fileId: FILE_ID, nodePath: '1.1' }));
  });

  it('tells when a running check has finished and reloads the findings', async () => {
    const running: DetectionStatus = {
      ...STATUS,
      state: 'running',
      active: { ...run, runId: NEXT_RUN, state: 'running', progress: 40, finishedAt: null },
    };
    const status = { current: running };
    const calls = mockApi({ isSuccess: true, errorMessage: '' }, status);
    signInAs('M');
    renderRoute(`/fileAnalysis/deatil?xmId=${XM}`);
    expect(await screen.findByRole('progressbar', {}, PAGE_LOAD)).toBeTruthy();
    const before = calls.findings.length;
    // Run r2 finished: it is now the result.
    status.current = { ...STATUS, result: { ...run, runId: NEXT_RUN } };
    expect(await screen.findByText(COST_CHECK_DONE_MESSAGE)).toBeTruthy();
    await waitFor(() => expect(calls.findings.length).toBeGreaterThan(before));
  });

  it('tells when a running check failed after its retries', async () => {
    const running: DetectionStatus = {
      ...STATUS,
      state: 'running',
      active: { ...run, runId: NEXT_RUN, state: 'running', progress: 40, finishedAt: null },
    };
    const status = { current: running };
    mockApi({ isSuccess: true, errorMessage: '' }, status);
    signInAs('M');
    renderRoute(`/fileAnalysis/deatil?xmId=${XM}`);
    expect(await screen.findByRole('progressbar', {}, PAGE_LOAD)).toBeTruthy();
    status.current = { ...STATUS, state: 'failed' };
    expect(await screen.findByText(COST_CHECK_FAILED_MESSAGE)).toBeTruthy();
  });

  it('tells when a check started here finished before the page asked again', async () => {
    const status = { current: STATUS };
    mockApi({ isSuccess: true, errorMessage: '' }, status);
    signInAs('M');
    const { user } = renderRoute(`/fileAnalysis/deatil?xmId=${XM}`);
    const start = await screen.findByRole('button', { name: '开始检测' }, PAGE_LOAD);
    await screen.findByText('示例项目 · 造价文件检测');
    // The check is quick: the next status the page reads is already done, with a new result.
    status.current = { ...STATUS, result: { ...run, runId: LATER_RUN } };
    await user.click(start);
    expect(await screen.findByText(COST_CHECK_DONE_MESSAGE)).toBeTruthy();
  });

  it('starts a check and shows the spec notification', async () => {
    const calls = mockApi({ isSuccess: true, errorMessage: '' });
    signInAs('M');
    const { user } = renderRoute(`/fileAnalysis/deatil?xmId=${XM}&gnCoding=fa01`);
    await user.click(await screen.findByRole('button', { name: '开始检测' }, PAGE_LOAD));
    await waitFor(() => expect(calls.starts).toEqual([{ xmId: XM, gnCoding: 'fa01' }]));
    expect(await screen.findByText(COST_CHECK_STARTED_NOTICE)).toBeTruthy();
  });

  it('opens the error dialog when the server answers isSuccess false', async () => {
    mockApi({ isSuccess: false, errorMessage: COST_CHECK_RUNNING_MESSAGE });
    signInAs('M');
    const { user } = renderRoute(`/fileAnalysis/deatil?xmId=${XM}`);
    await user.click(await screen.findByRole('button', { name: '开始检测' }, PAGE_LOAD));
    const text = await screen.findByText(COST_CHECK_RUNNING_MESSAGE);
    expect(text.closest('.ant-modal')).toBeTruthy();
    expect(screen.queryByText(COST_CHECK_STARTED_NOTICE)).toBeNull();
  });

  it('offers enterprises neither the start nor the rules', async () => {
    mockApi({ isSuccess: true, errorMessage: '' }, { current: { ...STATUS, actions: [] } });
    signInAs('U');
    renderRoute(`/fileAnalysis/deatil?xmId=${XM}`);
    await screen.findByText(finding.message, {}, PAGE_LOAD);
    expect(screen.queryByRole('button', { name: '开始检测' })).toBeNull();
    expect(screen.queryByRole('button', { name: '规则配置' })).toBeNull();
    expect(screen.queryByRole('button', { name: '批准的概算' })).toBeNull();
    // The published control price is the bidders' to read too.
    const card = (await screen.findByText('招标控制价（公布）')).closest('.ant-card') as HTMLElement;
    expect(await within(card).findByText('1400000.00')).toBeTruthy();
    expect(within(card).getByText('1100000.00')).toBeTruthy();
  });
});
