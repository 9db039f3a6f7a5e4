import type { FeatureRoute } from '@/lib/feature-route.ts';

/** Cost projects, their files and parse results, and the cost-file check of one project. */
export const fileAnalysisRoutes: FeatureRoute[] = [
  {
    path: '/fileAnalysis/index',
    title: '文件分析',
    placement: 'shell',
    load: () => import('./pages/index-page.tsx').then((m) => m.FileAnalysisIndexPage),
  },
  {
    // Spelled so in the route table.
    path: '/fileAnalysis/deatil',
    title: '文件分析详情',
    placement: 'shell',
    load: () => import('./pages/detail-page.tsx').then((m) => m.FileAnalysisDetailPage),
  },
];
