import { LogHistoryBodySchema, LogHistoryEnvelopeSchema } from '@ks/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { currentUser } from '../../platform/access.ts';
import { ok } from '../../platform/envelope.ts';
import type { OperationLogService } from './service.ts';

export const oplogRoutes: FastifyPluginAsyncZod<{ oplog: OperationLogService }> = async (app, { oplog }) => {
  app.post(
    '/ks/common/common/logHistory',
    {
      config: { access: 'session' },
      schema: {
        tags: ['oplog'],
        summary: 'Operation log of one record (gnCoding, id); see OperationLogService for who may read',
        body: LogHistoryBodySchema,
        response: { 200: LogHistoryEnvelopeSchema },
      },
    },
    async (request) => ok(await oplog.getLogHistory(currentUser(request), request.body)),
  );
};
