import { PAGE_ACCESS } from '@ks/contract/pages';
import { screen, waitFor } from '@testing-library/react';
import { matchRoutes, type RouteObject } from 'react-router';
import { describe, expect, it } from 'vitest';
import { useSessionStore } from '@/lib/session-store.ts';
import { makeDeployConfig, makePlatformInfo, makeUserInfo } from '@/test/factories.ts';
import { failure, mockFetch, ok } from '@/test/fetch-mock.ts';
import { renderRoute } from '@/test/render-route.tsx';
import { shellCalls } from '@/test/shell-calls.ts';
import { signInAs } from '@/test/sign-in.ts';
import { waitBound } from '@/test/waits.ts';
import { FEATURE_ROUTES } from './feature-routes.ts';
import {
  EXTRA_SHELL_PAGES,
  PLANNED_PAGES,
  PUBLIC_PAGES,
  ROUTE_GROUPS,
  shellPagePaths,
} from './route-table.ts';
import { createRoutes } from './router.tsx';

const publicCalls = () => ({
  'GET /ks/common/deploy-config': ok(makeDeployConfig()),
  'GET /ks/common/platform-info': ok(makePlatformInfo()),
});

const signIn = (homeUrl: string) => signInAs('P', { homeUrl });

describe('router guard', () => {
  it('sends a page behind the session to / without a token, remembering the deep link', async () => {
    mockFetch(publicCalls());
    const { location } = renderRoute('/system/pageConfig?tab=2');
    expect(await screen.findByLabelText('账号')).toBeTruthy();
    expect(location()).toBe(`/?redirect=${encodeURIComponent('/system/pageConfig?tab=2')}`);
  });

  it.each(['/', '/login'])('sends %s with a token to the stored home URL', async (path) => {
    mockFetch(publicCalls());
    signIn('/expertExtraction/extractList?tab=1');
    const { location } = renderRoute(path);
    expect(await screen.findByRole('heading', { name: '抽取列表' })).toBeTruthy();
    expect(screen.getByText('此页面尚未开放')).toBeTruthy();
    expect(location()).toBe('/expertExtraction/extractList?tab=1');
  });

  it('lets a signed-in person through to a page behind the session', async () => {
    mockFetch(publicCalls());
    signIn('/userCenter/uCenter');
    const { location } = renderRoute('/expertExtraction/extractList');
    expect(await screen.findByRole('heading', { name: '抽取列表' })).toBeTruthy();
    expect(location()).toBe('/expertExtraction/extractList');
  });

  it.each([
    ['/credit/analysis', 'U', '信用分析仅限管理员使用'],
    ['/credit/companyInfo', 'P', '企业信用信息仅限管理员和企业用户使用'],
    ['/credit/commitmentbookDetail', 'D', '信用承诺书详情仅限管理员和企业用户使用'],
    ['/credit/creditPublicList', 'D', '信用公示仅限管理员、企业用户和个人用户使用'],
    ['/system/companyInfo?type=1', 'P', '企业信息仅限管理员和企业用户使用'],
    ['/system/personnelInfo', 'D', '人员信息仅限管理员和企业用户使用'],
    ['/system/adminInfo', 'U', '企业信息库仅限管理员使用'],
    ['/system/managementInfo', 'P', '人员管理仅限管理员使用'],
    ['/system/jobs', 'U', '后台任务仅限管理员使用'],
    ['/system/jumpNoticeCfg', 'D', '通知配置仅限管理员使用'],
  ] as const)('refuses %s to role %s with the gate, before any call of the page', async (path, role, why) => {
    mockFetch({ ...publicCalls(), ...shellCalls() });
    signInAs(role);
    renderRoute(path);
    expect(await screen.findByText(why)).toBeTruthy();
    expect(screen.getByText('无权限访问')).toBeTruthy();
  });

  it.each([
    ['/expertExtraction', '/expertExtraction/extractList', '抽取列表'],
    ['/userCenter', '/userCenter/uCenter', null],
  ])('sends the group %s on to its first page %s', async (path, target, heading) => {
    mockFetch({ ...publicCalls(), ...shellCalls(), 'GET /ks/individual/user-info': ok(makeUserInfo()) });
    signIn('/userCenter/uCenter');
    const { location } = renderRoute(path);
    await waitFor(() => expect(location()).toBe(target));
    if (heading) expect(await screen.findByRole('heading', { name: heading })).toBeTruthy();
  });

  it('sends the platform settings to / without a token', async () => {
    mockFetch(publicCalls());
    const { location } = renderRoute('/system/platformSettings');
    expect(await screen.findByLabelText('账号')).toBeTruthy();
    expect(location()).toBe(`/?redirect=${encodeURIComponent('/system/platformSettings')}`);
  });

  it('opens public pages without a token', async () => {
    mockFetch(publicCalls());
    renderRoute('/transac');
    expect(await screen.findByRole('heading', { name: '交易信息' })).toBeTruthy();
    expect(screen.getByText('此页面尚未开放')).toBeTruthy();
  });

  it('shows the 404 page for an unknown path, whose button returns home', async () => {
    mockFetch(publicCalls());
    const { user, location } = renderRoute('/no/such/page');
    expect(await screen.findByText('抱歉，您访问的页面不存在')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: '返回首页' }));
    await waitFor(() => expect(location()).toBe('/'));
    expect(await screen.findByLabelText('账号')).toBeTruthy();
  });
});

describe('信用公示 without a session (decision 0054)', () => {
  const publicService = () => ({
    'GET /ks/common/deploy-config': ok(makeDeployConfig({ loginVariant: 'public-service' })),
    'GET /ks/common/platform-info': ok(makePlatformInfo()),
  });
  const ROW = {
    enterpriseName: '公示演示建设有限公司',
    creditCode: '91120000MA05ABCD1X',
    qyType: '施工企业',
    score: 88,
    grade: 'AA',
    computedAt: '2026-11-26T01:00:00Z',
  };

  it('opens in the portal frame in the public-service variant, also from the shell’s path', async () => {
    mockFetch({
      ...publicService(),
      'GET /ks/credit/public-list': ok({
        records: [ROW],
        total: 1,
        curPage: 1,
        pageSize: 10,
        grades: ['AA'],
      }),
    });
    const { location } = renderRoute('/credit/creditPublicList');
    expect(await screen.findByText('公示演示建设有限公司', {}, waitBound(2))).toBeTruthy();
    expect(location()).toBe('/credit-publicity');
    expect(screen.getByRole('link', { name: '信用公示' }).getAttribute('aria-current')).toBe('page');
    expect(screen.queryByRole('button', { name: /导\s*出/ })).toBeNull();
  });

  it('is linked from the public-service login page’s portal navigation', async () => {
    mockFetch(publicService());
    renderRoute('/');
    expect(await screen.findByLabelText('账号')).toBeTruthy();
    expect((await screen.findByRole('link', { name: '信用公示' })).getAttribute('href')).toBe(
      '/credit-publicity',
    );
  });

  it('asks for a login in the other variants, and offers no link there', async () => {
    mockFetch(publicCalls());
    const { location } = renderRoute('/credit-publicity');
    expect(await screen.findByLabelText('账号')).toBeTruthy();
    expect(location()).toBe(`/?redirect=${encodeURIComponent('/credit/creditPublicList')}`);
    expect(screen.queryByRole('link', { name: '信用公示' })).toBeNull();
  });

  it('sends a signed-in person to the list inside the shell', async () => {
    mockFetch({
      ...publicService(),
      ...shellCalls(),
      'GET /ks/credit/public-list': ok({ records: [], total: 0, curPage: 1, pageSize: 10, grades: [] }),
    });
    signIn('/userCenter/uCenter');
    const { location } = renderRoute('/credit-publicity');
    await waitFor(() => expect(location()).toBe('/credit/creditPublicList'));
  });
});

describe('route table', () => {
  const routes = createRoutes();
  const titleAt = (path: string) => {
    const matches = matchRoutes(routes, path) ?? [];
    return (matches[matches.length - 1]?.route.handle as { title?: string } | undefined)?.title;
  };

  it('registers every child of every route group of the specification', () => {
    const paths = ROUTE_GROUPS.flatMap((group) =>
      group.children.map(
        (page) => [`${group.path}/${page.path.replace(':bianma', 'B001')}`, page.title] as const,
      ),
    );
    expect(paths.length).toBeGreaterThan(60);
    for (const [path, title] of [...paths, ...PLANNED_PAGES.map((p) => [p.path, p.title] as const)]) {
      expect(titleAt(path), path).toBe(title);
    }
    expect(titleAt('/userCenter/uCenter')).toBe('个人中心');
    expect(titleAt('/system/platformSettings')).toBe('平台设置');
  });

  /** The shell layout's pages: every route under the layout that has no children, with its path. */
  const shellLeaves = () => {
    const shell = routes[0]?.children?.find((route) => route.loader !== undefined && !route.path);
    const leaves: { path: string; route: RouteObject }[] = [];
    const visit = (list: RouteObject[], base: string) => {
      for (const route of list) {
        const path = route.path?.startsWith('/') ? route.path : `${base}/${route.path ?? ''}`;
        const at = route.path ? path : base;
        if (route.children) visit(route.children, at);
        // An index route of a group is its redirect to the first page, not a page.
        else if (!route.index) leaves.push({ path: at, route });
      }
    };
    visit(shell?.children ?? [], '');
    return leaves;
  };

  it('lists every page of the shell in the table the end-to-end route walk opens', () => {
    const paths = shellLeaves().map((leaf) => leaf.path);
    expect(paths.length).toBeGreaterThan(80);
    expect([...new Set(paths)].sort()).toEqual([...new Set(shellPagePaths())].sort());
  });

  it('ends every path of the table, and every group of the specification, on a page or a redirect', () => {
    const groups = [...ROUTE_GROUPS.map((group) => group.path), '/userCenter'];
    for (const path of [...groups, ...shellPagePaths().map((one) => one.replace(':bianma', 'B001'))]) {
      const matches = matchRoutes(routes, path) ?? [];
      const deepest = matches[matches.length - 1]?.route;
      expect(deepest?.children, `${path} ends on a route with children and no page`).toBeUndefined();
      const rendersOrRedirects =
        deepest?.lazy !== undefined ||
        deepest?.Component != null ||
        deepest?.element != null ||
        (deepest?.index === true && deepest.loader !== undefined);
      expect(rendersOrRedirects, path).toBe(true);
    }
  });

  it.each([
    ['/register', '注册账号'],
    ['/activate', '激活账号'],
    ['/forgetPassword', '忘记密码'],
  ])('registers the built public page %s', (path, title) => {
    expect(titleAt(path)).toBe(title);
  });

  it('registers the public routes of the access rules', () => {
    for (const path of [
      '/realName',
      '/creditCode',
      '/auth',
      '/admin-business',
      '/caLogin',
      '/caLoginPage',
      '/caRegister',
      '/venue',
    ]) {
      expect(
        PUBLIC_PAGES.some((page) => page.path === path),
        path,
      ).toBe(true);
      expect(titleAt(path), path).toBeTruthy();
    }
  });
});

describe('feature routes', () => {
  const shellTable = new Map([
    ...ROUTE_GROUPS.flatMap((group) =>
      group.children.map((page) => [`${group.path}/${page.path}`, page.title] as const),
    ),
    ...PLANNED_PAGES.map((page) => [page.path, page.title] as const),
  ]);
  const publicTable = new Map(PUBLIC_PAGES.map((page) => [page.path, page.title] as const));

  it('gives every page a title and a path of its own', () => {
    expect(FEATURE_ROUTES.length).toBeGreaterThan(30);
    for (const page of FEATURE_ROUTES) expect(page.title.trim(), page.path).not.toBe('');
    const paths = FEATURE_ROUTES.map((page) => page.path);
    expect(paths.filter((path, at) => paths.indexOf(path) !== at)).toEqual([]);
  });

  it("puts every page at a path of the spec's route table, with its title and frame, or says why not", () => {
    for (const page of FEATURE_ROUTES) {
      const table = page.placement === 'public' ? publicTable : shellTable;
      const other = page.placement === 'public' ? shellTable : publicTable;
      expect(other.has(page.path), `${page.path} is in the other frame's table`).toBe(false);
      if (page.ownPage === undefined) {
        expect(table.get(page.path), `${page.path}: not in the route table, and no ownPage reason`).toBe(
          page.title,
        );
      } else {
        expect(table.has(page.path), `${page.path} is in the route table but says it is not`).toBe(false);
        expect(page.ownPage.trim()).not.toBe('');
      }
    }
  });

  it('lists the own shell pages where the end-to-end route walk finds them', () => {
    const own = FEATURE_ROUTES.filter((page) => page.placement === 'shell' && page.ownPage !== undefined);
    expect(own.map((page) => [page.path, page.title]).sort()).toEqual(
      EXTRA_SHELL_PAGES.map((page) => [page.path, page.title]).sort(),
    );
  });

  it("builds a page for every path whose roles the contract's page access states", () => {
    const built = new Set(FEATURE_ROUTES.map((page) => page.path));
    expect(Object.keys(PAGE_ACCESS).filter((path) => !built.has(path))).toEqual([]);
  });
});

describe('shell', () => {
  it('shows the user centre with the account and logs out to /login', async () => {
    const userInfo = makeUserInfo({ userName: '王小明', loginRoleType: 'U', enterprise: null });
    let isLoggedOut = false;
    mockFetch({
      ...publicCalls(),
      ...shellCalls(),
      'GET /ks/individual/user-info': ok(userInfo),
      'GET /ks/common/logout': () => {
        isLoggedOut = true;
        return ok(null);
      },
    });
    signIn('/userCenter/uCenter');
    const { user, location } = renderRoute('/userCenter/uCenter');

    expect(await screen.findByText(userInfo.userCode)).toBeTruthy();
    expect(screen.getAllByText('王小明').length).toBeGreaterThan(0);
    expect(screen.getByText('企业用户')).toBeTruthy();

    await user.click(screen.getByRole('button', { name: /测试用户|王小明/ }));
    await user.click(await screen.findByText('退出登录'));
    await waitFor(() => expect(location()).toBe('/login'));
    expect(isLoggedOut).toBe(true);
    expect(useSessionStore.getState().token).toBeNull();
    expect(await screen.findByLabelText('账号')).toBeTruthy();
  });

  it('shows one dialog when the session has expired, then goes to /login', async () => {
    mockFetch({
      ...publicCalls(),
      ...shellCalls(),
      'GET /ks/individual/user-info': failure(401, 10001, '登录已过期，请重新登录'),
    });
    signIn('/userCenter/uCenter');
    const { location } = renderRoute('/userCenter/uCenter');

    expect(await screen.findByText('登录已过期，请重新登录')).toBeTruthy();
    await waitFor(() => expect(location()).toBe('/login'));
    expect(useSessionStore.getState().token).toBeNull();
    expect(screen.getAllByText('登录已过期，请重新登录')).toHaveLength(1);
  });
});
