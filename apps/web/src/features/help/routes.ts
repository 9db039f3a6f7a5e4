import type { FeatureRoute } from '@/lib/feature-route.ts';

export const helpRoutes: FeatureRoute[] = [
  {
    path: '/system/helpConfig',
    title: '帮助配置',
    placement: 'shell',
    load: () => import('./pages/help-config-page.tsx').then((m) => m.HelpConfigPage),
    ownPage: 'administrators keep the platform help (files, videos, questions and answers)',
  },
];
