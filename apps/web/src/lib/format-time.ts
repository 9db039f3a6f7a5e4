import dayjs from 'dayjs';

/** How people read a moment: local time to the minute. */
export const TIME_DISPLAY_FORMAT = 'YYYY-MM-DD HH:mm';

/**
 * A time from the wire (an ISO string in UTC, e.g. a record's createdAt) as people read it: in
 * local time to the minute. Empty stays empty; text that is no time is shown as it came.
 */
export function formatTime(iso: string | null | undefined): string {
  if (!iso) return '';
  const time = dayjs(iso);
  return time.isValid() ? time.format(TIME_DISPLAY_FORMAT) : iso;
}
