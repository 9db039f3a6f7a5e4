import {
  type ApprovedEstimate,
  ApprovedEstimateEnvelopeSchema,
  ApprovedEstimateQuerySchema,
  type BidDocumentState,
  CheckNodesBodySchema,
  CheckNodesEnvelopeSchema,
  CostRuleSetEnvelopeSchema,
  CostRuleVersionQuerySchema,
  CostRuleVersionsEnvelopeSchema,
  DetectionStatusBodySchema,
  DetectionStatusEnvelopeSchema,
  ERROR_CODES,
  FindFindingsBodySchema,
  FindingPageEnvelopeSchema,
  PublishedControlPriceBodySchema,
  PublishedControlPriceEnvelopeSchema,
  type SaveApprovedEstimateBody,
  SaveApprovedEstimateBodySchema,
  SaveCostRulesBodySchema,
  StartCostCheckBodySchema,
  StartCostCheckEnvelopeSchema,
} from '@ks/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { currentUser, type SessionUser } from '../../platform/access.ts';
import { ok } from '../../platform/envelope.ts';
import { AppError } from '../../platform/errors.ts';
import * as costFiles from '../file-analysis/public.ts';
import type { CostRulesService } from './rules-service.ts';
import type { CostCheckService } from './service.ts';
import { findingsWorkbook } from './xlsx.ts';

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
const attachment = (fileName: string) =>
  `attachment; filename="${encodeURIComponent(fileName)}"; filename*=UTF-8''${encodeURIComponent(fileName)}`;

const tags = ['file-detection'];
const administrators = { access: { roles: costFiles.CENTRE_ROLES } };
/** Administrators see every file's result; an enterprise only its own bid's (the service decides). */
const readers = { access: { roles: costFiles.CENTRE_AND_ENTERPRISES } };

/**
 * The cost-file check: start, state, findings, export, and the rule
 * configuration administrators keep. The path of the check call is ours (the spec does not show
 * it): `POST /ks/file/detection/cost-check`.
 */
export const costCheckRoutes: FastifyPluginAsyncZod<{
  checks: CostCheckService;
  rules: CostRulesService;
  /** The project's approved estimate, the cost files module's (C18 holds the control price to it). */
  estimates: {
    find(xmId: string): Promise<ApprovedEstimate>;
    save(user: SessionUser, body: SaveApprovedEstimateBody, ip: string): Promise<ApprovedEstimate>;
  };
  /** The caller's visible bid documents of a project (decision 0052); none when not given. */
  bidStates?: (user: SessionUser, xmId: string) => Promise<BidDocumentState[]>;
}> = async (app, { checks, rules, estimates, bidStates }) => {
  app.post(
    '/ks/file/detection/cost-check',
    {
      config: administrators,
      schema: {
        tags,
        summary: 'Start the cost-file check of a project (xmId): a durable job; answers at once',
        body: StartCostCheckBodySchema,
        response: { 200: StartCostCheckEnvelopeSchema },
      },
    },
    async (request) => ok(await checks.start(currentUser(request), request.body, request.ip)),
  );

  app.post(
    '/ks/file/detection/status',
    {
      config: readers,
      schema: {
        tags,
        summary: "The detection state of a project and of each of its files (an enterprise: its own bids')",
        body: DetectionStatusBodySchema,
        response: { 200: DetectionStatusEnvelopeSchema },
      },
    },
    async (request) => {
      const user = currentUser(request);
      // A missing project is the check's own 404 below, with its message.
      const bids = bidStates
        ? await bidStates(user, request.body.xmId).catch((error: unknown) => {
            if (error instanceof AppError && error.code === ERROR_CODES.NOT_FOUND) return [];
            throw error;
          })
        : [];
      return ok(await checks.status(user, request.body.xmId, bids));
    },
  );

  app.post(
    '/ks/file/detection/cost-check/findings',
    {
      config: readers,
      schema: {
        tags,
        summary: 'Findings of the current result, by file, rule, severity and node',
        body: FindFindingsBodySchema,
        response: { 200: FindingPageEnvelopeSchema },
      },
    },
    async (request) => ok(await checks.findings(currentUser(request), request.body)),
  );

  app.post(
    '/ks/file/detection/cost-check/nodes',
    {
      config: readers,
      schema: {
        tags,
        summary: "A file's summary tree (rows) with each node's findings counted",
        body: CheckNodesBodySchema,
        response: { 200: CheckNodesEnvelopeSchema },
      },
    },
    async (request) => ok(await checks.nodes(currentUser(request), request.body)),
  );

  app.post(
    '/ks/file/detection/control-price',
    {
      config: readers,
      schema: {
        tags,
        summary:
          "The published control price: total and each unit's F, C, Q, G, S (administrators, the bidders)",
        body: PublishedControlPriceBodySchema,
        response: { 200: PublishedControlPriceEnvelopeSchema },
      },
    },
    async (request) => ok(await checks.publishedControlPrice(currentUser(request), request.body.xmId)),
  );

  app.post(
    '/ks/file/detection/cost-check/findings/export',
    {
      config: readers,
      schema: {
        tags,
        summary: 'The filtered findings as an xlsx download',
        body: FindFindingsBodySchema.omit({ curPage: true, pageSize: true }),
      },
    },
    async (request, reply) => {
      const { run, findings } = await checks.exportFindings(currentUser(request), request.body);
      const project = await costFiles.projectOf(app.db, request.body.xmId);
      const name = project?.name ?? '项目';
      const buffer = await findingsWorkbook(name, run, findings);
      return reply
        .header('content-type', XLSX)
        .header('content-disposition', attachment(`${name}-造价文件检测结果.xlsx`))
        .header('cache-control', 'private, no-store')
        .send(buffer);
    },
  );

  app.get(
    '/ks/file/detection/cost-rules',
    {
      config: administrators,
      schema: {
        tags,
        summary: 'A version of the rule configuration (the newest without `version`)',
        querystring: CostRuleVersionQuerySchema,
        response: { 200: CostRuleSetEnvelopeSchema },
      },
    },
    async (request) => ok(await rules.find(request.query.version)),
  );

  app.get(
    '/ks/file/detection/cost-rules/versions',
    {
      config: administrators,
      schema: {
        tags,
        summary: 'Every saved version, newest first',
        response: { 200: CostRuleVersionsEnvelopeSchema },
      },
    },
    async () => ok(await rules.versions()),
  );

  app.post(
    '/ks/file/detection/cost-rules',
    {
      config: administrators,
      schema: {
        tags,
        summary: 'Save the rule configuration as a new version (old versions stay read-only)',
        body: SaveCostRulesBodySchema,
        response: { 200: CostRuleSetEnvelopeSchema },
      },
    },
    async (request) => ok(await rules.save(currentUser(request), request.body, request.ip), '保存成功'),
  );

  app.get(
    '/ks/file/detection/approved-estimate',
    {
      config: administrators,
      schema: {
        tags,
        summary: "A project's approved estimate (批准的概算), which C18 holds its control price to",
        querystring: ApprovedEstimateQuerySchema,
        response: { 200: ApprovedEstimateEnvelopeSchema },
      },
    },
    async (request) => ok(await estimates.find(request.query.xmId)),
  );

  app.put(
    '/ks/file/detection/approved-estimate',
    {
      config: administrators,
      schema: {
        tags,
        summary: "Set or clear a project's approved estimate (the project's owner); a stale version is 409",
        body: SaveApprovedEstimateBodySchema,
        response: { 200: ApprovedEstimateEnvelopeSchema },
      },
    },
    async (request) => ok(await estimates.save(currentUser(request), request.body, request.ip), '保存成功'),
  );
};
