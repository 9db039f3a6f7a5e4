import type { MenuNode, System } from '@ks/contract/shell';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { useSessionStore } from '@/lib/session-store.ts';
import { makeNodeId, makeRecordId, makeUserInfo } from '@/test/factories.ts';
import { mockFetch, ok } from '@/test/fetch-mock.ts';
import { renderWidget } from '@/test/render-widget.tsx';
import { signInAs } from '@/test/sign-in.ts';
import { PageConfigPage } from './page-config-page.tsx';

const system = (gnCoding: string, systemName: string): System => ({
  id: makeRecordId(),
  systemName,
  title: systemName.slice(0, 4),
  gnCoding,
  levels: '0',
  sort: 0,
});

// The node's id is a UUID and its gnCoding a code: a link built from the wrong one cannot pass.
const menu = (overrides: Partial<MenuNode> & Pick<MenuNode, 'gnCoding' | 'title'>): MenuNode => ({
  id: makeNodeId(),
  icon: '',
  itShows: '是',
  nodeProperties: 'dynamicList',
  style: '',
  nodeSetFlag: false,
  disabled: false,
  sort: 0,
  children: [],
  ...overrides,
});

describe('PageConfigPage (home)', () => {
  it("shows the user's to-do counts and the pages of each system they can open", async () => {
    signInAs('M', { userName: '王经理' });
    mockFetch({
      'POST /ks/menu/v1/menus/main-menus': ok([
        system('JYGL', '交易管理系统'),
        system('XYPJ', '信用评价系统'),
      ]),
      'GET /ks/notification/v1/audit/system-list': ok([
        { systemName: '交易管理系统', systemCoding: 'JYGL', todoCount: 3 },
        { systemName: '信用评价系统', systemCoding: 'XYPJ', todoCount: 2 },
      ]),
      'GET /ks/individual/menus': ({ url }) =>
        ok(
          url.searchParams.get('systemCoding') === 'JYGL'
            ? [
                menu({
                  gnCoding: 'xmgl',
                  title: '项目管理',
                  nodeProperties: 'directory',
                  children: [
                    menu({ gnCoding: 'xmxx', title: '项目信息' }),
                    menu({ gnCoding: 'hidden', title: '隐藏节点', itShows: '否' }),
                  ],
                }),
              ]
            : [],
        ),
    });
    renderWidget(<PageConfigPage />, '/system/pageConfig');
    expect(await screen.findByText('您好，王经理')).toBeTruthy();
    expect(await screen.findByText('5')).toBeTruthy();
    const link = (await screen.findByRole('link', { name: '项目信息' })) as HTMLAnchorElement;
    expect(link.getAttribute('href')).toBe('/dynamicPage/dynamicIndex?systemCoding=JYGL&gnCoding=xmxx');
    expect(screen.queryByText('隐藏节点')).toBeNull();
    expect(screen.queryByRole('link', { name: '项目管理' })).toBeNull();
    expect(await screen.findByText('暂无可打开的页面')).toBeTruthy();
  });

  it('says so when there is nothing to do and nothing to open', async () => {
    useSessionStore.getState().setUser(makeUserInfo(), ['user']);
    mockFetch({
      'POST /ks/menu/v1/menus/main-menus': ok([]),
      'GET /ks/notification/v1/audit/system-list': ok([]),
    });
    renderWidget(<PageConfigPage />, '/system/pageConfig');
    expect(await screen.findByText('暂无待办')).toBeTruthy();
    expect(await screen.findByText('暂无可访问的系统')).toBeTruthy();
  });
});
