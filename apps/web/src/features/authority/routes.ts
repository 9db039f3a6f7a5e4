import type { FeatureRoute } from '@/lib/feature-route.ts';

/** 权限设置 and 权限配置: the same node permission matrix under the two paths of the route table. */
export const authorityRoutes: FeatureRoute[] = [
  {
    path: '/system/permissionsSet',
    title: '权限设置',
    placement: 'shell',
    load: () => import('./pages/permissions-pages.tsx').then((m) => m.PermissionsSetPage),
  },
  {
    path: '/system/permissConfig',
    title: '权限配置',
    placement: 'shell',
    load: () => import('./pages/permissions-pages.tsx').then((m) => m.PermissConfigPage),
  },
];
