import type { CalendarDay, CalendarYear, SaveCalendarDaysBody } from '@ks/contract/calendar';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { http } from '@/lib/http.ts';

export const calendarKeys = {
  all: ['calendar'] as const,
  year: (year: number) => ['calendar', 'year', year] as const,
};

/** GET /ks/calendar/v1/days: a year's holidays and adjusted working days (any signed-in role). */
export const getCalendarYear = (year: number) =>
  http.get<CalendarYear>('/ks/calendar/v1/days', { query: { year } });

export const getCalendarYearQueryOptions = (year: number) =>
  queryOptions({ queryKey: calendarKeys.year(year), queryFn: () => getCalendarYear(year) });

export const useCalendarYear = (year: number) => useQuery(getCalendarYearQueryOptions(year));

/**
 * POST /ks/calendar/v1/days (administrators). Its refusals are the dialog's to show, under the
 * fields or above them, so the client's own dialog stays quiet for them.
 */
export const saveCalendarDays = (body: SaveCalendarDaysBody) =>
  http.post<CalendarDay[]>('/ks/calendar/v1/days', body, { quietCodes: [400, 403, 409] });

/** DELETE /ks/calendar/v1/days/:id (administrators), at the version shown. */
export const deleteCalendarDay = ({ id, version }: { id: string; version: number }) =>
  http.delete<null>(`/ks/calendar/v1/days/${id}`, { query: { version } });

/** Every change reloads the calendar's years. */
export function useCalendarMutation<T>(mutationFn: (input: T) => Promise<unknown>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSettled: () => void queryClient.invalidateQueries({ queryKey: calendarKeys.all }),
  });
}
