import { configure, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { makeDeployConfig, makePlatformInfo, makeUserInfo } from '@/test/factories.ts';
import { mockFetch, ok } from '@/test/fetch-mock.ts';
import { renderRoute } from '@/test/render-route.tsx';
import { shellCalls } from '@/test/shell-calls.ts';
import { signInAs } from '@/test/sign-in.ts';
import { testTimeout, waitBound } from '@/test/waits.ts';
import { makePage, makePublished, NODE } from './test-fixtures.tsx';

// Whole-shell renders with antd under jsdom are slow on a shared two-core machine.
vi.setConfig({ testTimeout: testTimeout(6) });
configure({ asyncUtilTimeout: waitBound(2).timeout });

function renderAsUser(path: string) {
  const userInfo = makeUserInfo({ loginRoleType: 'U', userName: '企业用户' });
  mockFetch({
    'GET /ks/common/deploy-config': ok(makeDeployConfig()),
    'GET /ks/common/platform-info': ok(makePlatformInfo({ platformName: '测试平台' })),
    'GET /ks/individual/user-info': ok(userInfo),
    'GET /ks/notification/v1/audit/system-list': ok([]),
    'GET /ks/notification/v1/audit/todo-count': ok(0),
    'GET /ks/config/node/published': ok(makePublished()),
    'POST /ks/monitor/table-list': ok(makePage()),
    'GET /ks/common/common/fj-list': ok([]),
    'POST /ks/info/v1/form/details': ok({
      schemaVersion: 1,
      items: [],
      groups: [],
      record: null,
      meta: null,
      functions: ['save'],
      operations: [],
      onBehalf: null,
      audit: null,
    }),
    ...shellCalls(),
  });
  signInAs('U', userInfo);
  return renderRoute(path);
}

const query = `systemCoding=${NODE.systemCoding}&gnCoding=${NODE.gnCoding}`;

describe('records routes in the shell', () => {
  it('serves the node list at /dynamicPage/dynamicIndex', async () => {
    renderAsUser(`/dynamicPage/dynamicIndex?${query}`);
    expect(await screen.findByRole('button', { name: '刷新' })).toBeTruthy();
  });

  it('serves a new record at /dynamicPage/dynamicDetail', async () => {
    renderAsUser(`/dynamicPage/dynamicDetail?${query}`);
    expect(await screen.findByText('新增数据')).toBeTruthy();
  });

  it('serves the home page at /system/pageConfig', async () => {
    renderAsUser('/system/pageConfig');
    expect(await screen.findByText('我的待办')).toBeTruthy();
  });
});
