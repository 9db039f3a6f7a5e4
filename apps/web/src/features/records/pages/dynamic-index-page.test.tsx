import { FormItemSchema } from '@ks/contract/form-schema';
import { DEEP_PAGE_MESSAGE, NODE_ACCESS_DENIED_MESSAGE } from '@ks/contract/records';
import { configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { setNavigator } from '@/lib/navigation.ts';
import { queryClient } from '@/lib/query-client.ts';
import { useSessionStore } from '@/lib/session-store.ts';
import { makeRecordId } from '@/test/factories.ts';
import { failure, type MockHandler, mockFetch, ok, takeUnexpectedRequests } from '@/test/fetch-mock.ts';
import { renderWidget } from '@/test/render-widget.tsx';
import { testTimeout, waitBound } from '@/test/waits.ts';
import type { ListQuery, RecordPage } from '../api/types.ts';
import { column, makePage, makePublished, makeRow, NODE, withRoutes } from '../test-fixtures.tsx';
import { DynamicIndexPage } from './dynamic-index-page.tsx';

/** What a workflow call answers: the record's new state. */
const WORKFLOW_RESULT = { id: makeRecordId(), version: 2, status: 'submitted', auditState: '审核中' };

// antd tables and dialogs under jsdom are slow on a shared two-core machine.
vi.setConfig({ testTimeout: testTimeout(6) });
// The list page renders a whole antd table per test: on a loaded 2-core machine its first render has
// taken over 15 s (CI, 2026-11-25).
configure({ asyncUtilTimeout: waitBound(2).timeout });
// The page asks only what each test mocks: a stray call would open the HTTP client's error dialog
// over the page under test (one did: the closed task-assign dialog read the form on every list).
afterEach(() => expect(takeUnexpectedRequests()).toEqual([]));

vi.mock('../components/chart-view.tsx', () => ({
  default: ({ data }: { data: { categories: string[]; series: number[] } }) => (
    <div data-testid="chart">{data.categories.map((c, i) => `${c}:${data.series[i]}`).join(',')}</div>
  ),
}));

const PATH = `/dynamicPage/dynamicIndex?systemCoding=${NODE.systemCoding}&gnCoding=${NODE.gnCoding}`;

const COLUMNS = [
  column({ code: 'name', name: '资质名称', isSearch: true, sortable: true }),
  column({ code: 'level', name: '资质等级', isSearch: true }),
  column({ code: 'status', name: '状态', type: 'status' }),
  column({ code: 'audit_state', name: '审核', type: 'auditFlow' }),
  column({ code: 'valid', name: '有效', type: 'dui' }),
  column({ code: 'operations', name: '操作', type: 'operations' }),
];

const operations = (...codes: [string, string][]) =>
  codes.map(([code, name]) => ({ code: code as 'view', name, color: '#1677ff', show: true }));

function setup(
  options: {
    definition?: Parameters<typeof makePublished>[0];
    page?: (body: ListQuery) => Partial<RecordPage>;
    extra?: Record<string, MockHandler | ReturnType<typeof ok>>;
  } = {},
) {
  const lists: ListQuery[] = [];
  const calls: { key: string; body: unknown; query: URLSearchParams }[] = [];
  const track =
    (key: string, answer: MockHandler | ReturnType<typeof ok>): MockHandler =>
    (request) => {
      calls.push({ key, body: request.body, query: request.url.searchParams });
      return typeof answer === 'function' ? answer(request) : answer;
    };
  const list: MockHandler = ({ body }) => {
    lists.push(body as ListQuery);
    return ok(makePage({ columns: COLUMNS, ...options.page?.(body as ListQuery) }));
  };
  mockFetch({
    'GET /ks/config/node/published': ok(makePublished(options.definition ?? { list: { columns: COLUMNS } })),
    'POST /ks/monitor/table-list': list,
    'POST /ks/monitor/get-view-list': list,
    ...Object.fromEntries(
      Object.entries(options.extra ?? {}).map(([key, answer]) => [key, track(key, answer)]),
    ),
  });
  // The HTTP client's dialogs go to the login prompt on '/': tell it which page shows.
  setNavigator({ navigate: () => {}, getPath: () => '/dynamicPage/dynamicIndex' });
  const view = renderWidget(withRoutes('/dynamicPage/dynamicIndex', <DynamicIndexPage />), PATH);
  return { ...view, lists, calls };
}

const lastList = (lists: ListQuery[]) => lists[lists.length - 1] as ListQuery;

/** The open antd modal whose title is `title`. */
const modalTitled = async (title: string) =>
  (await screen.findByText(title, { selector: '.ant-modal-title' })).closest('.ant-modal') as HTMLElement;

/** Types a page into the pager's 跳至 box; it goes on Enter's keyup, read by keyCode (which user-event does not set). */
async function jumpTo(user: ReturnType<typeof setup>['user'], page: number) {
  const jumper = document.querySelector('.ant-pagination-options-quick-jumper input') as HTMLInputElement;
  await user.type(jumper, String(page));
  fireEvent.keyUp(jumper, { key: 'Enter', keyCode: 13 });
}

describe('DynamicIndexPage: table', () => {
  it('renders the server columns by type and the toolbar of the caller functions', async () => {
    setup({
      page: () => ({
        functions: ['save', 'export'],
        total: 1,
        records: [
          makeRow({
            name: '建筑工程施工总承包',
            level: '一级',
            valid: '1',
            status: 'submitted',
            statusName: '审核中',
            statusColor: '#1677ff',
            auditState: 'rejected',
            operations: operations(['view', '查看'], ['delete', '删除']),
          }),
        ],
      }),
    });
    expect(await screen.findByText('建筑工程施工总承包')).toBeTruthy();
    expect(screen.getByText('审核中')).toBeTruthy();
    expect(screen.getByText('审核退回')).toBeTruthy();
    expect(screen.getByLabelText('是')).toBeTruthy();
    expect(screen.getByRole('button', { name: /新\s*增/ })).toBeTruthy();
    expect(screen.getByRole('button', { name: /导\s*出/ })).toBeTruthy();
    expect(screen.queryByRole('button', { name: /导\s*入/ })).toBeNull();
    expect(screen.getByRole('button', { name: /查\s*看/ })).toBeTruthy();
  });

  it('asks for page 1 with size 10 by default, remembers a chosen size per table', async () => {
    const first = setup({
      page: (body) => ({
        total: 45,
        curPage: body.curPage,
        pageSize: body.pageSize,
        records: [makeRow({ name: '甲' })],
      }),
    });
    await screen.findByText('10 条/页');
    expect(first.lists[0]).toMatchObject({ ...NODE, curPage: 1, pageSize: 10 });
    const sizeChanger = document.querySelector('.ant-pagination-options .ant-select') as HTMLElement;
    fireEvent.mouseDown(within(sizeChanger).getByRole('combobox'));
    await first.user.click(await screen.findByText('20 条/页'));
    await waitFor(() => expect(lastList(first.lists).pageSize).toBe(20));
    expect(localStorage.getItem(`ks-table-page-size:${NODE.systemCoding}:${NODE.gnCoding}`)).toBe('20');
    first.unmount();
    queryClient.clear();

    const second = setup();
    await waitFor(() => expect(second.lists.length).toBeGreaterThan(0));
    expect(second.lists[0]?.pageSize).toBe(20);
  });

  it('pages past the offset cap by next and previous only, after or before the rows shown', async () => {
    // Size 50: page 200 is the last read at an offset (9,950 rows), 201 on are keyset pages.
    localStorage.setItem(`ks-table-page-size:${NODE.systemCoding}:${NODE.gnCoding}`, '50');
    const rowsOf = new Map<number, ReturnType<typeof makeRow>[]>();
    const { lists, user } = setup({
      page: (body) => {
        const rows = Array.from({ length: 50 }, (_, i) => makeRow({ name: `第${body.curPage}页${i}` }));
        rowsOf.set(body.curPage, rows);
        return { total: 100000, totalExact: false, curPage: body.curPage, pageSize: 50, records: rows };
      },
    });
    await screen.findByText('约 100000 条');
    await jumpTo(user, 200);
    await waitFor(() => expect(lastList(lists)).toMatchObject({ curPage: 200, pageSize: 50 }));
    expect(lastList(lists).after).toBeUndefined();
    await screen.findByText('第200页0');

    await user.click(screen.getByTitle('下一页'));
    await waitFor(() => expect(lastList(lists).curPage).toBe(201));
    expect(lastList(lists).after).toBe(rowsOf.get(200)?.at(-1)?.id);
    await screen.findByText('第201页0');
    await user.click(screen.getByTitle('下一页'));
    await waitFor(() => expect(lastList(lists).curPage).toBe(202));
    await screen.findByText('第202页0');
    await user.click(screen.getByTitle('上一页'));
    await waitFor(() => expect(lastList(lists).curPage).toBe(201));
    expect(lastList(lists).before).toBe(rowsOf.get(202)?.[0]?.id);

    // A page past the cap that is not next to the one shown cannot be read: said, and not asked.
    const asked = lists.length;
    await jumpTo(user, 1500);
    expect(await screen.findByText(DEEP_PAGE_MESSAGE)).toBeTruthy();
    expect(lists.length).toBe(asked);
  });

  it('never ends the pager before a full page when the total is an estimate that falls short', async () => {
    const { lists, user } = setup({
      page: (body) => ({
        total: 1001,
        totalExact: false,
        curPage: body.curPage,
        pageSize: 10,
        records: Array.from({ length: 10 }, (_, i) => makeRow({ name: `第${body.curPage}页${i}` })),
      }),
    });
    await screen.findByText('约 1001 条');
    await jumpTo(user, 101);
    await screen.findByText('第101页0');
    const next = screen.getByTitle('下一页');
    expect(next.getAttribute('aria-disabled')).toBe('false');
    await user.click(next);
    await waitFor(() => expect(lastList(lists).curPage).toBe(102));
    expect(await screen.findByText('约 1021 条')).toBeTruthy();
  });

  it('hides a column from the column settings and remembers it per table', async () => {
    const first = setup({ page: () => ({ total: 1, records: [makeRow({ name: '甲', level: '二级' })] }) });
    expect(await screen.findByRole('columnheader', { name: '资质等级' })).toBeTruthy();
    await first.user.click(screen.getByRole('button', { name: '列设置' }));
    await first.user.click(await screen.findByRole('checkbox', { name: '资质等级' }));
    await waitFor(() => expect(screen.queryByRole('columnheader', { name: '资质等级' })).toBeNull());
    first.unmount();

    setup({ page: () => ({ total: 1, records: [makeRow({ name: '甲', level: '二级' })] }) });
    expect(await screen.findByRole('columnheader', { name: /资质名称/ })).toBeTruthy();
    expect(screen.queryByRole('columnheader', { name: '资质等级' })).toBeNull();
  });

  it('sorts on the server when a sortable header is clicked', async () => {
    const { lists, user } = setup({ page: () => ({ total: 1, records: [makeRow({ name: '甲' })] }) });
    await user.click(await screen.findByRole('columnheader', { name: /资质名称/ }));
    await waitFor(() => expect(lastList(lists)).toMatchObject({ sortField: 'name', sortOrder: 'asc' }));
    await user.click(screen.getByRole('columnheader', { name: /资质名称/ }));
    await waitFor(() => expect(lastList(lists)).toMatchObject({ sortField: 'name', sortOrder: 'desc' }));
  });

  it('sends search-bar tags for the filled searchable columns', async () => {
    const { lists, user } = setup();
    await user.type(await screen.findByPlaceholderText('请输入资质名称'), '建筑');
    await user.click(screen.getByRole('button', { name: /搜\s*索/ }));
    await waitFor(() => expect(lastList(lists).search).toEqual([{ code: 'name', val: '建筑' }]));
    expect(lastList(lists).curPage).toBe(1);
  });

  it('refreshes the list from the toolbar', async () => {
    const { lists, user } = setup();
    await waitFor(() => expect(lists.length).toBe(1));
    await user.click(screen.getByRole('button', { name: '刷新' }));
    await waitFor(() => expect(lists.length).toBe(2));
  });
});

describe('DynamicIndexPage: search bar layout', () => {
  it('shows the first 3 searchable fields at col 8 and all of them at col 6 when expanded', async () => {
    const many = ['a', 'b', 'c', 'd'].map((code) => column({ code, name: `字段${code}`, isSearch: true }));
    const { user } = setup({ page: () => ({ columns: many }), definition: { list: { columns: many } } });
    await waitFor(() => expect(screen.getAllByTestId('search-field')).toHaveLength(3));
    expect(screen.getAllByTestId('search-field').map((el) => el.dataset.col)).toEqual(['8', '8', '8']);
    await user.click(screen.getByRole('button', { name: /展\s*开/ }));
    await waitFor(() => expect(screen.getAllByTestId('search-field')).toHaveLength(4));
    expect(screen.getAllByTestId('search-field').map((el) => el.dataset.col)).toEqual(['6', '6', '6', '6']);
  });
});

describe('DynamicIndexPage: filter card', () => {
  it('emits the values with arrays joined by comma, and reset emits empty', async () => {
    const filterFields = vi.fn(() =>
      ok({
        code: 'ZZ',
        result: [
          {
            name: '资质类别',
            code: 'category',
            type: 'select-multiple',
            dataList: [
              { label: '施工', value: 'sg' },
              { label: '监理', value: 'jl' },
            ],
          },
          { name: '证书编号', code: 'cert_no', type: 'text', dataList: [] },
        ],
      }),
    );
    const { lists, user, calls } = setup({
      definition: { list: { columns: COLUMNS, filters: [{ displayCode: 'ZZ', displayList: [] }] } },
      extra: { 'POST /ks/array/filter/directory/filter-fields': filterFields },
    });
    await user.click(await screen.findByRole('button', { name: /筛\s*选/ }));
    await waitFor(() =>
      expect(calls.find((c) => c.key.includes('filter-fields'))?.body).toMatchObject({
        ...NODE,
        displayCode: 'ZZ',
      }),
    );
    const card = screen.getByTestId('filter-card-ZZ');
    // Opens and closes with the 500 ms animation.
    expect(card.style.transition).toContain('500ms');
    // Open, the card is in the tab order (closed, it is inert).
    expect(card.hasAttribute('inert')).toBe(false);
    fireEvent.mouseDown(within(card).getAllByRole('combobox')[0] as HTMLElement);
    await user.click(await screen.findByTitle('施工'));
    await user.click(await screen.findByTitle('监理'));
    await user.type(within(card).getByPlaceholderText('请输入证书编号'), 'A001');
    await user.click(within(card).getByRole('button', { name: /查\s*询/ }));
    await waitFor(() => expect(lastList(lists).filters).toEqual({ category: 'sg,jl', cert_no: 'A001' }));
    await user.click(within(card).getByRole('button', { name: /重\s*置/ }));
    await waitFor(() => expect(lastList(lists).filters).toEqual({}));
  });
});

describe('DynamicIndexPage: row operations', () => {
  const deletable = () =>
    makeRow({
      id: '11111111-1111-4111-8111-111111111111',
      version: 3,
      name: '甲',
      operations: operations(['delete', '删除']),
    });

  it('deletes after the confirmation, says 删除成功 and reloads; buttons wait 1 s after a click', async () => {
    const row = deletable();
    const { lists, user, calls } = setup({
      page: () => ({ total: 1, records: [row] }),
      extra: { 'DELETE /ks/monitor/delete': ok(null) },
    });
    const remove = await screen.findByRole('button', { name: /删\s*除/ });
    // A synchronous click: the check runs well inside the second, however loaded the machine.
    fireEvent.click(remove);
    expect((remove as HTMLButtonElement).disabled).toBe(true);
    expect(await screen.findByText('确定删除该条数据吗？')).toBeTruthy();
    const before = lists.length;
    await user.click(screen.getByRole('button', { name: /确\s*定/ }));
    expect(await screen.findByText('删除成功')).toBeTruthy();
    const query = calls.find((c) => c.key === 'DELETE /ks/monitor/delete')?.query;
    expect(Object.fromEntries(query ?? [])).toEqual({ ...NODE, id: row.id, version: '3' });
    await waitFor(() => expect(lists.length).toBeGreaterThan(before));
    await waitFor(() =>
      expect((screen.getByRole('button', { name: /删\s*除/ }) as HTMLButtonElement).disabled).toBe(false),
    );
  });

  it.each([
    ['submit', '提交', '确定提交该条数据吗？', 'POST /ks/monitor/submit', '提交成功'],
    ['revoke', '撤回', '确定撤回该条数据吗？', 'POST /ks/monitor/revoke', '操作成功'],
    ['publish', '发布', '确定发布该条数据吗？', 'POST /ks/monitor/publish', '操作成功'],
  ])('%s asks first and says the platform message', async (code, name, question, route, success) => {
    const row = makeRow({ name: '甲', operations: operations([code, name]) });
    const { user, calls } = setup({
      page: () => ({ total: 1, records: [row] }),
      extra: { [route]: ok(WORKFLOW_RESULT) },
    });
    await user.click(await screen.findByRole('button', { name: new RegExp(name.split('').join('\\s*')) }));
    expect(await screen.findByText(question)).toBeTruthy();
    await user.click(screen.getByRole('button', { name: /确\s*定/ }));
    expect(await screen.findByText(success)).toBeTruthy();
    expect(calls.find((c) => c.key === route)?.body).toMatchObject({ ...NODE, id: row.id });
  });

  it('shows a module action (核验) in its colour on the rows the server allows it, runs it after asking and reloads', async () => {
    const certify = (show: boolean) => ({ code: 'certify', name: '核验', color: '#fa8c16', show });
    // The server decides `show` per row from the caller's grant and the record's state (decision 0030).
    const allowed = makeRow({
      id: '11111111-1111-4111-8111-111111111111',
      version: 2,
      name: '甲',
      operations: [certify(true)],
    });
    const refused = makeRow({
      id: '22222222-2222-4222-8222-222222222222',
      name: '乙',
      operations: [certify(false)],
    });
    const { user, calls, lists } = setup({
      page: () => ({ total: 2, records: [allowed, refused] }),
      extra: { 'POST /ks/records/actions/certify': ok({ id: allowed.id, version: 3 }) },
    });
    const buttons = await screen.findAllByRole('button', { name: /核\s*验/ });
    expect(buttons).toHaveLength(1);
    expect((buttons[0] as HTMLElement).style.color).not.toBe('');
    expect(screen.getByRole('row', { name: /甲/ }).textContent).toContain('核验');
    expect(screen.getByRole('row', { name: /乙/ }).textContent).not.toContain('核验');
    const before = lists.length;
    await user.click(buttons[0] as HTMLElement);
    expect(await screen.findByText('确定核验该条数据吗？')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: /确\s*定/ }));
    expect(await screen.findByText('操作成功')).toBeTruthy();
    expect(calls.find((c) => c.key === 'POST /ks/records/actions/certify')?.body).toEqual({
      ...NODE,
      id: allowed.id,
      version: 2,
      body: {},
    });
    await waitFor(() => expect(lists.length).toBeGreaterThan(before));
  });

  it("shows a module action's refusal in the server's words: 无权执行核验操作", async () => {
    const row = makeRow({
      name: '甲',
      operations: [{ code: 'certify', name: '核验', color: '#fa8c16', show: true }],
    });
    const { user } = setup({
      page: () => ({ total: 1, records: [row] }),
      extra: { 'POST /ks/records/actions/certify': failure(403, 403, '无权执行核验操作') },
    });
    await user.click(await screen.findByRole('button', { name: /核\s*验/ }));
    await user.click(await screen.findByRole('button', { name: /确\s*定/ }));
    expect(await screen.findByText('无权执行核验操作')).toBeTruthy();
  });

  it('shows the server message when an action fails and keeps the dialog open', async () => {
    const row = makeRow({ name: '甲', operations: operations(['submit', '提交']) });
    const { user } = setup({
      page: () => ({ total: 1, records: [row] }),
      extra: { 'POST /ks/monitor/submit': failure(400, 400, '当前状态的数据不能提交') },
    });
    await user.click(await screen.findByRole('button', { name: /提\s*交/ }));
    await user.click(await screen.findByRole('button', { name: /确\s*定/ }));
    expect(await screen.findByText('当前状态的数据不能提交')).toBeTruthy();
    expect(screen.getByText('确定提交该条数据吗？')).toBeTruthy();
  });

  it('audits: a rejection needs advice (请填写审核意见), then sends result and advice', async () => {
    const row = makeRow({ name: '甲', operations: operations(['audit', '审核']) });
    const { user, calls } = setup({
      page: () => ({ total: 1, records: [row] }),
      extra: { 'POST /ks/monitor/audit': ok(WORKFLOW_RESULT) },
    });
    await user.click(await screen.findByRole('button', { name: /审\s*核/ }));
    const dialog = await modalTitled('审核');
    await user.click(within(dialog).getByLabelText('退回'));
    await user.click(within(dialog).getByRole('button', { name: /确\s*定|OK/ }));
    expect(await within(dialog).findByText('请填写审核意见')).toBeTruthy();
    expect(calls.some((c) => c.key === 'POST /ks/monitor/audit')).toBe(false);
    await user.type(within(dialog).getByPlaceholderText('请输入审核意见'), '材料不全');
    await waitFor(() =>
      expect((within(dialog).getByRole('button', { name: /确\s*定|OK/ }) as HTMLButtonElement).disabled).toBe(
        false,
      ),
    );
    await user.click(within(dialog).getByRole('button', { name: /确\s*定|OK/ }));
    expect(await screen.findByText('操作成功')).toBeTruthy();
    expect(calls.find((c) => c.key === 'POST /ks/monitor/audit')?.body).toEqual({
      ...NODE,
      id: row.id,
      result: 'reject',
      advice: '材料不全',
    });
  });

  const REVIEWER = { id: '22222222-2222-4222-8222-222222222222', userName: '李审核', account: 'lishenhe' };
  const pendingStep = (name: string, way: string, reviewerUserId: string, reviewerName: string) => ({
    level: 1,
    name,
    way,
    reviewerUserId,
    reviewerName,
    result: '',
    advice: '',
    actedAt: null,
  });
  /** Opens 分配 on a row whose form holds these pending steps; answers the dialog and the calls. */
  async function openAssign(steps: ReturnType<typeof pendingStep>[]) {
    const row = makeRow({ name: '甲', operations: operations(['assign', '分配']) });
    const { user, calls } = setup({
      page: () => ({ total: 1, records: [row] }),
      extra: {
        'POST /ks/info/v1/form/details': ok({
          schemaVersion: 1,
          items: [],
          groups: [],
          record: null,
          meta: null,
          functions: [],
          operations: [],
          onBehalf: null,
          audit: {
            levels: [{ level: 1, name: steps[0]?.name, way: steps[0]?.way }],
            steps,
            earlierRounds: [],
          },
        }),
        'GET /ks/authority/audit/reviewers': ok([REVIEWER]),
        'POST /ks/monitor/assign': ok(WORKFLOW_RESULT),
      },
    });
    await user.click(await screen.findByRole('button', { name: /分\s*配/ }));
    const dialog = await modalTitled('分配审核任务');
    /** Picks the new reviewer, confirms, and answers the assign call's body. */
    const confirmTo = async () => {
      fireEvent.mouseDown(within(dialog).getAllByRole('combobox')[1] as HTMLElement);
      await user.click(await screen.findByText('李审核（lishenhe）'));
      const ok = () => within(dialog).getByRole('button', { name: /确\s*定|OK/ }) as HTMLButtonElement;
      await waitFor(() => expect(ok().disabled).toBe(false));
      await user.click(ok());
      expect(await screen.findByText('操作成功')).toBeTruthy();
      return calls.find((c) => c.key === 'POST /ks/monitor/assign')?.body;
    };
    return { row, user, dialog, confirmTo };
  }

  it('assigns a pending step to a chosen reviewer', async () => {
    const from = '33333333-3333-4333-8333-333333333333';
    const { row, dialog, confirmTo } = await openAssign([pendingStep('初审', 'single', from, '王五')]);
    expect(await within(dialog).findByText('初审（当前：王五）')).toBeTruthy();
    expect(await confirmTo()).toEqual({
      ...NODE,
      id: row.id,
      level: 1,
      fromUserId: from,
      userId: REVIEWER.id,
    });
  });

  it('assigns one reviewer’s step of a level several reviewers share', async () => {
    const second = '55555555-5555-4555-8555-555555555555';
    const { row, user, dialog, confirmTo } = await openAssign([
      pendingStep('会审', 'all', '44444444-4444-4444-8444-444444444444', '王五'),
      pendingStep('会审', 'all', second, '赵六'),
    ]);
    fireEvent.mouseDown(within(dialog).getAllByRole('combobox')[0] as HTMLElement);
    await user.click(await screen.findByText('会审（当前：赵六）'));
    expect(await confirmTo()).toEqual({
      ...NODE,
      id: row.id,
      level: 1,
      fromUserId: second,
      userId: REVIEWER.id,
    });
  });

  it('opens the detail page for 查看 and 编辑, and for 新增 without id', async () => {
    const row = makeRow({ name: '甲', operations: operations(['save', '编辑']) });
    const { user } = setup({ page: () => ({ total: 1, functions: ['save'], records: [row] }) });
    await user.click(await screen.findByRole('button', { name: /编\s*辑/ }));
    expect((await screen.findByTestId('location')).textContent).toBe(
      `/dynamicPage/dynamicDetail?systemCoding=${NODE.systemCoding}&gnCoding=${NODE.gnCoding}&id=${row.id}`,
    );
  });
});

describe('DynamicIndexPage: export and import', () => {
  it('exports the filtered list and saves it under the server file name', async () => {
    const saved: string[] = [];
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: () => 'blob:x', revokeObjectURL: () => {} }));
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push(this.download);
    });
    const exportCall: MockHandler = () =>
      new Response(new Blob(['xlsx']), {
        status: 200,
        headers: {
          'Content-Type': 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
          'Content-Disposition': `attachment; filename="export.xlsx"; filename*=UTF-8''${encodeURIComponent('资质管理_20261122080000.xlsx')}`,
        },
      });
    const { user, calls } = setup({
      page: () => ({ functions: ['export'] }),
      extra: { 'POST /ks/monitor/export': exportCall },
    });
    await user.click(await screen.findByRole('button', { name: /导\s*出/ }));
    await waitFor(() => expect(saved).toEqual(['资质管理_20261122080000.xlsx']));
    expect(calls.find((c) => c.key === 'POST /ks/monitor/export')?.body).toMatchObject({
      ...NODE,
      search: [],
    });
  });

  it('imports: shows the rejected-rows report, or the number imported', async () => {
    let answer = ok({ imported: 0, rejected: [{ row: 3, errors: { name: '资质名称必填' } }] });
    const saved: string[] = [];
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: () => 'blob:x', revokeObjectURL: () => {} }));
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push(this.download);
    });
    const template: MockHandler = () =>
      new Response(new Blob(['xlsx']), {
        status: 200,
        headers: {
          'Content-Type': 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
          'Content-Disposition': `attachment; filename*=UTF-8''${encodeURIComponent('资质管理_导入模板.xlsx')}`,
        },
      });
    const { user, calls } = setup({
      page: () => ({ functions: ['import'] }),
      extra: { 'POST /ks/monitor/import': () => answer, 'GET /ks/monitor/import-template': template },
    });
    await user.click(await screen.findByRole('button', { name: /导\s*入/ }));
    const dialog = await modalTitled('导入');
    // rc-upload renders a fresh input after each choice.
    const input = () => dialog.querySelector('input[type=file]') as HTMLInputElement;
    const file = new File(['x'], 'data.xlsx', {
      type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    });
    await user.upload(input(), file);
    expect(await within(dialog).findByText('有1行数据未通过校验，未导入任何数据')).toBeTruthy();
    expect(within(dialog).getByText('资质名称必填')).toBeTruthy();
    answer = ok({ imported: 4, rejected: [] });
    await user.click(within(dialog).getByRole('button', { name: /下载模板/ }));
    await waitFor(() => expect(saved).toEqual(['资质管理_导入模板.xlsx']));
    expect(
      Object.fromEntries(calls.find((c) => c.key === 'GET /ks/monitor/import-template')?.query ?? []),
    ).toEqual(NODE);
    await user.upload(input(), file);
    expect(await screen.findByText('成功导入4条数据')).toBeTruthy();
  });
});

describe('DynamicIndexPage: card list and charts', () => {
  const cardStyle = {
    titleKey: 'name',
    titleFontSize: 18,
    titleFontStyle: 'italic' as const,
    width: '50%' as const,
    contents: [{ contentKey: 'level', fontSize: 12, color: '#ff0000', style: 'margin-top: 4px' }],
  };

  it('shows cards in the card style and loads the next page at the bottom', async () => {
    const files = (n: number) =>
      Array.from({ length: n }, (_, i) => ({
        fileName: `附件${i}.pdf`,
        url: `/f/${i}`,
        host: '',
        fileId: `f${i}`,
        fileType: 'pdf',
        fileSize: 1,
        fileNo: '',
      }));
    const { lists } = setup({
      definition: { list: { columns: COLUMNS, view: 'card', cardStyle } },
      page: (body) => ({
        total: 11,
        curPage: body.curPage,
        pageSize: 10,
        cardStyle,
        records:
          body.curPage === 1
            ? [makeRow({ name: '第一页资质', level: '一级', fileList: files(3) })]
            : [makeRow({ name: '第二页资质', level: '二级' })],
      }),
    });
    const title = await screen.findByText('第一页资质');
    expect(title.style.fontSize).toBe('18px');
    expect(title.style.fontStyle).toBe('italic');
    const content = screen.getByText('一级');
    expect(content.style.color).toBe('rgb(255, 0, 0)');
    expect(content.style.marginTop).toBe('4px');
    expect(screen.getAllByTestId('card-annex').map((el) => el.style.width)).toEqual(['50%', '50%', '50%']);
    const list = screen.getByTestId('card-list');
    Object.defineProperties(list, {
      scrollHeight: { value: 1000, configurable: true },
      clientHeight: { value: 400, configurable: true },
      scrollTop: { value: 600, configurable: true, writable: true },
    });
    fireEvent.scroll(list);
    expect(await screen.findByText('第二页资质')).toBeTruthy();
    expect(lists.map((body) => body.curPage)).toEqual([1, 2]);
  });

  it('loads the next page by itself while the cards do not fill the box (nothing to scroll)', async () => {
    // A laid-out box 600 px high holding 300 px of cards.
    vi.spyOn(HTMLElement.prototype, 'clientHeight', 'get').mockReturnValue(600);
    vi.spyOn(HTMLElement.prototype, 'scrollHeight', 'get').mockReturnValue(300);
    const { lists } = setup({
      definition: { list: { columns: COLUMNS, view: 'card', cardStyle } },
      page: (body) => ({
        total: 21,
        curPage: body.curPage,
        pageSize: 10,
        cardStyle,
        records: [makeRow({ name: `第${body.curPage}页资质` })],
      }),
    });
    expect(await screen.findByText('第3页资质')).toBeTruthy();
    expect(await screen.findByText('没有更多了')).toBeTruthy();
    expect(lists.map((body) => body.curPage)).toEqual([1, 2, 3]);
  });

  it('draws each published chart from the server aggregate', async () => {
    const { calls, user } = setup({
      definition: {
        list: { columns: COLUMNS },
        charts: [{ id: 'c1', title: '按等级统计', kind: 'bar', dimension: 'level', measure: 'count' }],
      },
      extra: { 'POST /ks/statistics/v1/chart-data': ok({ categories: ['一级', '二级'], series: [3, 5] }) },
    });
    // jsdom's window is 768 px high: the charts start folded (chart-area.test.tsx).
    await user.click(await screen.findByRole('button', { name: /展开图表/ }));
    expect(await screen.findByText('按等级统计')).toBeTruthy();
    expect((await screen.findByTestId('chart')).textContent).toBe('一级:3,二级:5');
    expect(calls.find((c) => c.key.includes('chart-data'))?.body).toEqual({ ...NODE, chartId: 'c1' });
  });
});

describe('DynamicIndexPage: a node the caller may not use', () => {
  it('says so in place, asks for no records and opens no dialog', async () => {
    const { lists } = setup({
      extra: { 'GET /ks/config/node/published': failure(403, 403, NODE_ACCESS_DENIED_MESSAGE) },
    });
    expect(await screen.findByText(NODE_ACCESS_DENIED_MESSAGE)).toBeTruthy();
    expect(screen.queryByText('该功能尚未发布')).toBeNull();
    expect(document.querySelector('.ant-modal')).toBeNull();
    expect(lists).toEqual([]);
  });
});

describe('DynamicIndexPage: developers', () => {
  it('shows a developer the preview of the published node and never asks for its records', async () => {
    useSessionStore.setState({ isDev: true });
    try {
      const { lists } = setup({
        definition: {
          functions: ['save', 'export'],
          form: {
            items: [FormItemSchema.parse({ code: 'name', name: '资质名称', type: 'text' })],
            groups: [],
          },
          list: { columns: COLUMNS },
        },
      });
      expect(await screen.findByText('开发者预览')).toBeTruthy();
      expect(screen.getByText(/数据由在“权限设置”中获得授权的角色查看/)).toBeTruthy();
      expect(screen.getByRole('link', { name: '前往权限设置' }).getAttribute('href')).toBe(
        `/system/permissionsSet?systemCoding=${NODE.systemCoding}&gnCoding=${NODE.gnCoding}`,
      );
      // The columns of the list (the operations column has nothing to show), the buttons, the form.
      expect(screen.getByRole('columnheader', { name: '资质等级' })).toBeTruthy();
      expect(screen.getByText('开发者不查看业务数据')).toBeTruthy();
      expect(screen.getByRole('button', { name: /新\s*增/ }).hasAttribute('disabled')).toBe(true);
      expect(screen.getByRole('button', { name: /导\s*出/ })).toBeTruthy();
      expect(screen.getByLabelText('资质名称')).toBeTruthy();
      expect(screen.queryByText('无权访问该功能的数据')).toBeNull();
      expect(lists).toEqual([]);
    } finally {
      useSessionStore.setState({ isDev: false });
    }
  });
});
