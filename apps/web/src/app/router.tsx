import type { LoginRoleType } from '@ks/contract/session';
import type { ComponentType } from 'react';
import { createBrowserRouter, type DataRouter, type RouteObject, redirect } from 'react-router';
import { PageLoading } from '@/components/page-loading.tsx';
import { withChunkTimeout } from '@/lib/chunk-load.ts';
import { CREDIT_PUBLICITY_PATH } from '@/lib/constants.ts';
import { setNavigator } from '@/lib/navigation.ts';
import { requireSession, skipLoginWhenSignedIn } from './guards.ts';
import {
  ACTIVATE_PATH,
  FORGET_PASSWORD_PATH,
  JOBS_PATH,
  LOGIN_PATH,
  MY_ATTACHMENTS_PATH,
  PLANNED_PAGES,
  PLATFORM_SETTINGS_PATH,
  PUBLIC_PAGES,
  REGISTER_PATH,
  ROUTE_GROUPS,
  USER_CENTER_PATH,
} from './route-table.ts';
import { RouteError } from './routes/route-error.tsx';
import { RouterPageNavigation } from './routes/router-page-navigation.tsx';

// Every page is its own chunk; the login chunk carries only the login form and footer.
const loginRoute = () => import('./routes/login-route.tsx').then((m) => ({ Component: m.LoginRoute }));
const notOpenRoute = () => import('./routes/not-open-route.tsx').then((m) => ({ Component: m.NotOpenRoute }));

const plannedRoute = (path: string, title: string): RouteObject => ({
  path,
  handle: { title },
  lazy: notOpenRoute,
});

/** Who may use a page: the roles whose calls the server answers (its routes' access rules). */
const DEVELOPERS = ['D'] as const;
const KEEPERS = ['M', 'D'] as const;
const COST_FILE_ROLES = ['M', 'U'] as const;

/** A page only these roles get; others get the gate's denial without the page ever calling. */
const forRoles =
  (roles: readonly LoginRoleType[], load: () => Promise<{ Component: ComponentType }>) => async () => {
    const [{ Component }, { gate }] = await Promise.all([load(), import('./routes/role-gate.tsx')]);
    return { Component: gate(roles, Component) };
  };

type CreditRoute =
  | 'CreditAnalysisRoute'
  | 'CreditPublicListRoute'
  | 'CreditCompanyInfoRoute'
  | 'CommitmentBookRoute'
  | 'CommitmentBookDetailRoute';

/** A credit page for the roles its calls answer: the others get the gate's denial, no call. */
const creditRoute =
  (component: CreditRoute, roles: readonly LoginRoleType[]) =>
  (page: { path: string; title: string }): RouteObject => ({
    path: page.path,
    handle: { title: page.title },
    lazy: forRoles(roles, () =>
      import('./routes/credit-routes.tsx').then((m) => ({ Component: m[component] })),
    ),
  });

/** Pages of the route groups that are built (the others stay planned); each page checks its roles. */
const BUILT_PAGES: Record<string, (page: { path: string; title: string }) => RouteObject> = {
  '/credit/analysis': creditRoute('CreditAnalysisRoute', ['M']),
  '/credit/creditPublicList': creditRoute('CreditPublicListRoute', ['M', 'U', 'P']),
  '/credit/companyInfo': creditRoute('CreditCompanyInfoRoute', ['M', 'U']),
  '/credit/commitmentbook': creditRoute('CommitmentBookRoute', ['M', 'U']),
  '/credit/commitmentbookDetail': creditRoute('CommitmentBookDetailRoute', ['M', 'U']),
};

/**
 * A group's own path (e.g. /expertExtraction) goes on to its first page: without it the group
 * matched alone and the shell showed an empty content area.
 */
const toFirstPage = (path: string): RouteObject => ({ index: true, loader: () => redirect(path) });

export function createRoutes(): RouteObject[] {
  return [
    {
      // The page navigation of shared/navigation, from the router (the stand-alone login has its own).
      Component: RouterPageNavigation,
      HydrateFallback: PageLoading,
      ErrorBoundary: RouteError,
      children: [
        { path: '/', loader: skipLoginWhenSignedIn, lazy: loginRoute },
        { path: LOGIN_PATH, loader: skipLoginWhenSignedIn, lazy: loginRoute },
        {
          lazy: () => import('./layout/public-layout.tsx').then((m) => ({ Component: m.PublicLayout })),
          children: [
            {
              ErrorBoundary: RouteError,
              children: [
                {
                  path: REGISTER_PATH,
                  handle: { title: '注册账号' },
                  lazy: () =>
                    import('./routes/register-route.tsx').then((m) => ({ Component: m.RegisterRoute })),
                },
                {
                  path: ACTIVATE_PATH,
                  handle: { title: '激活账号' },
                  lazy: () =>
                    import('./routes/activate-route.tsx').then((m) => ({ Component: m.ActivateRoute })),
                },
                {
                  path: FORGET_PASSWORD_PATH,
                  handle: { title: '忘记密码' },
                  lazy: () =>
                    import('./routes/forget-password-route.tsx').then((m) => ({
                      Component: m.ForgetPasswordRoute,
                    })),
                },
                {
                  // The public-service variant's 信用公示 for visitors without a session (decision 0054).
                  path: CREDIT_PUBLICITY_PATH,
                  handle: { title: '信用公示' },
                  lazy: () =>
                    import('./routes/credit-publicity-route.tsx').then((m) => ({
                      Component: m.CreditPublicityRoute,
                    })),
                },
                ...PUBLIC_PAGES.map((page) => plannedRoute(page.path, page.title)),
              ],
            },
          ],
        },
        {
          loader: requireSession,
          lazy: () => import('./layout/shell-layout.tsx').then((m) => ({ Component: m.ShellLayout })),
          children: [
            {
              // Inside the shell, so a failing page leaves header and footer usable.
              ErrorBoundary: RouteError,
              children: [
                {
                  path: USER_CENTER_PATH,
                  handle: { title: '个人中心' },
                  lazy: () =>
                    import('./routes/user-center-route.tsx').then((m) => ({ Component: m.UserCenterRoute })),
                },
                {
                  // Not in spec 001 §2: the user's own attachments (uploaders of the files area).
                  path: MY_ATTACHMENTS_PATH,
                  handle: { title: '我的附件' },
                  lazy: () =>
                    import('./routes/my-attachments-route.tsx').then((m) => ({
                      Component: m.MyAttachmentsRoute,
                    })),
                },
                {
                  // Not in spec 001 §2's route groups: the administrators' page of this issue.
                  path: PLATFORM_SETTINGS_PATH,
                  handle: { title: '平台设置' },
                  lazy: () =>
                    import('./routes/platform-settings-route.tsx').then((m) => ({
                      Component: m.PlatformSettingsRoute,
                    })),
                },
                {
                  // Not in spec 001 §2's route groups: administrators manage help and read feedback.
                  path: '/system/helpConfig',
                  handle: { title: '帮助配置' },
                  lazy: () =>
                    import('./routes/help-config-route.tsx').then((m) => ({ Component: m.HelpConfigRoute })),
                },
                {
                  // Not in spec 001 §2: administrators watch, retry and cancel background jobs.
                  path: JOBS_PATH,
                  handle: { title: '后台任务' },
                  lazy: () => import('./routes/jobs-route.tsx').then((m) => ({ Component: m.JobsRoute })),
                },
                {
                  path: '/system/feedback',
                  handle: { title: '意见反馈' },
                  lazy: () =>
                    import('./routes/feedback-admin-route.tsx').then((m) => ({
                      Component: m.FeedbackAdminRoute,
                    })),
                },
                {
                  // Spec 001 §2 /system/allSystem and /system/menuSetUp: the builder's pages, listed
                  // before the route groups, whose planned entries for the same paths they replace.
                  path: '/system/allSystem',
                  handle: { title: '全部系统' },
                  lazy: forRoles(DEVELOPERS, () =>
                    import('./routes/all-systems-route.tsx').then((m) => ({ Component: m.AllSystemsRoute })),
                  ),
                },
                {
                  path: '/system/menuSetUp',
                  handle: { title: '菜单设置' },
                  lazy: forRoles(DEVELOPERS, () =>
                    import('./routes/menu-set-up-route.tsx').then((m) => ({ Component: m.MenuSetUpRoute })),
                  ),
                },
                {
                  // Spec 001 §2 /dynamicPage/dynamicIndex, dynamicDetail and /system/pageConfig (the home
                  // URL): the records area's pages, listed before the route groups whose planned
                  // entries for the same paths they replace.
                  path: '/dynamicPage/dynamicIndex',
                  handle: { title: '动态列表' },
                  lazy: () =>
                    import('./routes/dynamic-index-route.tsx').then((m) => ({
                      Component: m.DynamicIndexRoute,
                    })),
                },
                {
                  path: '/dynamicPage/dynamicDetail',
                  handle: { title: '动态详情' },
                  lazy: () =>
                    import('./routes/dynamic-detail-route.tsx').then((m) => ({
                      Component: m.DynamicDetailRoute,
                    })),
                },
                {
                  // Spec 001 §2 /system/companyInfo (the header's links add type=1, the practice
                  // application apply=true) and /system/personnelInfo: listed before the route groups,
                  // whose planned entries they replace.
                  path: '/system/companyInfo',
                  handle: { title: '企业信息' },
                  lazy: forRoles(['M', 'U'], () =>
                    import('./routes/market-routes.tsx').then((m) => ({ Component: m.CompanyInfoRoute })),
                  ),
                },
                {
                  path: '/system/personnelInfo',
                  handle: { title: '人员信息' },
                  lazy: forRoles(['M', 'U'], () =>
                    import('./routes/market-routes.tsx').then((m) => ({ Component: m.PersonnelInfoRoute })),
                  ),
                },
                {
                  // Decision 0053: the administrators' enterprise library and personnel, and
                  // business handling (every role: each gets what it may start, or the empty state).
                  path: '/system/adminInfo',
                  handle: { title: '企业信息库' },
                  lazy: forRoles(['M'], () =>
                    import('./routes/market-routes.tsx').then((m) => ({ Component: m.AdminInfoRoute })),
                  ),
                },
                {
                  path: '/system/managementInfo',
                  handle: { title: '人员管理' },
                  lazy: forRoles(['M'], () =>
                    import('./routes/market-routes.tsx').then((m) => ({ Component: m.ManagementInfoRoute })),
                  ),
                },
                {
                  path: '/system/transact',
                  handle: { title: '业务办理' },
                  lazy: () =>
                    import('./routes/market-routes.tsx').then((m) => ({ Component: m.TransactRoute })),
                },
                {
                  path: '/system/pageConfig',
                  handle: { title: '页面配置' },
                  lazy: () =>
                    import('./routes/page-config-route.tsx').then((m) => ({ Component: m.PageConfigRoute })),
                },
                {
                  // Spec 001 §2 /fileAnalysis/deatil (spelled so): the cost-file check of a project.
                  path: '/fileAnalysis/deatil',
                  handle: { title: '文件分析详情' },
                  lazy: () =>
                    import('./routes/file-analysis-detail-route.tsx').then((m) => ({
                      Component: m.FileAnalysisDetailRoute,
                    })),
                },
                // Spec 001 §2 /system setUpList, setTypeCard, echartsSetting, auditLevel, auditWay,
                // permissionsSet, permissConfig, styleTemplate (the builder's node workspace, authority and
                // catalogues), plus dictionaries, value ranges and display groups (not in §2's table).
                // Listed before the route groups, whose planned entries for the same paths they replace.
                {
                  path: '/system/setUpList',
                  handle: { title: '列表设置' },
                  lazy: forRoles(DEVELOPERS, () =>
                    import('./routes/node-setup-routes.tsx').then((m) => ({ Component: m.SetUpListRoute })),
                  ),
                },
                {
                  path: '/system/setTypeCard',
                  handle: { title: '卡片样式设置' },
                  lazy: forRoles(DEVELOPERS, () =>
                    import('./routes/node-setup-routes.tsx').then((m) => ({ Component: m.SetTypeCardRoute })),
                  ),
                },
                {
                  path: '/system/echartsSetting',
                  handle: { title: '图表设置' },
                  lazy: forRoles(DEVELOPERS, () =>
                    import('./routes/node-setup-routes.tsx').then((m) => ({
                      Component: m.EchartsSettingRoute,
                    })),
                  ),
                },
                {
                  path: '/system/auditLevel',
                  handle: { title: '审核级别' },
                  lazy: forRoles(DEVELOPERS, () =>
                    import('./routes/node-setup-routes.tsx').then((m) => ({ Component: m.AuditLevelRoute })),
                  ),
                },
                {
                  path: '/system/auditWay',
                  handle: { title: '审核方式' },
                  lazy: forRoles(KEEPERS, () =>
                    import('./routes/node-setup-routes.tsx').then((m) => ({ Component: m.AuditWayRoute })),
                  ),
                },
                {
                  path: '/system/permissionsSet',
                  handle: { title: '权限设置' },
                  lazy: forRoles(KEEPERS, () =>
                    import('./routes/permissions-routes.tsx').then((m) => ({
                      Component: m.PermissionsSetRoute,
                    })),
                  ),
                },
                {
                  path: '/system/permissConfig',
                  handle: { title: '权限配置' },
                  lazy: forRoles(KEEPERS, () =>
                    import('./routes/permissions-routes.tsx').then((m) => ({
                      Component: m.PermissConfigRoute,
                    })),
                  ),
                },
                {
                  path: '/system/styleTemplate',
                  handle: { title: '样式模板' },
                  lazy: forRoles(DEVELOPERS, () =>
                    import('./routes/catalogues-routes.tsx').then((m) => ({
                      Component: m.StyleTemplateRoute,
                    })),
                  ),
                },
                {
                  path: '/system/dictionaries',
                  handle: { title: '字典管理' },
                  lazy: forRoles(KEEPERS, () =>
                    import('./routes/catalogues-routes.tsx').then((m) => ({
                      Component: m.DictionariesRoute,
                    })),
                  ),
                },
                {
                  path: '/system/valueRanges',
                  handle: { title: '值域管理' },
                  lazy: forRoles(KEEPERS, () =>
                    import('./routes/catalogues-routes.tsx').then((m) => ({ Component: m.ValueRangesRoute })),
                  ),
                },
                {
                  path: '/system/displayGroups',
                  handle: { title: '展示分组' },
                  lazy: forRoles(DEVELOPERS, () =>
                    import('./routes/display-groups-route.tsx').then((m) => ({
                      Component: m.DisplayGroupsRoute,
                    })),
                  ),
                },
                {
                  // Spec 001 §2 /system/jumpNoticeCfg (notification config): the notify area's page.
                  // Listed before the route groups, whose planned entry for the same path it replaces.
                  path: '/system/jumpNoticeCfg',
                  handle: { title: '通知配置' },
                  lazy: () =>
                    import('./routes/notice-config-route.tsx').then((m) => ({
                      Component: m.NoticeConfigRoute,
                    })),
                },
                {
                  // Spec 001 §2 /fileAnalysis/index: cost projects, files and parse results (issue 19).
                  // Listed before the route groups, whose planned entry for the same path it replaces.
                  path: '/fileAnalysis/index',
                  handle: { title: '文件分析' },
                  lazy: forRoles(COST_FILE_ROLES, () =>
                    import('./routes/file-analysis-index-route.tsx').then((m) => ({
                      Component: m.FileAnalysisIndexRoute,
                    })),
                  ),
                },
                ...ROUTE_GROUPS.map(
                  (group): RouteObject => ({
                    path: group.path,
                    children: [
                      toFirstPage(`${group.path}/${group.children[0]?.path ?? ''}`),
                      ...group.children.map(
                        (page) =>
                          BUILT_PAGES[`${group.path}/${page.path}`]?.(page) ??
                          plannedRoute(page.path, page.title),
                      ),
                    ],
                  }),
                ),
                // Spec 001 §2's /userCenter group has the one page uCenter, routed above.
                { path: '/userCenter', children: [toFirstPage(USER_CENTER_PATH)] },
                ...PLANNED_PAGES.map((page) => plannedRoute(page.path, page.title)),
              ],
            },
          ],
        },
        {
          path: '*',
          lazy: () => import('./routes/not-found-route.tsx').then((m) => ({ Component: m.NotFoundRoute })),
        },
      ],
    },
  ];
}

/** Every lazy page load fails as a ChunkLoadError instead of hanging (see lib/chunk-load.ts). */
function guardChunkLoads(routes: RouteObject[]): RouteObject[] {
  return routes.map((route) => {
    const lazy = typeof route.lazy === 'function' ? withChunkTimeout(route.lazy) : route.lazy;
    const children = route.children ? guardChunkLoads(route.children) : undefined;
    return { ...route, lazy, children } as RouteObject;
  });
}

/** Lets the HTTP client read and change the router's location (session expiry, login prompt). */
export function connectRouter(router: DataRouter) {
  setNavigator({ navigate: (to) => void router.navigate(to), getPath: () => router.state.location.pathname });
  return router;
}

export function createAppRouter() {
  return connectRouter(createBrowserRouter(guardChunkLoads(createRoutes())));
}
