import type { FeatureRoute } from '@/lib/feature-route.ts';

/** 五位一体 (issue 28, decision 0073): the projects list and a project's five tabs. */
export const tradingRoutes: FeatureRoute[] = [
  {
    path: '/fiveInOne/list',
    title: '五位一体列表',
    placement: 'shell',
    load: () => import('./pages/five-in-one-list-page.tsx').then((m) => m.FiveInOneListPage),
  },
  {
    path: '/fiveInOne/detail',
    title: '五位一体详情',
    placement: 'shell',
    load: () => import('./pages/five-in-one-detail-page.tsx').then((m) => m.FiveInOneDetailPage),
  },
];
