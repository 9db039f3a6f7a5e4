import {
  CreditExportQuerySchema,
  CreditGradeOverviewEnvelopeSchema,
  CreditIdParamsSchema,
  CreditItemTypeEnvelopeSchema,
  CreditItemTypeListEnvelopeSchema,
  CreditItemTypeQuerySchema,
  CreditLetterEnvelopeSchema,
  CreditListEnvelopeSchema,
  CreditListQuerySchema,
  CreditQyTypesEnvelopeSchema,
  CreditRecordEnvelopeSchema,
  CreditRecordQuerySchema,
  CreditScoreModelEnvelopeSchema,
  CreditSignatureListEnvelopeSchema,
  CreditTopTitlesEnvelopeSchema,
  CreditTreeEnvelopeSchema,
  EmptyEnvelopeSchema,
  type LoginVariant,
  SaveCreditItemTypeBodySchema,
  SaveCreditLetterBodySchema,
  SaveCreditScoreModelBodySchema,
  SignCreditLetterBodySchema,
  UpdateCreditItemTypeBodySchema,
} from '@ks/contract';
import type { FastifyContextConfig, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { type Authenticate, bearerToken, currentUser, type SessionUser } from '../../platform/access.ts';
import { ok } from '../../platform/envelope.ts';
import type { CreditService } from './service.ts';

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
const admins = { access: { roles: ['M'] as const } };
/** Data of enterprises: administrators, enterprises and personnel; developers build, they read no data. */
const dataReaders = { access: { roles: ['M', 'U', 'P'] as const } };
const enterprisesAndAdmins = { access: { roles: ['M', 'U'] as const } };

/**
 * The credit routes (`/ks/credit/...`). The public credit list needs no login in the
 * public-service login variant (decision 0054); elsewhere it needs a session of a data reader.
 */
export const creditRoutes: FastifyPluginAsyncZod<{
  credit: CreditService;
  loginVariant: LoginVariant;
  /** Resolves the session a caller of the public list may still send. */
  authenticate: Authenticate;
  /** Requests per minute and address of callers without a session (the other public routes' limit). */
  ratePerMinute: number;
}> = async (app, { credit, loginVariant, authenticate, ratePerMinute }) => {
  const tags = ['credit'];
  const openList = loginVariant === 'public-service';
  // A public route skips the access guard: a session sent with it is resolved here, once per request.
  const callers = new WeakMap<FastifyRequest, Promise<SessionUser | null>>();
  const callerOf = (request: FastifyRequest) => {
    let caller = callers.get(request);
    if (!caller) {
      const token = bearerToken(request);
      // A stale or invalid token reads the list as nobody does: this page is public here.
      caller = token ? authenticate(token).catch(() => null) : Promise.resolve(null);
      callers.set(request, caller);
    }
    return caller;
  };

  const listConfig: FastifyContextConfig = openList
    ? {
        access: 'public' as const,
        // Callers without a session are limited like the other public routes; sessions are not.
        rateLimit: {
          max: ratePerMinute,
          timeWindow: '1 minute',
          allowList: async (request: FastifyRequest) => (await callerOf(request)) !== null,
        },
      }
    : dataReaders;

  app.get(
    '/ks/credit/qy-types',
    {
      config: dataReaders,
      schema: { tags, summary: '企业类型', response: { 200: CreditQyTypesEnvelopeSchema } },
    },
    async () => ok(credit.qyTypes()),
  );

  app.get(
    '/ks/credit/admin/select-type',
    {
      config: enterprisesAndAdmins,
      schema: {
        tags,
        summary: '可选信用事项 (an enterprise: those of its own type)',
        querystring: CreditItemTypeQuerySchema,
        response: { 200: CreditItemTypeListEnvelopeSchema },
      },
    },
    async (request) => ok(await credit.selectType(currentUser(request), request.query)),
  );

  app.get(
    '/ks/credit/admin/item-types',
    {
      config: admins,
      schema: {
        tags,
        summary: '信用事项目录',
        querystring: CreditItemTypeQuerySchema,
        response: { 200: CreditItemTypeListEnvelopeSchema },
      },
    },
    async (request) => ok(await credit.itemTypes(request.query)),
  );

  app.post(
    '/ks/credit/admin/item-types',
    {
      config: admins,
      schema: {
        tags,
        summary: '新增信用事项',
        body: SaveCreditItemTypeBodySchema,
        response: { 200: CreditItemTypeEnvelopeSchema },
      },
    },
    async (request) =>
      ok(await credit.createItemType(currentUser(request), request.body, request.ip), '保存成功'),
  );

  app.put(
    '/ks/credit/admin/item-types',
    {
      config: admins,
      schema: {
        tags,
        summary: '修改信用事项',
        body: UpdateCreditItemTypeBodySchema,
        response: { 200: CreditItemTypeEnvelopeSchema },
      },
    },
    async (request) =>
      ok(await credit.updateItemType(currentUser(request), request.body, request.ip), '保存成功'),
  );

  app.delete(
    '/ks/credit/admin/item-types/:id',
    {
      config: admins,
      schema: {
        tags,
        summary: '停用信用事项',
        params: CreditIdParamsSchema,
        querystring: z.object({ version: z.coerce.number().int() }),
        response: { 200: EmptyEnvelopeSchema },
      },
    },
    async (request) => {
      await credit.deleteItemType(currentUser(request), request.params.id, request.query.version, request.ip);
      return ok(null, '操作成功');
    },
  );

  app.get(
    '/ks/credit/level',
    {
      config: dataReaders,
      schema: { tags, summary: '评分模型与信用等级', response: { 200: CreditScoreModelEnvelopeSchema } },
    },
    async () => ok(await credit.model()),
  );

  app.put(
    '/ks/credit/level',
    {
      config: admins,
      schema: {
        tags,
        summary: '调整评分模型 (a new version; every score recomputed)',
        body: SaveCreditScoreModelBodySchema,
        response: { 200: CreditScoreModelEnvelopeSchema },
      },
    },
    async (request) => ok(await credit.saveModel(currentUser(request), request.body, request.ip), '保存成功'),
  );

  app.get(
    '/ks/credit/record',
    {
      config: enterprisesAndAdmins,
      schema: {
        tags,
        summary: '企业信用档案',
        querystring: CreditRecordQuerySchema,
        response: { 200: CreditRecordEnvelopeSchema },
      },
    },
    async (request) => ok(await credit.record(currentUser(request), request.query.userId)),
  );

  app.get(
    '/ks/credit/public-list',
    {
      config: listConfig,
      schema: {
        tags,
        summary: '信用公示名单',
        querystring: CreditListQuerySchema,
        response: { 200: CreditListEnvelopeSchema },
      },
    },
    async (request) => {
      const caller = openList ? await callerOf(request) : currentUser(request);
      // Developers read no enterprise data: here, like nobody, the published fields only.
      const withAccounts = caller !== null && caller.loginRoleType !== 'D';
      return ok(await credit.publicList(request.query, withAccounts));
    },
  );

  app.get(
    '/ks/credit/common/left-tree',
    {
      config: dataReaders,
      schema: { tags, summary: '企业类型与信用等级树', response: { 200: CreditTreeEnvelopeSchema } },
    },
    async () => ok(await credit.leftTree()),
  );

  app.get(
    '/ks/credit/management/top-titles',
    {
      config: admins,
      schema: { tags, summary: '信用管理页头统计', response: { 200: CreditTopTitlesEnvelopeSchema } },
    },
    async () => ok(await credit.topTitles()),
  );

  app.get(
    '/ks/credit/grade-overview',
    {
      config: admins,
      schema: {
        tags,
        summary: '信用等级分布、分数走势与类型对比',
        response: { 200: CreditGradeOverviewEnvelopeSchema },
      },
    },
    async () => ok(await credit.gradeOverview()),
  );

  app.get(
    '/ks/credit/export',
    {
      config: admins,
      schema: { tags, summary: '导出信用名单 (xlsx)', querystring: CreditExportQuerySchema },
    },
    async (request, reply) => {
      const body = await credit.exportList(currentUser(request), request.query, request.ip);
      const name = encodeURIComponent('信用名单.xlsx');
      return reply
        .header('content-type', XLSX)
        .header('content-disposition', `attachment; filename="${name}"; filename*=UTF-8''${name}`)
        .header('cache-control', 'private, no-store')
        .send(body);
    },
  );

  app.get(
    '/ks/credit/letter',
    {
      config: enterprisesAndAdmins,
      schema: {
        tags,
        summary: '信用承诺书 (the current version, and the caller’s signature)',
        response: { 200: CreditLetterEnvelopeSchema },
      },
    },
    async (request) => ok(await credit.letter(currentUser(request))),
  );

  app.put(
    '/ks/credit/letter',
    {
      config: admins,
      schema: {
        tags,
        summary: '修改信用承诺书 (a new version)',
        body: SaveCreditLetterBodySchema,
        response: { 200: CreditLetterEnvelopeSchema },
      },
    },
    async (request) =>
      ok(await credit.saveLetter(currentUser(request), request.body, request.ip), '保存成功'),
  );

  app.post(
    '/ks/credit/letter/sign',
    {
      config: enterprisesAndAdmins,
      schema: {
        tags,
        summary: '签署信用承诺书',
        body: SignCreditLetterBodySchema,
        response: { 200: CreditLetterEnvelopeSchema },
      },
    },
    async (request) => ok(await credit.sign(currentUser(request), request.body, request.ip), '签署成功'),
  );

  app.get(
    '/ks/credit/letter/signatures',
    {
      config: admins,
      schema: { tags, summary: '承诺书签署情况', response: { 200: CreditSignatureListEnvelopeSchema } },
    },
    async () => ok(await credit.signatures()),
  );
};
