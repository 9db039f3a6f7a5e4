import { CREDIT_PUBLICITY_PATH } from '@/lib/constants.ts';
import type { FeatureRoute } from '@/lib/feature-route.ts';

/** The credit pages (/credit): echarts loads only when a chart is drawn. */
export const creditRoutes: FeatureRoute[] = [
  {
    path: '/credit/analysis',
    title: '信用分析',
    placement: 'shell',
    load: () => import('./pages/credit-analysis-page.tsx').then((m) => m.CreditAnalysisPage),
  },
  {
    path: '/credit/commitmentbook',
    title: '信用承诺书',
    placement: 'shell',
    load: () => import('./pages/commitment-book-pages.tsx').then((m) => m.CommitmentBookPage),
  },
  {
    path: '/credit/commitmentbookDetail',
    title: '信用承诺书详情',
    placement: 'shell',
    load: () => import('./pages/commitment-book-pages.tsx').then((m) => m.CommitmentBookDetailPage),
  },
  {
    path: '/credit/creditPublicList',
    title: '信用公示',
    placement: 'shell',
    load: () => import('./pages/credit-public-list-page.tsx').then((m) => m.CreditPublicListPage),
  },
  {
    path: '/credit/companyInfo',
    title: '企业信用信息',
    placement: 'shell',
    load: () => import('./pages/company-credit-page.tsx').then((m) => m.CompanyCreditPage),
  },
  {
    path: CREDIT_PUBLICITY_PATH,
    title: '信用公示',
    placement: 'public',
    load: () => import('./pages/credit-publicity-page.tsx').then((m) => m.CreditPublicityPage),
    ownPage: 'the public-service variant publishes 信用公示 to visitors without a session (decision 0054)',
  },
];
