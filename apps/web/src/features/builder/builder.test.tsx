import type { BuilderNode, BuilderSystem } from '@ks/contract/builder';
import type { System } from '@ks/contract/shell';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import {
  makeDeployConfig,
  makeNodeId,
  makePlatformInfo,
  makeRecordId,
  makeUserInfo,
} from '@/test/factories.ts';
import { failure, type MockHandler, mockFetch, ok } from '@/test/fetch-mock.ts';
import { renderRoute } from '@/test/render-route.tsx';
import { shellCalls } from '@/test/shell-calls.ts';
import { signInAs } from '@/test/sign-in.ts';

const SYSTEM: BuilderSystem = {
  id: '11111111-1111-4111-8111-111111111111',
  systemName: '交易管理系统',
  title: '交易管理',
  gnCoding: 'JYGL',
  levels: '0',
  nodeCount: 3,
  version: 2,
};
const shellSystem: System = { ...SYSTEM, sort: 0 };

const node = (title: string, parentId: string | null = null): BuilderNode => ({
  id: makeNodeId(),
  parentId,
  title,
  icon: '',
  itShows: '是',
  nodeProperties: 'directory',
  gnCoding: title,
  style: '',
  nodeSetFlag: false,
  disabled: false,
  sort: 0,
  version: 1,
});

function renderAsDeveloper(path: string, extra: Record<string, MockHandler | ReturnType<typeof ok>> = {}) {
  const userInfo = makeUserInfo({ loginRoleType: 'D', userName: '开发者' });
  const calls: { key: string; body: unknown; query: string }[] = [];
  const record =
    (key: string, answer: (body: unknown) => ReturnType<typeof ok>): MockHandler =>
    ({ body, url }) => {
      calls.push({ key, body, query: url.search });
      return answer(body);
    };
  const shell = shellCalls({ systems: [shellSystem] });
  mockFetch({
    'GET /ks/common/deploy-config': ok(makeDeployConfig()),
    'GET /ks/common/platform-info': ok(makePlatformInfo({ platformName: '测试平台' })),
    'GET /ks/individual/user-info': ok(userInfo),
    ...shell,
    'POST /ks/menu/v1/menus/main-menus': record('main-menus', () => ok([shellSystem])),
    'GET /ks/config/new/node/system-list': ok([SYSTEM]),
    'GET /ks/config/new/node/node-logos': ok(['AppstoreOutlined', 'BankOutlined']),
    ...Object.fromEntries(
      Object.entries(extra).map(([key, answer]) => [
        key,
        record(key, (body) =>
          typeof answer === 'function' ? (answer as (b: unknown) => ReturnType<typeof ok>)(body) : answer,
        ),
      ]),
    ),
  });
  signInAs('D', userInfo);
  return { ...renderRoute(path), calls };
}

async function openNewSystemDialog(user: ReturnType<typeof renderRoute>['user']) {
  await user.click(await screen.findByRole('button', { name: /新建系统/ }));
  // Found by its field rather than by role name: ids are fixed in tests, so aria names can collide.
  return (await screen.findByLabelText('系统全称')).closest('.ant-modal') as HTMLElement;
}

describe('new-system dialog', () => {
  it('shows the form messages and sends nothing while the form is wrong', async () => {
    const { user, calls } = renderAsDeveloper('/userCenter/uCenter', {
      'POST /ks/config/new/structure/add': ok({ id: makeRecordId(), gnName: 'x', gnCoding: 'x' }),
    });
    const dialog = await openNewSystemDialog(user);
    await user.click(within(dialog).getByRole('button', { name: /确\s*定/ }));
    expect(await within(dialog).findByText('请输入系统全称')).toBeTruthy();
    expect(within(dialog).getByText('请输入系统简称')).toBeTruthy();
    expect(within(dialog).getByText('请输入系统编码')).toBeTruthy();
    await user.type(within(dialog).getByLabelText('系统简称'), '一二三四五六七八九');
    await user.type(within(dialog).getByLabelText('系统编码'), '9abc');
    expect(await within(dialog).findByText('长度在 1 到 8 个字符')).toBeTruthy();
    expect(
      await within(dialog).findByText('系统编码须以字母开头，由字母、数字或下划线组成，生成后不可修改'),
    ).toBeTruthy();
    expect(calls.filter((call) => call.key.includes('structure/add'))).toEqual([]);
  });

  it('creates the system: 系统已生成, closes, resets, reloads the menus and fires system-set-up', async () => {
    const events: unknown[] = [];
    const listener = (event: Event) => events.push((event as CustomEvent).detail);
    window.addEventListener('ks:system-set-up', listener);
    const result = { id: makeRecordId(), gnName: '演示工程系统', gnCoding: 'GCXT' };
    const { user, calls } = renderAsDeveloper('/userCenter/uCenter', {
      'POST /ks/config/new/structure/add': ok(result),
    });
    const dialog = await openNewSystemDialog(user);
    await waitFor(() => expect(calls.filter((call) => call.key === 'main-menus').length).toBeGreaterThan(0));
    const menuLoads = calls.filter((call) => call.key === 'main-menus').length;
    await user.type(within(dialog).getByLabelText('系统全称'), '演示工程系统');
    await user.type(within(dialog).getByLabelText('系统简称'), '工程');
    await user.type(within(dialog).getByLabelText('系统编码'), 'GCXT');
    await user.click(within(dialog).getByRole('button', { name: /确\s*定/ }));
    expect(await screen.findByText('系统已生成')).toBeTruthy();
    expect(calls.find((call) => call.key.includes('structure/add'))?.body).toEqual({
      systemName: '演示工程系统',
      title: '工程',
      gnCoding: 'GCXT',
      levels: '0',
    });
    await waitFor(() =>
      expect(dialog.closest('.ant-modal-wrap')?.getAttribute('style')).toContain('display: none'),
    );
    await waitFor(() =>
      expect(calls.filter((call) => call.key === 'main-menus').length).toBeGreaterThan(menuLoads),
    );
    expect(events).toEqual([result]);
    window.removeEventListener('ks:system-set-up', listener);
    const reopened = await openNewSystemDialog(user);
    expect((within(reopened).getByLabelText('系统全称') as HTMLInputElement).value).toBe('');
  });

  it('puts the server’s clash message under the code field', async () => {
    const message = '系统编码已被使用，请换一个编码';
    const { user } = renderAsDeveloper('/userCenter/uCenter', {
      'POST /ks/config/new/structure/add': failure(400, 400, message, { gnCoding: message }),
    });
    const dialog = await openNewSystemDialog(user);
    await user.type(within(dialog).getByLabelText('系统全称'), '甲');
    await user.type(within(dialog).getByLabelText('系统简称'), '甲');
    await user.type(within(dialog).getByLabelText('系统编码'), 'JYGL');
    await user.click(within(dialog).getByRole('button', { name: /确\s*定/ }));
    expect(await within(dialog).findByText(message)).toBeTruthy();
  });
});

describe('all systems page', () => {
  it('names the system and its node count before deleting, then deletes it', async () => {
    const { user, calls } = renderAsDeveloper('/system/allSystem', {
      'DELETE /ks/config/new/structure/del': ok({ deletedNodes: 3 }),
    });
    const row = (await screen.findByText('交易管理系统')).closest('tr') as HTMLElement;
    await user.click(within(row).getByRole('button', { name: /删\s*除/ }));
    expect(await screen.findByText('确定删除系统“交易管理系统”吗？它的3个菜单节点将一并删除。')).toBeTruthy();
    const popconfirm = document.querySelector('.ant-popconfirm') as HTMLElement;
    await user.click(within(popconfirm).getByRole('button', { name: /删\s*除/ }));
    await waitFor(() =>
      expect(calls.find((call) => call.key.startsWith('DELETE'))?.query).toBe(`?systemId=${SYSTEM.id}`),
    );
  });

  it('refuses other roles', async () => {
    const userInfo = makeUserInfo({ loginRoleType: 'M' });
    mockFetch({
      'GET /ks/common/deploy-config': ok(makeDeployConfig()),
      'GET /ks/common/platform-info': ok(makePlatformInfo()),
      'GET /ks/individual/user-info': ok(userInfo),
      ...shellCalls(),
    });
    signInAs('M', userInfo);
    renderRoute('/system/allSystem');
    expect(await screen.findByText('全部系统仅限开发人员使用')).toBeTruthy();
  });
});

describe('menu set-up page', () => {
  const TRADING = node('项目交易');
  const CREDIT = node('信用评价');
  const nodes = [TRADING, CREDIT];

  it('moves a node under another through 移动', async () => {
    const { user, calls } = renderAsDeveloper('/system/menuSetUp?systemCoding=JYGL', {
      'GET /ks/config/new/node/node-list': ok(nodes),
      'POST /ks/config/new/structure/move': ok(nodes),
    });
    const title = await screen.findByText('信用评价');
    const row = title.closest('.ks-builder-node') as HTMLElement;
    await user.click(within(row).getByRole('button', { name: /移\s*动/ }));
    const dialog = (await screen.findByText('移动到以下节点之下（排在最后）：')).closest(
      '.ant-modal',
    ) as HTMLElement;
    expect(within(dialog).getByText('移动节点“信用评价”')).toBeTruthy();
    await user.click(within(dialog).getByLabelText('目标上级节点'));
    await user.click(await screen.findByTitle('项目交易'));
    await user.click(within(dialog).getByRole('button', { name: /确\s*定|OK/ }));
    await waitFor(() =>
      expect(calls.find((call) => call.key.includes('move'))?.body).toEqual({
        nodeId: CREDIT.id,
        targetParentId: TRADING.id,
        index: 0,
      }),
    );
  });

  it('names the subtree before deleting a node', async () => {
    const tree = [...nodes, node('子节点', TRADING.id)];
    const { user } = renderAsDeveloper('/system/menuSetUp?systemCoding=JYGL', {
      'GET /ks/config/new/node/node-list': ok(tree),
    });
    const row = (await screen.findByText('项目交易')).closest('.ks-builder-node') as HTMLElement;
    await user.click(within(row).getByRole('button', { name: /删\s*除/ }));
    expect(await screen.findByText('确定删除节点“项目交易”吗？它的1个下级节点将一并删除。')).toBeTruthy();
  });
});
