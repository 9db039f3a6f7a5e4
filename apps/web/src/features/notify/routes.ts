import type { FeatureRoute } from '@/lib/feature-route.ts';

export const notifyRoutes: FeatureRoute[] = [
  {
    path: '/system/jumpNoticeCfg',
    title: '通知配置',
    placement: 'shell',
    load: () => import('./pages/notice-config-page.tsx').then((m) => m.NoticeConfigPage),
  },
];
