import {
  BranchListEnvelopeSchema,
  CompanyInfoEnvelopeSchema,
  ContactListBodySchema,
  ContactListResponseSchema,
  EnterpriseListEnvelopeSchema,
  EnterpriseListQuerySchema,
  EnterpriseQuerySchema,
  PersonnelListEnvelopeSchema,
  PersonnelListQuerySchema,
  PracticeAreaEnvelopeSchema,
} from '@ks/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { currentUser } from '../../platform/access.ts';
import { ok } from '../../platform/envelope.ts';
import type { MarketService } from './service.ts';

const admins = { access: { roles: ['M'] as const } };
/** An enterprise's own information, or any enterprise's for administrators. */
const enterprisesAndAdmins = { access: { roles: ['M', 'U'] as const } };

/**
 * The market routes (spec 001 §7 `/ks/basic` enterprise lookups and `/ks/individual/practice-area`,
 * spec 000 §7 the contact list).
 */
export const marketRoutes: FastifyPluginAsyncZod<{ market: MarketService }> = async (app, { market }) => {
  const tags = ['market'];

  app.get(
    '/ks/basic/enterprises',
    {
      config: admins,
      schema: {
        tags,
        summary: '企业信息库（企业列表）',
        querystring: EnterpriseListQuerySchema,
        response: { 200: EnterpriseListEnvelopeSchema },
      },
    },
    async (request) => ok(await market.enterprises(request.query)),
  );

  app.get(
    '/ks/basic/enterprise/info',
    {
      config: enterprisesAndAdmins,
      schema: {
        tags,
        summary: '企业信息（各部分及其审核状态）',
        querystring: EnterpriseQuerySchema,
        response: { 200: CompanyInfoEnvelopeSchema },
      },
    },
    async (request) => ok(await market.companyInfo(currentUser(request), request.query.id)),
  );

  // Spec 001 §7 names both paths; they answer the same.
  for (const url of ['/ks/basic/enterprise/branches', '/ks/basic/v1/enterprise/branches']) {
    app.get(
      url,
      {
        config: enterprisesAndAdmins,
        schema: {
          tags,
          summary: '企业的分支机构（审核通过的）',
          querystring: EnterpriseQuerySchema,
          response: { 200: BranchListEnvelopeSchema },
        },
      },
      async (request) => ok(await market.branches(currentUser(request), request.query.id)),
    );
  }

  app.post(
    '/ks/basic/contacts',
    {
      config: enterprisesAndAdmins,
      schema: {
        tags,
        summary: '企业联系人列表',
        body: ContactListBodySchema,
        response: { 200: ContactListResponseSchema },
      },
    },
    async (request) => ({
      status: 200 as const,
      result: await market.contacts(currentUser(request), request.body),
    }),
  );

  app.get(
    '/ks/basic/personnel',
    {
      config: enterprisesAndAdmins,
      schema: {
        tags,
        summary: '注册人员（企业：本企业的；管理员：全部）',
        querystring: PersonnelListQuerySchema,
        response: { 200: PersonnelListEnvelopeSchema },
      },
    },
    async (request) => ok(await market.personnel(currentUser(request), request.query)),
  );

  app.post(
    '/ks/individual/practice-area',
    {
      config: { access: 'session' as const },
      schema: { tags, summary: '本人各地区执业状态', response: { 200: PracticeAreaEnvelopeSchema } },
    },
    async (request) => ok(await market.practiceArea(currentUser(request))),
  );
};
