import {
  AddFeedbackBodySchema,
  EmptyEnvelopeSchema,
  FEEDBACK_SUCCESS_MESSAGE,
  FeedbackPageEnvelopeSchema,
  FeedbackStatsEnvelopeSchema,
  FindFeedbackQuerySchema,
} from '@ks/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { currentUser } from '../../platform/access.ts';
import { ok } from '../../platform/envelope.ts';
import type { FeedbackService } from './service.ts';

export const feedbackRoutes: FastifyPluginAsyncZod<{ feedback: FeedbackService }> = async (
  app,
  { feedback },
) => {
  const tags = ['feedback'];

  app.post(
    '/ks/feedback/add',
    {
      config: { access: 'session' },
      schema: {
        tags,
        summary: 'Send feedback: an array of {evaluateType, question}; success is code 200',
        body: AddFeedbackBodySchema,
        response: { 200: EmptyEnvelopeSchema },
      },
    },
    async (request) => {
      await feedback.addFeedback(currentUser(request), request.body, request.ip);
      return ok(null, FEEDBACK_SUCCESS_MESSAGE);
    },
  );

  app.get(
    '/ks/feedback/admin/list',
    {
      config: { access: { roles: ['M'] } },
      schema: {
        tags,
        summary: 'Collected feedback, newest first (administrators)',
        querystring: FindFeedbackQuerySchema,
        response: { 200: FeedbackPageEnvelopeSchema },
      },
    },
    async (request) => ok(await feedback.findFeedback(request.query.curPage, request.query.pageSize)),
  );

  app.get(
    '/ks/feedback/admin/stats',
    {
      config: { access: { roles: ['M'] } },
      schema: {
        tags,
        summary: 'Feedback counted per rating, for the chart (administrators)',
        response: { 200: FeedbackStatsEnvelopeSchema },
      },
    },
    async () => ok(await feedback.getStats()),
  );
};
