import { USER_CENTER_PATH } from '@/lib/constants.ts';
import type { FeatureRoute } from '@/lib/feature-route.ts';

/**
 * Pages that combine several features, which only the app may (features do not import each
 * other): the home page, the user centre and the node workspace under each of its paths.
 */
export const appRoutes: FeatureRoute[] = [
  {
    // The home URL: the user's to-dos (notify) and the systems and pages they can open (shell).
    path: '/system/pageConfig',
    title: '页面配置',
    placement: 'shell',
    load: () => import('./routes/page-config-page.tsx').then((m) => m.PageConfigPage),
  },
  {
    path: USER_CENTER_PATH,
    title: '个人中心',
    placement: 'shell',
    load: () => import('./routes/user-center-route.tsx').then((m) => m.UserCenterRoute),
  },
  // The builder's node workspace with the records area's form renderer and authority's reviewer
  // organisations, each path opening its own tab.
  {
    path: '/system/setUpList',
    title: '列表设置',
    placement: 'shell',
    load: () => import('./routes/node-setup-routes.tsx').then((m) => m.SetUpListRoute),
  },
  {
    path: '/system/setTypeCard',
    title: '卡片样式设置',
    placement: 'shell',
    load: () => import('./routes/node-setup-routes.tsx').then((m) => m.SetTypeCardRoute),
  },
  {
    path: '/system/echartsSetting',
    title: '图表设置',
    placement: 'shell',
    load: () => import('./routes/node-setup-routes.tsx').then((m) => m.EchartsSettingRoute),
  },
  {
    path: '/system/auditLevel',
    title: '审核级别',
    placement: 'shell',
    load: () => import('./routes/node-setup-routes.tsx').then((m) => m.AuditLevelRoute),
  },
  {
    path: '/system/auditWay',
    title: '审核方式',
    placement: 'shell',
    load: () => import('./routes/node-setup-routes.tsx').then((m) => m.AuditWayRoute),
  },
];
