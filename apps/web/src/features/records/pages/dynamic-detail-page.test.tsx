import type { AnnexWithFiles } from '@ks/contract/files';
import type { FormItemInput } from '@ks/contract/form-schema';
import { FormItemSchema } from '@ks/contract/form-schema';
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { setNavigator } from '@/lib/navigation.ts';
import { makeBusinessId } from '@/test/factories.ts';
import { failure, type MockHandler, mockFetch, ok } from '@/test/fetch-mock.ts';
import { renderWidget } from '@/test/render-widget.tsx';
import { testTimeout } from '@/test/waits.ts';
import type { FormDetails } from '../api/types.ts';
import { NODE, withRoutes } from '../test-fixtures.tsx';
import { DynamicDetailPage } from './dynamic-detail-page.tsx';

vi.setConfig({ testTimeout: testTimeout(6) });

const ID = '33333333-3333-4333-8333-333333333333';
const BUSINESS_ID = makeBusinessId();
/** A moment as the server sends it (toISOString, UTC), built from local parts for any time zone. */
const isoAt = (day: number, hour: number, minute: number) =>
  new Date(2026, 10, day, hour, minute, 4, 567).toISOString();
const ITEMS = [
  FormItemSchema.parse({
    code: 'name',
    name: '资质名称',
    type: 'text',
    required: '1',
  } satisfies FormItemInput),
  FormItemSchema.parse({ code: 'remark', name: '备注', type: 'text' } satisfies FormItemInput),
];

function details(overrides: Partial<FormDetails> = {}): FormDetails {
  return {
    schemaVersion: 1,
    items: ITEMS,
    groups: [],
    record: null,
    meta: null,
    functions: ['save', 'submit'],
    operations: [],
    onBehalf: null,
    audit: null,
    ...overrides,
  };
}

const existing = (overrides: Partial<FormDetails> = {}) =>
  details({
    record: { name: '原名称', remark: '' },
    meta: {
      id: ID,
      version: 4,
      status: 'draft',
      auditState: '',
      businessId: BUSINESS_ID,
      createdAt: isoAt(1, 8, 0),
      submittedAt: null,
    },
    ...overrides,
  });

function setup(path: string, routes: Record<string, MockHandler | ReturnType<typeof ok>>) {
  const calls: { key: string; body: unknown }[] = [];
  mockFetch(
    Object.fromEntries(
      Object.entries({
        'POST /ks/common/common/record-revisions': ok([]),
        'GET /ks/common/common/fj-list': ok([]),
        ...routes,
      }).map(([key, answer]) => [
        key,
        ((request) => {
          calls.push({ key, body: request.body });
          return typeof answer === 'function' ? (answer as MockHandler)(request) : answer;
        }) as MockHandler,
      ]),
    ),
  );
  setNavigator({ navigate: () => {}, getPath: () => '/dynamicPage/dynamicDetail' });
  const view = renderWidget(withRoutes('/dynamicPage/dynamicDetail', <DynamicDetailPage />), path);
  return { ...view, calls, bodies: (key: string) => calls.filter((c) => c.key === key).map((c) => c.body) };
}

const NEW_PATH = `/dynamicPage/dynamicDetail?systemCoding=${NODE.systemCoding}&gnCoding=${NODE.gnCoding}`;
const EDIT_PATH = `${NEW_PATH}&id=${ID}`;
const button = (name: string) =>
  screen.getByRole('button', { name: new RegExp(name.split('').join('\\s*')) });

describe('DynamicDetailPage', () => {
  it('creates a record: validates, saves, says 保存成功 and moves to the saved id', async () => {
    const { user, bodies } = setup(NEW_PATH, {
      'POST /ks/info/v1/form/details': ({ body }) =>
        (body as { id?: string }).id
          ? ok(existing({ record: { name: '甲级资质', remark: '' } }))
          : ok(details()),
      'POST /ks/monitor/save': ok({ id: ID, version: 1 }),
    });
    expect(await screen.findByText('新增数据')).toBeTruthy();
    await user.click(button('保存'));
    expect(await screen.findByText('资质名称必填')).toBeTruthy();
    expect(bodies('POST /ks/monitor/save')).toHaveLength(0);
    await user.type(screen.getByLabelText('资质名称'), '甲级资质');
    await waitFor(() => expect((button('保存') as HTMLButtonElement).disabled).toBe(false));
    await user.click(button('保存'));
    expect(await screen.findByText('保存成功')).toBeTruthy();
    expect(bodies('POST /ks/monitor/save')[0]).toMatchObject({ ...NODE, values: { name: '甲级资质' } });
    expect(bodies('POST /ks/monitor/save')[0]).not.toHaveProperty('id');
    expect(await screen.findByText(`数据详情（${BUSINESS_ID}）`)).toBeTruthy();
    expect(bodies('POST /ks/info/v1/form/details')).toContainEqual({ ...NODE, id: ID });
  });

  it("places the server's {field: message} map under the fields on a 400", async () => {
    const { user } = setup(EDIT_PATH, {
      'POST /ks/info/v1/form/details': ok(existing()),
      'POST /ks/monitor/save': failure(400, 400, '数据校验未通过，请检查标红的字段', {
        name: '资质名称已存在',
      }),
    });
    await screen.findByDisplayValue('原名称');
    await user.click(button('保存'));
    expect(await screen.findByText('资质名称已存在')).toBeTruthy();
  });

  it('on a 409 offers 重新加载, which loads the fresh record and keeps the typed values to re-apply', async () => {
    let serverName = '原名称';
    const { user, bodies } = setup(EDIT_PATH, {
      'POST /ks/info/v1/form/details': () => ok(existing({ record: { name: serverName, remark: '' } })),
      'POST /ks/monitor/save': failure(409, 409, '数据已被他人修改，请刷新后重试'),
    });
    const field = await screen.findByDisplayValue('原名称');
    await user.clear(field);
    await user.type(field, '我的修改');
    await user.click(button('保存'));
    expect(await screen.findByText('数据已被他人修改，请刷新后重试')).toBeTruthy();
    expect(bodies('POST /ks/monitor/save')[0]).toMatchObject({ id: ID, version: 4 });
    serverName = '他人修改';
    await waitFor(() => expect((button('重新加载') as HTMLButtonElement).disabled).toBe(false));
    await user.click(button('重新加载'));
    expect(await screen.findByDisplayValue('他人修改')).toBeTruthy();
    expect(screen.getByText('已加载最新数据，您之前填写的内容已保留')).toBeTruthy();
    await waitFor(() => expect((button('恢复我的修改') as HTMLButtonElement).disabled).toBe(false));
    await user.click(button('恢复我的修改'));
    expect(await screen.findByDisplayValue('我的修改')).toBeTruthy();
  });

  it('submits: saves first, then starts the flow, says 提交成功 and returns to the list', async () => {
    const { user, bodies } = setup(EDIT_PATH, {
      'POST /ks/info/v1/form/details': ok(existing()),
      'POST /ks/monitor/save': ok({ id: ID, version: 5 }),
      'POST /ks/monitor/submit': ok({ id: ID, version: 6, status: 'submitted', auditState: 'pending' }),
    });
    await screen.findByDisplayValue('原名称');
    await user.click(button('提交'));
    expect(await screen.findByText('提交成功')).toBeTruthy();
    expect(bodies('POST /ks/monitor/submit')[0]).toEqual({ ...NODE, id: ID, version: 5 });
    expect((await screen.findByTestId('location')).textContent).toBe(
      `/dynamicPage/dynamicIndex?systemCoding=${NODE.systemCoding}&gnCoding=${NODE.gnCoding}`,
    );
  });

  it('is read-only in review, with the audit flow, the revision history and the footer operations', async () => {
    const { user, bodies } = setup(EDIT_PATH, {
      'POST /ks/info/v1/form/details': ok(
        existing({
          meta: {
            id: ID,
            version: 6,
            status: 'submitted',
            auditState: 'pending',
            businessId: BUSINESS_ID,
            createdAt: isoAt(1, 8, 0),
            submittedAt: isoAt(2, 9, 0),
          },
          functions: ['save', 'submit', 'audit'],
          operations: [{ code: 'audit', name: '审核', color: '#722ed1', show: true }],
          audit: {
            levels: [
              { level: 1, name: '初审', way: 'single' },
              { level: 2, name: '复审', way: 'any' },
            ],
            steps: [
              {
                level: 1,
                name: '初审',
                way: 'single',
                reviewerUserId: '33333333-3333-4333-8333-333333333333',
                reviewerName: '王五',
                result: 'pass',
                advice: '同意',
                actedAt: isoAt(2, 10, 0),
              },
              {
                level: 2,
                name: '复审',
                way: 'any',
                reviewerUserId: '44444444-4444-4444-8444-444444444444',
                reviewerName: '赵六',
                result: '',
                advice: '',
                actedAt: null,
              },
            ],
            earlierRounds: [],
          },
        }),
      ),
      'POST /ks/common/common/record-revisions': ok([
        {
          version: 2,
          action: 'update',
          actionName: '修改',
          userName: '张三',
          time: isoAt(1, 9, 30),
          dataList: [{ field: 'name', name: '资质名称', oldValue: '旧名称', newValue: '原名称' }],
        },
      ]),
      'POST /ks/monitor/audit': ok({ id: ID, version: 7, status: 'submitted', auditState: 'pending' }),
    });
    expect(await screen.findByText('审核流程')).toBeTruthy();
    expect(screen.queryByRole('button', { name: /保\s*存/ })).toBeNull();
    expect(screen.queryByRole('button', { name: /提\s*交/ })).toBeNull();
    expect(screen.queryByDisplayValue('原名称')).toBeNull();
    expect(screen.getByText('同意')).toBeTruthy();
    expect(screen.getByText('赵六')).toBeTruthy();
    expect(screen.getByText('待审核')).toBeTruthy();
    expect(screen.getByText('或签')).toBeTruthy();
    expect(await screen.findByText('旧名称')).toBeTruthy();
    // Audit and revision times read in local time to the minute, not as the server's ISO text.
    expect(screen.getByText('2026-11-02 10:00')).toBeTruthy();
    expect(screen.getByText('2026-11-01 09:30 张三 修改')).toBeTruthy();
    expect(bodies('POST /ks/common/common/record-revisions')[0]).toEqual({ ...NODE, id: ID });
    await user.click(button('审核'));
    const dialog = (await screen.findByText('审核', { selector: '.ant-modal-title' })).closest(
      '.ant-modal',
    ) as HTMLElement;
    await user.click(dialog.querySelector('.ant-btn-primary') as HTMLElement);
    expect(await screen.findByText('操作成功')).toBeTruthy();
    expect(bodies('POST /ks/monitor/audit')[0]).toEqual({ ...NODE, id: ID, result: 'pass', advice: '' });
  });

  it("offers the node's module actions in the footer, runs one after asking and reloads the record", async () => {
    let version = 4;
    const { user, bodies } = setup(EDIT_PATH, {
      'POST /ks/info/v1/form/details': () =>
        ok(
          existing({
            meta: { ...(existing().meta as NonNullable<FormDetails['meta']>), version },
            operations: [
              { code: 'certify', name: '核验', color: '#fa8c16', show: true },
              { code: 'stamp', name: '盖章', color: '#13c2c2', show: false },
            ],
          }),
        ),
      'POST /ks/records/actions/certify': () => {
        version = 5;
        return ok({ id: ID, version: 5 });
      },
    });
    await screen.findByDisplayValue('原名称');
    expect(screen.queryByRole('button', { name: /盖\s*章/ })).toBeNull();
    await user.click(button('核验'));
    expect(await screen.findByText('确定核验该条数据吗？')).toBeTruthy();
    await user.click(button('确定'));
    expect(await screen.findByText('操作成功')).toBeTruthy();
    expect(bodies('POST /ks/records/actions/certify')[0]).toEqual({ ...NODE, id: ID, version: 4, body: {} });
    await waitFor(() => expect(bodies('POST /ks/info/v1/form/details').length).toBeGreaterThan(1));
  });

  it('opens read-only with ?view=1 even when the record could be edited', async () => {
    setup(`${EDIT_PATH}&view=1`, { 'POST /ks/info/v1/form/details': ok(existing()) });
    expect(await screen.findByText('原名称')).toBeTruthy();
    expect(screen.queryByRole('button', { name: /保\s*存/ })).toBeNull();
  });
});

describe('DynamicDetailPage: annex slots', () => {
  const PDF_FILE = {
    url: '/ks/file/v1/files/f1',
    host: '',
    fileId: '44444444-4444-4444-8444-444444444444',
    fileName: '询价记录.pdf',
    fileType: 'pdf',
    fileSize: 1399,
    fileNo: 'xjjl',
  };
  const slot = (overrides: Partial<AnnexWithFiles>): AnnexWithFiles => ({
    id: `slot-${overrides.annexNo}`,
    gnCoding: NODE.gnCoding,
    annexNo: 'xjjl',
    annexName: '询价记录',
    annexFormat: ['pdf', 'jpg'],
    annexSize: 10,
    isRequired: true,
    annexCount: 3,
    description: '',
    fileList: [],
    ...overrides,
  });

  it('shows the slots with their formats and limits, and refuses to submit without a required annex', async () => {
    const { user, bodies } = setup(EDIT_PATH, {
      'POST /ks/info/v1/form/details': ok(existing()),
      'GET /ks/common/common/fj-list': ok([
        slot({}),
        slot({
          annexNo: 'cjbj',
          annexName: '厂家报价单',
          isRequired: false,
          annexFormat: ['xlsx'],
          annexSize: 20,
        }),
      ]),
      'POST /ks/monitor/save': ok({ id: ID, version: 5 }),
    });
    await screen.findByDisplayValue('原名称');
    expect(await screen.findByText('询价记录')).toBeTruthy();
    expect(screen.getByText('厂家报价单')).toBeTruthy();
    expect(screen.getByText('pdf、jpg')).toBeTruthy();
    expect(screen.getByText('不超过20MB')).toBeTruthy();
    expect(screen.getByRole('button', { name: '上传询价记录' })).toBeTruthy();

    await user.click(button('提交'));
    expect(await screen.findByText('请上传【询价记录】')).toBeTruthy();
    expect(bodies('POST /ks/monitor/save')).toHaveLength(0);
  });

  it('saves the record, then the files marked in the slots onto it', async () => {
    const { user, bodies } = setup(EDIT_PATH, {
      'POST /ks/info/v1/form/details': ok(existing()),
      'GET /ks/common/common/fj-list': ok([slot({ fileList: [{ ...PDF_FILE, fileOperationType: 'add' }] })]),
      'POST /ks/monitor/save': ok({ id: ID, version: 5 }),
      'POST /ks/common/common/attachment/save': ok([PDF_FILE]),
      'POST /ks/monitor/submit': ok({ id: ID, version: 6, status: 'submitted', auditState: 'pending' }),
    });
    await screen.findByDisplayValue('原名称');
    expect(await screen.findByRole('button', { name: '询价记录.pdf' })).toBeTruthy();
    await user.click(button('提交'));
    expect(await screen.findByText('提交成功')).toBeTruthy();
    expect(bodies('POST /ks/common/common/attachment/save')).toEqual([
      { ...NODE, id: ID, fileList: [{ fileId: PDF_FILE.fileId, fileNo: 'xjjl', fileOperationType: 'add' }] },
    ]);
  });

  it('shows no annex card for a node without slots', async () => {
    setup(EDIT_PATH, { 'POST /ks/info/v1/form/details': ok(existing()) });
    await screen.findByDisplayValue('原名称');
    expect(screen.queryByText('附件')).toBeNull();
  });
});
