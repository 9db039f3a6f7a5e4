import {
  AuditOrgEnvelopeSchema,
  AuditOrgIdQuerySchema,
  AuditOrgListEnvelopeSchema,
  CATALOGUE_DELETED_MESSAGE,
  CATALOGUE_SAVED_MESSAGE,
  CreateAuditOrgBodySchema,
  EmptyEnvelopeSchema,
  FUNCTIONS_SAVED_MESSAGE,
  FunctionListBodySchema,
  FunctionListEnvelopeSchema,
  FunctionNodeListEnvelopeSchema,
  FunctionNodesBodySchema,
  NodeAuthorityEnvelopeSchema,
  NodeAuthorityQuerySchema,
  ReviewerListEnvelopeSchema,
  ReviewersQuerySchema,
  SaveFunctionsBodySchema,
  UpdateAuditOrgBodySchema,
} from '@ks/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { currentUser } from '../../platform/access.ts';
import { ok } from '../../platform/envelope.ts';
import type { AuthorityService } from './service.ts';

/**
 * Reviewer organisations (/ks/authority/audit/audit-orgs) and node function authority
 * (loaded and saved per node: functions, save-functions,
 * function-nodes, function-list). Developers and administrators manage both.
 */
export const authorityRoutes: FastifyPluginAsyncZod<{ authority: AuthorityService }> = async (
  app,
  { authority },
) => {
  const tags = ['authority'];
  const config = { access: { roles: ['D' as const, 'M' as const] } };

  const orgs = '/ks/authority/audit/audit-orgs';
  app.get(
    orgs,
    {
      config,
      schema: {
        tags,
        summary: 'Reviewer organisations with their members',
        response: { 200: AuditOrgListEnvelopeSchema },
      },
    },
    async () => ok(await authority.findAuditOrgs()),
  );
  app.post(
    orgs,
    {
      config,
      schema: {
        tags,
        summary: 'Create a reviewer organisation; members are live administrators',
        body: CreateAuditOrgBodySchema,
        response: { 200: AuditOrgEnvelopeSchema },
      },
    },
    async (request) =>
      ok(
        await authority.createAuditOrg(currentUser(request), request.body, request.ip),
        CATALOGUE_SAVED_MESSAGE,
      ),
  );
  app.put(
    orgs,
    {
      config,
      schema: {
        tags,
        summary: "Change a reviewer organisation's name and members over the version loaded",
        body: UpdateAuditOrgBodySchema,
        response: { 200: AuditOrgEnvelopeSchema },
      },
    },
    async (request) =>
      ok(
        await authority.updateAuditOrg(currentUser(request), request.body, request.ip),
        CATALOGUE_SAVED_MESSAGE,
      ),
  );
  app.delete(
    orgs,
    {
      config,
      schema: {
        tags,
        summary: 'Delete a reviewer organisation no audit flow names',
        querystring: AuditOrgIdQuerySchema,
        response: { 200: EmptyEnvelopeSchema },
      },
    },
    async (request) => {
      await authority.deleteAuditOrg(currentUser(request), request.query.id, request.ip);
      return ok(null, CATALOGUE_DELETED_MESSAGE);
    },
  );
  app.get(
    '/ks/authority/audit/reviewers',
    {
      config,
      schema: {
        tags,
        summary: 'Live administrators for reviewer pickers; keyword matches name or account',
        querystring: ReviewersQuerySchema,
        response: { 200: ReviewerListEnvelopeSchema },
      },
    },
    async (request) => ok(await authority.findReviewers(request.query.keyword)),
  );

  app.get(
    '/ks/authority/v1/node/functions',
    {
      config,
      schema: {
        tags,
        summary: "A node's offered functions, their grants and the roles that see it in the menu",
        querystring: NodeAuthorityQuerySchema,
        response: { 200: NodeAuthorityEnvelopeSchema },
      },
    },
    async (request) => ok(await authority.getNodeAuthority(request.query.nodeId)),
  );
  app.put(
    '/ks/authority/v1/node/save-functions',
    {
      config,
      schema: {
        tags,
        summary: "Replace a node's function grants and menu roles over the version loaded",
        body: SaveFunctionsBodySchema,
        response: { 200: NodeAuthorityEnvelopeSchema },
      },
    },
    async (request) =>
      ok(
        await authority.saveFunctions(currentUser(request), request.body, request.ip),
        FUNCTIONS_SAVED_MESSAGE,
      ),
  );
  app.post(
    '/ks/config/new/node/function-nodes',
    {
      config,
      schema: {
        tags,
        summary: "A system's nodes with their offered functions and whether their authority is customised",
        body: FunctionNodesBodySchema,
        response: { 200: FunctionNodeListEnvelopeSchema },
      },
    },
    async (request) => ok(await authority.findFunctionNodes(request.body.systemCoding)),
  );
  app.post(
    '/ks/config/new/node/function-list',
    {
      config,
      schema: {
        tags,
        summary: "A node's offered functions with their labels",
        body: FunctionListBodySchema,
        response: { 200: FunctionListEnvelopeSchema },
      },
    },
    async (request) => ok(await authority.findFunctionList(request.body.nodeId)),
  );
};
