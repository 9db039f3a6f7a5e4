import { timelineLimitsOf } from '../../config.ts';
import type { BusinessModule } from '../../engine/modules.ts';
import { seedDemoCalendar } from './demo.ts';
import { calendarRoutes } from './routes.ts';
import { CalendarService, type TimelineRules } from './service.ts';

/**
 * 工作日历: the centre's holidays and adjusted working days (decision 0074), read by other modules
 * through public.ts, and the check of a proposed timeline against the rules of time for the forms.
 * The rules function is handed in by modules/index.ts, the composition root (service.ts says why).
 */
export const calendarModule = (rules: TimelineRules): BusinessModule => ({
  name: 'calendar',
  async routes(app, { db, config }) {
    await app.register(calendarRoutes, {
      calendar: new CalendarService(db, timelineLimitsOf(config), rules),
    });
  },
  demo: seedDemoCalendar,
});
