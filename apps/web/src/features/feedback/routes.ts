import type { FeatureRoute } from '@/lib/feature-route.ts';

export const feedbackRoutes: FeatureRoute[] = [
  {
    path: '/system/feedback',
    title: '意见反馈',
    placement: 'shell',
    // Its own chunk: ECharts is large and only administrators open this page.
    load: () => import('./pages/feedback-admin-page.tsx').then((m) => m.FeedbackAdminPage),
    ownPage: "administrators read the users' feedback",
  },
];
