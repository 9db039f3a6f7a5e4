import {
  EmptyEnvelopeSchema,
  FindJobsQuerySchema,
  JobIdBodySchema,
  JobPageEnvelopeSchema,
  JobTypesEnvelopeSchema,
  RunJobBodySchema,
  RunJobEnvelopeSchema,
} from '@ks/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { currentUser } from '../../platform/access.ts';
import { ok } from '../../platform/envelope.ts';
import type { JobAdminService } from './service.ts';

const tags = ['jobs'];
const administrators = { access: { roles: ['M'] as const } };

/** 后台任务 (administrators): background jobs with their state, progress and last error. */
export const jobRoutes: FastifyPluginAsyncZod<{ jobs: JobAdminService }> = async (app, { jobs }) => {
  app.get(
    '/ks/admin/jobs',
    {
      config: administrators,
      schema: {
        tags,
        summary: 'Jobs, newest first, by state and type',
        querystring: FindJobsQuerySchema,
        response: { 200: JobPageEnvelopeSchema },
      },
    },
    async (request) => ok(await jobs.findJobs(request.query)),
  );

  app.get(
    '/ks/admin/jobs/types',
    {
      config: administrators,
      schema: {
        tags,
        summary: 'The job types this server defines',
        response: { 200: JobTypesEnvelopeSchema },
      },
    },
    async () => ok(jobs.types()),
  );

  app.post(
    '/ks/admin/jobs/retry',
    {
      config: administrators,
      schema: {
        tags,
        summary: 'Put a failed job back in its queue with one more attempt',
        body: JobIdBodySchema,
        response: { 200: EmptyEnvelopeSchema },
      },
    },
    async (request) => {
      await jobs.retry(currentUser(request), request.body.id, request.ip);
      return ok(null, '已重新排队');
    },
  );

  app.post(
    '/ks/admin/jobs/cancel',
    {
      config: administrators,
      schema: {
        tags,
        summary: 'Cancel a job that has not finished',
        body: JobIdBodySchema,
        response: { 200: EmptyEnvelopeSchema },
      },
    },
    async (request) => {
      await jobs.cancel(currentUser(request), request.body.id, request.ip);
      return ok(null, '已取消');
    },
  );

  app.post(
    '/ks/admin/jobs/run',
    {
      config: administrators,
      schema: {
        tags,
        summary: 'Run a scheduled job type now, with its scheduled payload',
        body: RunJobBodySchema,
        response: { 200: RunJobEnvelopeSchema },
      },
    },
    async (request) => {
      const id = await jobs.runNow(currentUser(request), request.body.name, request.ip);
      return ok({ id }, '已加入队列');
    },
  );
};
