import type { FeatureRoute } from '@/lib/feature-route.ts';

/** The builder's pages; the node workspace's paths combine features and are the app's (app-routes.ts). */
export const builderRoutes: FeatureRoute[] = [
  {
    path: '/system/allSystem',
    title: '全部系统',
    placement: 'shell',
    load: () => import('./pages/all-systems-page.tsx').then((m) => m.AllSystemsPage),
  },
  {
    path: '/system/menuSetUp',
    title: '菜单设置',
    placement: 'shell',
    load: () => import('./pages/menu-set-up-page.tsx').then((m) => m.MenuSetUpPage),
  },
  {
    path: '/system/displayGroups',
    title: '展示分组',
    placement: 'shell',
    load: () => import('./pages/display-groups-page.tsx').then((m) => m.DisplayGroupsPage),
    ownPage: 'developers keep the display groups that order the systems in the header',
  },
];
