import type { LoginRoleType } from '@ks/contract/session';
import { configure, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { takeUnexpectedRequests } from '@/test/fetch-mock.ts';
import { renderAsRole } from '@/test/render-as-role.ts';
import { testTimeout, waitBound } from '@/test/waits.ts';

/**
 * Issue 16 item 3: a page is offered to a role exactly when the server answers its calls. Each
 * role below (one per page; page-gates.test.tsx checks every gated page as every role) is refused by the server's access rules for these pages' calls (builder and style
 * templates: developers; catalogues, authority and reviewer organisations: administrators and
 * developers), so the page must show its denial and make no call of its own.
 */
const REFUSED: [string, string, LoginRoleType[]][] = [
  ['/system/allSystem', '全部系统仅限开发人员使用', ['M']],
  ['/system/menuSetUp', '菜单设置仅限开发人员使用', ['M']],
  ['/system/displayGroups', '展示分组仅限开发人员使用', ['M']],
  ['/system/styleTemplate', '样式模板仅限开发人员使用', ['M']],
  ['/system/setUpList', '列表设置仅限开发人员使用', ['M']],
  ['/system/setTypeCard', '卡片样式设置仅限开发人员使用', ['M']],
  ['/system/echartsSetting', '图表设置仅限开发人员使用', ['M']],
  ['/system/auditLevel', '审核级别仅限开发人员使用', ['M']],
  ['/system/auditWay', '审核方式仅限管理员和开发人员使用', ['U']],
  ['/system/permissionsSet', '权限设置仅限管理员和开发人员使用', ['U']],
  ['/system/permissConfig', '权限配置仅限管理员和开发人员使用', ['U']],
  ['/system/dictionaries', '字典管理仅限管理员和开发人员使用', ['U']],
  ['/system/valueRanges', '值域管理仅限管理员和开发人员使用', ['U']],
];

// Lazy pages under jsdom on a shared two-core machine take seconds to appear.
vi.setConfig({ testTimeout: testTimeout(6) });
configure({ asyncUtilTimeout: waitBound(2).timeout });

/** The header's widgets call these on every page; renderAsRole leaves them unanswered. */
const SHELL_WIDGETS = new Set([
  'GET /ks/message/v1/unread-count',
  'GET /ks/notification/v1/audit/todo-count',
  'GET /ks/common/weather',
  'GET /ks/message/v1/subscribe',
]);

afterEach(() => {
  // Only the shell's own calls are answered: any call of the page would be unexpected.
  expect(takeUnexpectedRequests().filter((call) => !SHELL_WIDGETS.has(call))).toEqual([]);
});

describe('pages offered only to the roles the server answers', () => {
  it.each(REFUSED.flatMap(([path, denial, roles]) => roles.map((role) => [path, role, denial] as const)))(
    '%s as %s shows the denial and calls nothing',
    async (path, role, denial) => {
      renderAsRole(role, path, {});
      expect(await screen.findByText(denial)).toBeTruthy();
      expect(screen.queryByRole('table')).toBeNull();
    },
  );

  it('gives an administrator the reviewer organisations on /system/auditWay, without the node workspace', async () => {
    const { callsTo } = renderAsRole('M', '/system/auditWay', {
      'GET /ks/authority/audit/audit-orgs': { body: { code: 200, data: [], message: '成功' } },
      'GET /ks/authority/audit/reviewers': { body: { code: 200, data: [], message: '成功' } },
    });
    expect(await screen.findByRole('button', { name: '新增审核机构' })).toBeTruthy();
    expect(screen.queryByText('无权限访问')).toBeNull();
    expect(callsTo('GET /ks/authority/audit/audit-orgs')).toHaveLength(1);
  });
});
