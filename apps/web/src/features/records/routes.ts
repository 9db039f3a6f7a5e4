import type { FeatureRoute } from '@/lib/feature-route.ts';

/** The runtime list and detail pages of published nodes. */
export const recordsRoutes: FeatureRoute[] = [
  {
    path: '/dynamicPage/dynamicIndex',
    title: '动态列表',
    placement: 'shell',
    load: () => import('./pages/dynamic-index-page.tsx').then((m) => m.DynamicIndexPage),
  },
  {
    path: '/dynamicPage/dynamicDetail',
    title: '动态详情',
    placement: 'shell',
    load: () => import('./pages/dynamic-detail-page.tsx').then((m) => m.DynamicDetailPage),
  },
];
