import { TRADE_NOTICE_PATHS, TradeNoticeListEnvelopeSchema, TradeNoticeListQuerySchema } from '@ks/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Db } from '../../db/client.ts';
import { currentUser } from '../../platform/access.ts';
import { ok } from '../../platform/envelope.ts';
import { noticesForCaller } from './service.ts';

/**
 * Every signed-in user reads a project's published notices (public information); a project without
 * one only its readers (trading's readableSections), in the service.
 */
const readers = { access: 'session' as const };

/**
 * The notices' own route (decision 0076): writing, auditing, 发送 and 展开 go through the records
 * runtime, the workflow and the module actions; this answers the five-in-one page's 资格预审公告 tab.
 */
export const tradeNoticeRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  app.get(
    TRADE_NOTICE_PATHS.list,
    {
      config: readers,
      schema: {
        tags: ['trade-notices'],
        summary: '项目已发布的交易公告（含各版本）',
        querystring: TradeNoticeListQuerySchema,
        response: { 200: TradeNoticeListEnvelopeSchema },
      },
    },
    async (request) => ok(await noticesForCaller(db, currentUser(request), request.query)),
  );
};
