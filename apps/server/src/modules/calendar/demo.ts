import { DEFAULT_TIMELINE_LIMITS } from '@ks/contract';
import type { DemoSeed } from '../../engine/demo.ts';
import { CalendarService } from './service.ts';
import { addDays, chinaDateOf } from './working-calendar.ts';

/**
 * The demo centre's calendar for the seed's year and the next, entered by the demo administrator
 * through the module's own service (so the operation log shows them as the centre's entries). They
 * are the demo centre's own settings, not a published government schedule: docs/domain.md names
 * none, and each deployment's centre enters its year's holidays and adjusted days itself.
 */
export async function seedDemoCalendar(seed: DemoSeed): Promise<void> {
  // The demo only reads and writes the calendar: the rules of time play no part in it.
  const calendar = new CalendarService(seed.db, DEFAULT_TIMELINE_LIMITS, () => []);
  const thisYear = Number(chinaDateOf(new Date()).slice(0, 4));
  for (const year of [thisYear, thisYear + 1]) {
    const entries = [
      { from: `${year}-01-01`, to: `${year}-01-01`, kind: 'holiday', name: '元旦' },
      { from: `${year}-05-01`, to: `${year}-05-02`, kind: 'holiday', name: '劳动节' },
      { from: `${year}-10-01`, to: `${year}-10-03`, kind: 'holiday', name: '国庆节' },
      // A weekend day the demo centre works before the National Day break.
      {
        from: lastSundayBefore(`${year}-10-01`),
        to: lastSundayBefore(`${year}-10-01`),
        kind: 'workday',
        name: '国庆节调休上班',
      },
    ] as const;
    for (const entry of entries) await calendar.saveDays(seed.actors.admin, { ...entry }, seed.ip);
  }
}

/** The last Sunday strictly before a date. */
function lastSundayBefore(date: string): string {
  let day = addDays(date, -1);
  while (new Date(`${day}T00:00:00Z`).getUTCDay() !== 0) day = addDays(day, -1);
  return day;
}
