import {
  CalendarDayParamsSchema,
  CalendarDayVersionQuerySchema,
  CalendarYearEnvelopeSchema,
  CalendarYearQuerySchema,
  CheckTimelineEnvelopeSchema,
  EmptyEnvelopeSchema,
  SaveCalendarDaysBodySchema,
  SaveCalendarDaysEnvelopeSchema,
  TradingTimelineSchema,
} from '@ks/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { currentUser } from '../../platform/access.ts';
import { ok } from '../../platform/envelope.ts';
import type { CalendarService } from './service.ts';

/** The centre's staff keep the calendar; everyone signed in reads it. */
const admins = { access: { roles: ['M'] as const } };
const signedIn = { access: 'session' as const };

export const calendarRoutes: FastifyPluginAsyncZod<{ calendar: CalendarService }> = async (
  app,
  { calendar },
) => {
  const tags = ['calendar'];

  app.get(
    '/ks/calendar/v1/days',
    {
      config: signedIn,
      schema: {
        tags,
        summary: '工作日历: the holidays and adjusted working days of a year',
        querystring: CalendarYearQuerySchema,
        response: { 200: CalendarYearEnvelopeSchema },
      },
    },
    async (request) => ok(await calendar.getYear(request.query.year)),
  );

  app.post(
    '/ks/calendar/v1/days',
    {
      config: admins,
      schema: {
        tags,
        summary: 'Marks a day or a range as holidays or adjusted working days (replacing what was there)',
        body: SaveCalendarDaysBodySchema,
        response: { 200: SaveCalendarDaysEnvelopeSchema },
      },
    },
    async (request) =>
      ok(await calendar.saveDays(currentUser(request), request.body, request.ip), '保存成功'),
  );

  app.delete(
    '/ks/calendar/v1/days/:id',
    {
      config: admins,
      schema: {
        tags,
        summary: 'Removes one entry (kept as history): the date follows the ordinary week again',
        params: CalendarDayParamsSchema,
        querystring: CalendarDayVersionQuerySchema,
        response: { 200: EmptyEnvelopeSchema },
      },
    },
    async (request) => {
      await calendar.deleteDay(currentUser(request), request.params.id, request.query.version, request.ip);
      return ok(null, '删除成功');
    },
  );

  app.post(
    '/ks/calendar/v1/check-timeline',
    {
      config: signedIn,
      schema: {
        tags,
        summary: "The statutory rules of time a section's proposed dates break (empty when none)",
        body: TradingTimelineSchema,
        response: { 200: CheckTimelineEnvelopeSchema },
      },
    },
    async (request) => ok(await calendar.checkTimeline(request.body)),
  );
};
