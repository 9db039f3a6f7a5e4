import { WORK_CALENDAR_PATH } from '@/lib/constants.ts';
import type { FeatureRoute } from '@/lib/feature-route.ts';

export const calendarRoutes: FeatureRoute[] = [
  {
    path: WORK_CALENDAR_PATH,
    title: '工作日历',
    placement: 'shell',
    load: () => import('./pages/work-calendar-page.tsx').then((m) => m.WorkCalendarPage),
    ownPage: 'administrators keep the centre’s holidays and adjusted working days (decision 0074)',
  },
];
