import {
  AttachCostFileBodySchema,
  type BidDocumentState,
  CostFileEnvelopeSchema,
  CostFileParamsSchema,
  CostProjectEnvelopeSchema,
  CostProjectListQuerySchema,
  CostProjectPageEnvelopeSchema,
  CostProjectParamsSchema,
  CostVersionQuerySchema,
  CreateCostProjectBodySchema,
  EmptyEnvelopeSchema,
  ParseDataBodySchema,
  ParseDataEnvelopeSchema,
  XmlAnalysisBodySchema,
  XmlAnalysisEnvelopeSchema,
} from '@ks/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { currentUser, type SessionUser } from '../../platform/access.ts';
import { ok } from '../../platform/envelope.ts';
import { CENTRE_AND_ENTERPRISES, CENTRE_ROLES } from './actions.ts';
import type { FileRow } from './repository.ts';
import type { CostFileService } from './service.ts';

/** Administrators manage every project; an enterprise uploads and reads its own bids; others get 403. */
const admins = { access: { roles: CENTRE_ROLES } };
const adminsAndEnterprises = { access: { roles: CENTRE_AND_ENTERPRISES } };

/**
 * Cost files (README of docs/cost-file): projects under /ks/analyse/cost-projects,
 * files under /ks/analyse/cost-files, the parse summary at /ks/analyse/xml_analysis and the cost
 * tree at /ks/file/detection/parse-data.
 */
export const fileAnalysisRoutes: FastifyPluginAsyncZod<{
  costs: CostFileService;
  /** The bid documents (decision 0052): parse-data's states name the bidder's document too. */
  bids?: {
    stateOf(user: SessionUser, id: string): Promise<BidDocumentState | null>;
    stateBesideCostFile(user: SessionUser, file: FileRow): Promise<BidDocumentState | null>;
  };
}> = async (app, { costs, bids }) => {
  const tags = ['file-analysis'];

  app.get(
    '/ks/analyse/cost-projects',
    {
      config: adminsAndEnterprises,
      schema: {
        tags,
        summary: 'Cost-check projects with the files the caller may see (an enterprise: its own bids)',
        querystring: CostProjectListQuerySchema,
        response: { 200: CostProjectPageEnvelopeSchema },
      },
    },
    async (request) => ok(await costs.listProjects(currentUser(request), request.query)),
  );

  app.post(
    '/ks/analyse/cost-projects',
    {
      config: admins,
      schema: {
        tags,
        summary: 'Create a cost-check project (xmId)',
        body: CreateCostProjectBodySchema,
        response: { 200: CostProjectEnvelopeSchema },
      },
    },
    async (request) =>
      ok(await costs.createProject(currentUser(request), request.body, request.ip), '保存成功'),
  );

  app.delete(
    '/ks/analyse/cost-projects/:id',
    {
      config: admins,
      schema: {
        tags,
        summary: 'Delete a project and its files (soft; optimistic locking by version)',
        params: CostProjectParamsSchema,
        querystring: CostVersionQuerySchema,
        response: { 200: EmptyEnvelopeSchema },
      },
    },
    async (request) => {
      await costs.deleteProject(currentUser(request), request.params.id, request.query.version, request.ip);
      return ok(null, '删除成功');
    },
  );

  app.post(
    '/ks/analyse/cost-files',
    {
      config: adminsAndEnterprises,
      schema: {
        tags,
        summary: 'Attach an uploaded XML file to a project by kind; its parse job is enqueued',
        body: AttachCostFileBodySchema,
        response: { 200: CostFileEnvelopeSchema },
      },
    },
    async (request) => ok(await costs.attachFile(currentUser(request), request.body, request.ip), '上传成功'),
  );

  app.delete(
    '/ks/analyse/cost-files/:id',
    {
      config: adminsAndEnterprises,
      schema: {
        tags,
        summary: 'Delete a cost file (soft): administrators any, an enterprise its own bid',
        params: CostFileParamsSchema,
        response: { 200: EmptyEnvelopeSchema },
      },
    },
    async (request) => {
      await costs.deleteFile(currentUser(request), request.params.id, request.ip);
      return ok(null, '删除成功');
    },
  );

  app.post(
    '/ks/analyse/cost-files/:id/parse',
    {
      config: admins,
      schema: {
        tags,
        summary: 'Parse a cost file again (enqueues the parse job)',
        params: CostFileParamsSchema,
        response: { 200: EmptyEnvelopeSchema },
      },
    },
    async (request) => {
      await costs.requestParse(currentUser(request), request.params.id, request.ip);
      return ok(null, '已开始重新解析');
    },
  );

  app.post(
    '/ks/analyse/xml_analysis',
    {
      config: adminsAndEnterprises,
      schema: {
        tags,
        summary: 'The parse summary of a cost file: layout, tax method, counts, totals, state or error',
        body: XmlAnalysisBodySchema,
        response: { 200: XmlAnalysisEnvelopeSchema },
      },
    },
    async (request) => ok(await costs.analysis(currentUser(request), request.body.id)),
  );

  app.post(
    '/ks/file/detection/parse-data',
    {
      config: adminsAndEnterprises,
      schema: {
        tags,
        summary:
          'The cost tree of a file (data.list, a page of rows in document order) and its states; for a bid document, its detection state',
        body: ParseDataBodySchema,
        response: { 200: ParseDataEnvelopeSchema },
      },
    },
    async (request) => {
      const user = currentUser(request);
      const bidDocument = bids ? await bids.stateOf(user, request.body.id) : null;
      if (bidDocument) return ok(await costs.bidDocumentParseData(bidDocument, request.body));
      return ok(
        await costs.parseData(
          user,
          request.body,
          bids ? (file) => bids.stateBesideCostFile(user, file) : undefined,
        ),
      );
    },
  );
};
