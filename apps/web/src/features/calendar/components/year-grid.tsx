import { CALENDAR_DAY_KIND_LABELS, type CalendarDay } from '@ks/contract/calendar';
import { dateOf, daysInMonth, isWeekend, weekdayOf } from './calendar-dates.ts';
import './year-grid.css';

const WEEK_HEADER = ['一', '二', '三', '四', '五', '六', '日'];

/**
 * The twelve months of a year, Monday first. Each date is a button that opens the day's dialog; a
 * holiday, an adjusted working day and an ordinary weekend each look different, and the button's
 * name says what the date is, so the state is not told by colour alone.
 */
export function YearGrid({
  year,
  days,
  onPick,
}: {
  year: number;
  days: CalendarDay[];
  onPick: (date: string) => void;
}) {
  const byDate = new Map(days.map((day) => [day.day, day]));
  return (
    <div className="ks-year-grid">
      {Array.from({ length: 12 }, (_, index) => index + 1).map((month) => {
        // Blank cells before the 1st: Monday is the first column.
        const lead = (weekdayOf(dateOf(year, month, 1)) + 6) % 7;
        return (
          <section key={month} className="ks-year-grid-month" aria-label={`${month}月`}>
            <h3>{month}月</h3>
            <div className="ks-year-grid-days">
              {WEEK_HEADER.map((name) => (
                <span key={name} className="ks-year-grid-head">
                  {name}
                </span>
              ))}
              {Array.from({ length: lead }, (_, i) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: blank cells have no identity of their own.
                <span key={`blank-${i}`} />
              ))}
              {Array.from({ length: daysInMonth(year, month) }, (_, i) => i + 1).map((day) => {
                const date = dateOf(year, month, day);
                const entry = byDate.get(date);
                const state = entry ? entry.kind : isWeekend(date) ? 'weekend' : 'working';
                const label = entry
                  ? `${date} ${entry.name}（${CALENDAR_DAY_KIND_LABELS[entry.kind]}）`
                  : `${date} ${state === 'weekend' ? '休息日' : '工作日'}`;
                return (
                  <button
                    key={date}
                    type="button"
                    className={`ks-year-grid-day ks-year-grid-${state}`}
                    aria-label={label}
                    title={label}
                    onClick={() => onPick(date)}
                  >
                    {day}
                    {entry && <small>{entry.kind === 'holiday' ? '休' : '班'}</small>}
                  </button>
                );
              })}
            </div>
          </section>
        );
      })}
    </div>
  );
}
