import type { FunctionNode, NodeAuthority } from '@ks/contract/authority';
import type { System } from '@ks/contract/shell';
import { configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { toggleCheckbox } from '@/test/checkbox.ts';
import { makeNodeId } from '@/test/factories.ts';
import { failure, ok } from '@/test/fetch-mock.ts';
import { renderAsRole } from '@/test/render-as-role.ts';
import { testTimeout, waitBound } from '@/test/waits.ts';

vi.setConfig({ testTimeout: testTimeout(8) });
// First renders of lazy pages are slow when the machine is busy.
configure({ asyncUtilTimeout: waitBound(2).timeout });

const SYSTEM: System = {
  id: '11111111-1111-4111-8111-111111111111',
  systemName: '交易管理系统',
  title: '交易管理',
  gnCoding: 'JYGL',
  levels: '0',
  sort: 0,
};
const NODE_ID = makeNodeId();
const ORG_ID = '66666666-6666-4666-8666-666666666666';
const functionNode: FunctionNode = {
  nodeId: NODE_ID,
  parentId: null,
  title: '项目信息',
  gnCoding: 'xmxx',
  nodeProperties: 'dynamicList',
  functions: [
    { code: 'save', label: '保存' },
    { code: 'submit', label: '提交' },
    { code: 'assign', label: '分配' },
  ],
  customised: false,
};
const authority: NodeAuthority = {
  nodeId: NODE_ID,
  offered: functionNode.functions,
  grants: [{ functionCode: 'save', roles: ['M', 'U'], orgIds: [] }],
  visibleRoles: ['M', 'U', 'P'],
  customised: false,
  version: 0,
};
const org = {
  id: ORG_ID,
  name: '市审核中心',
  members: [{ id: '44444444-4444-4444-8444-444444444444', userName: '王审核', account: 'wang' }],
  version: 1,
  updatedAt: '2026-11-21T00:00:00Z',
};

function renderPermissions(save: Parameters<typeof renderAsRole>[2][string]) {
  return renderAsRole(
    'M',
    '/system/permissionsSet?systemCoding=JYGL',
    {
      'POST /ks/menu/v1/menus/main-menus': ok([SYSTEM]),
      'POST /ks/config/new/node/function-nodes': ok([functionNode]),
      'GET /ks/authority/v1/node/functions': ok(authority),
      'GET /ks/authority/audit/audit-orgs': ok([org]),
      'PUT /ks/authority/v1/node/save-functions': save,
    },
    { systems: [SYSTEM] },
  );
}

describe('/system/permissionsSet', () => {
  it('shows the defaults in effect and saves the matrix and menu roles over the version', async () => {
    const { callsTo } = renderPermissions(ok({ ...authority, customised: true, version: 1 }));
    fireEvent.click(await screen.findByText('项目信息'));
    expect(
      await screen.findByText('该节点尚未单独设置权限，下表为当前生效的默认权限；保存后按此处设置生效。'),
    ).toBeTruthy();
    expect((screen.getByLabelText('保存-企业用户') as HTMLInputElement).checked).toBe(true);
    // 分配 is for administrators only, whatever is ticked (FUNCTION_ROLES).
    expect((screen.getByLabelText('分配-管理员') as HTMLInputElement).disabled).toBe(false);
    expect((screen.getByLabelText('分配-企业用户') as HTMLInputElement).disabled).toBe(true);
    expect((screen.getByLabelText('分配-个人用户') as HTMLInputElement).disabled).toBe(true);
    fireEvent.click(screen.getByLabelText('提交-个人用户'));
    fireEvent.mouseDown(screen.getByLabelText('提交-审核机构'));
    fireEvent.click((await screen.findAllByTitle('市审核中心')).at(-1) as HTMLElement);
    await toggleCheckbox(screen.getByRole('checkbox', { name: '个人用户' }));
    fireEvent.click(screen.getByRole('button', { name: '保存权限' }));
    await waitFor(() =>
      expect(callsTo('PUT /ks/authority/v1/node/save-functions')[0]?.body).toEqual({
        nodeId: NODE_ID,
        grants: [
          { functionCode: 'save', roles: ['M', 'U'], orgIds: [] },
          { functionCode: 'submit', roles: ['P'], orgIds: [ORG_ID] },
        ],
        visibleRoles: ['M', 'U'],
        version: 0,
      }),
    );
    expect(await screen.findByText('权限已保存')).toBeTruthy();
  });

  it('says when someone else saved first and reloads on request', async () => {
    const { callsTo } = renderPermissions(failure(409, 409, '数据已被他人修改，请刷新后重试'));
    fireEvent.click(await screen.findByText('项目信息'));
    fireEvent.click(await screen.findByRole('button', { name: '保存权限' }));
    const dialog = (await screen.findByText('数据已被他人修改，请刷新后重试')).closest(
      '.ant-modal',
    ) as HTMLElement;
    const loads = callsTo('GET /ks/authority/v1/node/functions').length;
    fireEvent.click(within(dialog).getByRole('button', { name: '重新加载' }));
    await waitFor(() => expect(callsTo('GET /ks/authority/v1/node/functions').length).toBe(loads + 1));
  });

  it('refuses enterprise users', async () => {
    renderAsRole('U', '/system/permissConfig', {});
    expect(await screen.findByText('权限配置仅限管理员和开发人员使用')).toBeTruthy();
  });
});

describe('reviewer organisations (/system/auditWay)', () => {
  it('needs a name and members, then creates the organisation', async () => {
    const { callsTo } = renderAsRole('D', '/system/auditWay', {
      'GET /ks/config/new/node/system-list': ok([]),
      'GET /ks/authority/audit/audit-orgs': ok([]),
      'GET /ks/authority/audit/reviewers': ok(org.members),
      'POST /ks/authority/audit/audit-orgs': ok(org),
    });
    fireEvent.click(await screen.findByRole('button', { name: '新增审核机构' }));
    const dialog = (await screen.findByText('新增审核机构', { selector: '.ant-modal-title' })).closest(
      '.ant-modal',
    ) as HTMLElement;
    fireEvent.click(within(dialog).getByRole('button', { name: /确\s*定|OK/ }));
    expect(await within(dialog).findByText('请输入审核机构名称')).toBeTruthy();
    expect(within(dialog).getByText('请选择审核机构成员')).toBeTruthy();
    fireEvent.change(within(dialog).getByLabelText('机构名称'), { target: { value: '市审核中心' } });
    fireEvent.mouseDown(within(dialog).getByLabelText('成员'));
    fireEvent.click((await screen.findAllByTitle('王审核（wang）')).at(-1) as HTMLElement);
    fireEvent.click(within(dialog).getByRole('button', { name: /确\s*定|OK/ }));
    await waitFor(() =>
      expect(callsTo('POST /ks/authority/audit/audit-orgs')[0]?.body).toEqual({
        name: '市审核中心',
        memberIds: [org.members[0]?.id],
      }),
    );
  });
});
