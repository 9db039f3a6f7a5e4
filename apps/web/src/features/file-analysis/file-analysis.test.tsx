import { BID_MESSAGES, type BidDocumentState } from '@ks/contract/bid-detection';
import {
  COST_FILE_KIND_LABELS,
  type CostFile,
  type CostProject,
  type CostTreeRow,
} from '@ks/contract/file-analysis';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { makeRecordId } from '@/test/factories.ts';
import { ok } from '@/test/fetch-mock.ts';
import { renderAsRole } from '@/test/render-as-role.ts';
import { testTimeout, waitBound } from '@/test/waits.ts';
import { COST_TREE_HEIGHT, CostTreeTable } from './components/cost-tree-table.tsx';
import { bidderDialogRoutes, ENTERPRISE_B, ENTERPRISE_B_OPTION } from './test-fixtures.ts';

const PAGE_LOAD = waitBound(2);

const money = (zzj: string) => ({
  zzj,
  fbfxf: '1723221.81',
  csxmf: '164942.90',
  aqwmsgf: '58158.74',
  qtxmf: '167668.00',
  gf: '85764.74',
  sj: '192743.77',
  zzsxxse: '192743.77',
});

const TREE: CostTreeRow[] = [
  {
    id: 'p',
    level: 'project',
    code: 'KS-ZJ-2026-018',
    name: '城东实验小学教学楼新建工程',
    zy: null,
    ...money('2334341.22'),
    children: [
      {
        id: 's',
        level: 'single',
        code: '01',
        name: '教学楼',
        zy: null,
        ...money('2334341.22'),
        children: [
          {
            id: 'u1',
            level: 'unit',
            code: '0101',
            name: '教学楼建筑工程',
            zy: '建筑工程',
            ...money('2020073.68'),
          },
          {
            id: 'u2',
            level: 'unit',
            code: '0102',
            name: '教学楼电气给排水安装工程',
            zy: '安装工程',
            ...money('314267.54'),
          },
        ],
      },
    ],
  },
];

describe('cost tree table', () => {
  it('is 600 px high, shows every money column and has every row expanded by default', async () => {
    render(<CostTreeTable rows={TREE} />);
    const table = screen.getByTestId('cost-tree-table');
    expect(COST_TREE_HEIGHT).toBe(600);
    expect(table.style.height).toBe('600px');
    for (const title of [
      '工程总造价（元）',
      '分部分项工程费（元）',
      '措施项目费（元）',
      '安全文明施工费（元）',
      '其他项目费（元）',
      '规费（元）',
      '税金（元）',
      '增值税销项税额（元）',
    ]) {
      expect(within(table).getAllByText(title).length).toBeGreaterThan(0);
    }
    // Expanded by default: the unit projects two levels down are on screen, with their money.
    expect(within(table).getByText('教学楼建筑工程')).toBeTruthy();
    expect(within(table).getByText('教学楼电气给排水安装工程')).toBeTruthy();
    expect(within(table).getByText('2,020,073.68')).toBeTruthy();
    expect(within(table).getAllByText('建筑工程').length).toBeGreaterThan(0);

    // Folding the single project hides its unit projects.
    const user = userEvent.setup({ delay: null });
    const singleRow = within(table).getByText('教学楼').closest('tr') as HTMLElement;
    await user.click(within(singleRow).getByRole('button', { name: /收起|Collapse/ }));
    expect(within(table).queryByText('教学楼建筑工程')).toBeNull();
  });

  it('says so when there are no rows', () => {
    render(<CostTreeTable rows={[]} />);
    expect(screen.getAllByText('暂无数据').length).toBeGreaterThan(0);
  });
});

const PROJECT_ID = makeRecordId();
const COST_FILE_ID = makeRecordId();
/** The uploaded file the cost file was parsed from. */
const STORED_FILE_ID = makeRecordId();
const DOCUMENT_ID = makeRecordId();
const FILE: CostFile = {
  id: COST_FILE_ID,
  projectId: PROJECT_ID,
  kind: 'bid',
  bidderName: '浙江宏远建设有限公司',
  fileId: STORED_FILE_ID,
  fileName: 'bid-clean.xml',
  size: 7341,
  sha256: 'a'.repeat(64),
  layout: 'ks-cost-xml-1',
  parseState: 'parsed',
  parseError: null,
  taxMethod: 'general',
  itemCount: 35,
  createdAt: '2026-11-26T01:00:00Z',
  parsedAt: '2026-11-26T01:00:02Z',
  // The enterprise uploaded it: the server offers it the delete, not the reparse.
  actions: ['delete'],
};
/** What the server offers on a project: the centre's rights and an enterprise's. */
const CENTRE_RIGHTS: Pick<CostProject, 'actions' | 'upload'> = {
  actions: ['delete'],
  upload: { kinds: ['tender-boq', 'control-price', 'bid'], choosesBidder: true },
};
const ENTERPRISE_RIGHTS: Pick<CostProject, 'actions' | 'upload'> = {
  actions: [],
  upload: { kinds: ['bid'], choosesBidder: false },
};
const PROJECT: CostProject = {
  id: PROJECT_ID,
  code: 'KS-ZJ-2026-018',
  name: '城东实验小学教学楼新建工程',
  region: '330000',
  regionName: '浙江省',
  version: 1,
  createdAt: '2026-11-26T00:00:00Z',
  files: [FILE],
  ...ENTERPRISE_RIGHTS,
};

const BID_DOCUMENT: BidDocumentState = {
  documentId: DOCUMENT_ID,
  bidderName: '浙江宏远建设有限公司',
  fileName: 'bid-scanned.pdf',
  state: 'scanned',
  errorMessage: '该文件为扫描件，无法提取文字，请上传可检索的 PDF',
  pageCount: 3,
  directoryFindings: 0,
  achievementFindings: 0,
  score: null,
  checkedAt: null,
  actions: ['delete'],
};

describe('/fileAnalysis/index', () => {
  it('lists an enterprise’s project files and shows a file’s parse result as the tree', async () => {
    const { user, calls } = renderAsRole('U', '/fileAnalysis/index', {
      'GET /ks/analyse/cost-projects': ok({
        records: [PROJECT],
        total: 1,
        curPage: 1,
        pageSize: 10,
        actions: [],
      }),
      'POST /ks/analyse/xml_analysis': ok({
        ...FILE,
        nodeCount: 4,
        itemsByList: { fbfx: 16, csxm: 5, qtxm: 8, gf: 4, sj: 2 },
        totals: money('2334341.22'),
      }),
      'POST /ks/file/detection/parse-data': ok({
        list: TREE,
        states: { parseState: 'parsed', parseError: null },
        total: 4,
        curPage: 1,
        pageSize: 2000,
      }),
      'POST /ks/analyse/bid-documents/list': ok({
        xmId: PROJECT_ID,
        projectName: PROJECT.name,
        documents: [BID_DOCUMENT],
        actions: [],
        choosesBidder: false,
      }),
    });
    await screen.findByText('KS-ZJ-2026-018', {}, PAGE_LOAD);
    // An enterprise uploads bids only and deletes no project.
    expect(screen.getByText('上传投标报价')).toBeTruthy();
    expect(screen.queryByText('新建项目')).toBeNull();
    await user.click(screen.getByRole('button', { name: /展开|Expand/ }));
    // Its own bid: deleted, not parsed again — as the server offers.
    const fileRow = (await screen.findByText('bid-clean.xml', {}, PAGE_LOAD)).closest('tr') as HTMLElement;
    expect(within(fileRow).getByRole('button', { name: /删\s*除/ })).toBeTruthy();
    expect(within(fileRow).queryByRole('button', { name: '重新解析' })).toBeNull();
    // Under the cost files: the enterprise's bid document, its detection state and the way to its results.
    const bidRow = (await screen.findByText('bid-scanned.pdf', {}, PAGE_LOAD)).closest('tr') as HTMLElement;
    expect(within(bidRow).getByText('扫描件')).toBeTruthy();
    expect(within(bidRow).getByText(BID_DOCUMENT.errorMessage)).toBeTruthy();
    expect(within(bidRow).getByRole('link', { name: '检测结果' }).getAttribute('href')).toBe(
      `/fileAnalysis/deatil?xmId=${PROJECT_ID}`,
    );
    expect(calls.find((c) => c.key === 'POST /ks/analyse/bid-documents/list')?.body).toEqual({
      xmId: PROJECT_ID,
    });
    await user.click(await screen.findByText('查看结果'));
    expect(await screen.findByText('教学楼电气给排水安装工程', {}, PAGE_LOAD)).toBeTruthy();
    expect(screen.getAllByText('2,334,341.22').length).toBeGreaterThan(0);
    const treeCall = calls.find((c) => c.key === 'POST /ks/file/detection/parse-data');
    expect(treeCall?.body).toMatchObject({
      id: COST_FILE_ID,
      gnCoding: 'fileAnalysis',
      systemCoding: 'fileAnalysis',
    });
  });

  it('lets an administrator create a project, checking the form first', async () => {
    const { user, calls } = renderAsRole('M', '/fileAnalysis/index', {
      'GET /ks/analyse/cost-projects': ok({
        records: [],
        total: 0,
        curPage: 1,
        pageSize: 10,
        actions: ['create'],
      }),
      'POST /ks/analyse/cost-projects': ok({ ...PROJECT, ...CENTRE_RIGHTS, files: [] }),
    });
    await user.click(await screen.findByText('新建项目', {}, PAGE_LOAD));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: /保\s*存/ }));
    expect(await within(dialog).findByText('请输入项目编号')).toBeTruthy();
    expect(within(dialog).getByText('请输入项目名称')).toBeTruthy();
    await user.type(within(dialog).getByLabelText('项目编号'), 'KS-ZJ-2026-019');
    await user.type(within(dialog).getByLabelText('项目名称'), '城西中学体育馆工程');
    await user.click(within(dialog).getByRole('button', { name: /保\s*存/ }));
    await screen.findByText('保存成功');
    expect(calls.find((c) => c.key === 'POST /ks/analyse/cost-projects')?.body).toEqual({
      code: 'KS-ZJ-2026-019',
      name: '城西中学体育馆工程',
      region: '330000',
    });
  });

  it('lets an administrator choose a bid’s bidder enterprise in 上传造价文件, else name it', {
    timeout: testTimeout(6),
  }, async () => {
    const keywords: (string | null)[] = [];
    const { user, calls } = renderAsRole('M', '/fileAnalysis/index', {
      'GET /ks/analyse/cost-projects': ok({
        records: [{ ...PROJECT, ...CENTRE_RIGHTS, files: [] }],
        total: 1,
        curPage: 1,
        pageSize: 10,
        actions: ['create'],
      }),
      'POST /ks/analyse/bid-documents/list': ok({
        xmId: PROJECT_ID,
        projectName: PROJECT.name,
        documents: [],
        actions: ['requirements', 'redetect', 'publicity'],
        choosesBidder: true,
      }),
      ...bidderDialogRoutes(keywords, 'xml'),
      'POST /ks/analyse/cost-files': ok(FILE),
    });
    const open = async () => {
      await user.click(await screen.findByRole('button', { name: '上传造价文件' }, PAGE_LOAD));
      // (This shell's dialogs have no accessible name here: the title is asserted instead.)
      const dialog = await screen.findByRole('dialog', {}, PAGE_LOAD);
      expect(within(dialog).getByText(`上传造价文件：${PROJECT.name}`)).toBeTruthy();
      await user.click(within(dialog).getByLabelText('文件类型'));
      await user.click(await screen.findByTitle(COST_FILE_KIND_LABELS.bid));
      return dialog;
    };
    const choose = async (dialog: HTMLElement, name: string) => {
      const input = dialog.querySelector<HTMLInputElement>('input[type=file]') as HTMLInputElement;
      await user.upload(input, new File(['<x/>'], name, { type: 'application/xml' }));
      expect(await within(dialog).findByText(`已上传：${name}`)).toBeTruthy();
    };
    const attached = () => calls.filter((c) => c.key === 'POST /ks/analyse/cost-files').map((c) => c.body);

    // Chosen from the registered enterprises (searched on the server): the account is sent, no name asked.
    let dialog = await open();
    // The bidder field appears once the kind is chosen: wait for it rather than race the re-render.
    await user.type(await within(dialog).findByLabelText('投标企业'), '乙建设');
    await waitFor(() => expect(keywords).toContain('乙建设'));
    await user.click(await screen.findByText(ENTERPRISE_B_OPTION));
    expect(within(dialog).queryByLabelText('投标人名称')).toBeNull();
    await choose(dialog, '乙.xml');
    await user.click(within(dialog).getByRole('button', { name: /确\s*定/ }));
    await waitFor(() =>
      expect(attached()).toEqual([
        {
          projectId: PROJECT_ID,
          kind: 'bid',
          fileId: 'id-乙.xml',
          bidderUserId: ENTERPRISE_B.userId,
          bidderName: '',
        },
      ]),
    );

    // None chosen: the name is required (the spec's refusal under the field), then sent for the exact match.
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    dialog = await open();
    await choose(dialog, '丙.xml');
    await user.click(within(dialog).getByRole('button', { name: /确\s*定/ }));
    expect(await within(dialog).findByText(BID_MESSAGES.bidderRequired)).toBeTruthy();
    expect(attached()).toHaveLength(1);
    await user.type(within(dialog).getByLabelText('投标人名称'), '丙公司');
    await user.click(within(dialog).getByRole('button', { name: /确\s*定/ }));
    await waitFor(() =>
      expect(attached().at(-1)).toEqual({
        projectId: PROJECT_ID,
        kind: 'bid',
        fileId: 'id-丙.xml',
        bidderName: '丙公司',
      }),
    );
  });

  it('offers the buttons the server answers, whatever the role signed in', async () => {
    // An administrator's session, but answers without rights (as for a project it may not touch):
    // the page follows the answers, not the browser's idea of the role.
    renderAsRole('M', '/fileAnalysis/index', {
      'GET /ks/analyse/cost-projects': ok({
        records: [
          {
            ...PROJECT,
            files: [{ ...FILE, actions: [] }],
            actions: [],
            upload: { kinds: [], choosesBidder: false },
          },
        ],
        total: 1,
        curPage: 1,
        pageSize: 10,
        actions: [],
      }),
    });
    const row = (await screen.findByText('KS-ZJ-2026-018', {}, PAGE_LOAD)).closest('tr') as HTMLElement;
    expect(within(row).queryByRole('button', { name: /删\s*除/ })).toBeNull();
    expect(within(row).queryByText(/上传/)).toBeNull();
    expect(screen.queryByText('新建项目')).toBeNull();
  });

  it('denies personnel before any call', async () => {
    const { calls } = renderAsRole('P', '/fileAnalysis/index', {});
    expect(await screen.findByText('无权限访问', {}, PAGE_LOAD)).toBeTruthy();
    expect(calls).toEqual([]);
  });
});
