import type { FeatureRoute } from '@/lib/feature-route.ts';

/**
 * 场地预约 (decision 0075): the public availability grid, the calendar where enterprises and the
 * centre book and the centre approves, and the centre's locks.
 */
export const venuesRoutes: FeatureRoute[] = [
  {
    path: '/venue',
    title: '场地预约',
    placement: 'public',
    load: () => import('./pages/venue-page.tsx').then((m) => m.VenuePage),
  },
  {
    path: '/meetingVenue/meeting',
    title: '场地预约日历',
    placement: 'shell',
    load: () => import('./pages/meeting-page.tsx').then((m) => m.MeetingPage),
  },
  {
    path: '/lock',
    title: '锁管理',
    placement: 'shell',
    load: () => import('./pages/lock-page.tsx').then((m) => m.LockPage),
  },
];
