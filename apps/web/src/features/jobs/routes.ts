import { JOBS_PATH } from '@/lib/constants.ts';
import type { FeatureRoute } from '@/lib/feature-route.ts';

export const jobsRoutes: FeatureRoute[] = [
  {
    path: JOBS_PATH,
    title: '后台任务',
    placement: 'shell',
    load: () => import('./pages/jobs-page.tsx').then((m) => m.JobsPage),
    ownPage: 'administrators watch, retry and cancel background jobs (decision 0018)',
  },
];
