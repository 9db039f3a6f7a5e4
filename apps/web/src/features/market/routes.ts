import type { FeatureRoute } from '@/lib/feature-route.ts';

/**
 * The enterprise information pages (/system/companyInfo: the header's links add type=1, the
 * practice application apply=true) and the administrators' library and personnel (decision 0053).
 */
export const marketRoutes: FeatureRoute[] = [
  {
    path: '/system/companyInfo',
    title: '企业信息',
    placement: 'shell',
    load: () => import('./pages/company-info-page.tsx').then((m) => m.CompanyInfoPage),
  },
  {
    path: '/system/personnelInfo',
    title: '人员信息',
    placement: 'shell',
    load: () => import('./pages/personnel-info-page.tsx').then((m) => m.PersonnelInfoPage),
  },
  {
    path: '/system/adminInfo',
    title: '企业信息库',
    placement: 'shell',
    load: () => import('./pages/admin-info-page.tsx').then((m) => m.AdminInfoPage),
  },
  {
    path: '/system/managementInfo',
    title: '人员管理',
    placement: 'shell',
    load: () => import('./pages/management-info-page.tsx').then((m) => m.ManagementInfoPage),
  },
  {
    // Every role: each gets the business it may start, or the empty state.
    path: '/system/transact',
    title: '业务办理',
    placement: 'shell',
    load: () => import('./pages/transact-page.tsx').then((m) => m.TransactPage),
  },
];
