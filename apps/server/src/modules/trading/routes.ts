import {
  ProjectEnvelopeSchema,
  ProjectIdParamsSchema,
  ProjectListEnvelopeSchema,
  ProjectListQuerySchema,
  ProjectReviewBodySchema,
  ProjectSaveBodySchema,
  ProjectVersionBodySchema,
  SectionAttachmentsBodySchema,
  SectionFileListEnvelopeSchema,
  SectionRefSchema,
  SectionStatusEnvelopeSchema,
  UpdatePrincipalBodySchema,
} from '@ks/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { currentUser } from '../../platform/access.ts';
import { ok } from '../../platform/envelope.ts';
import type { TradingService } from './service.ts';

/**
 * The trading routes (decision 0073). Centre (M) and enterprise (U) accounts may call them; the
 * service decides per project by the caller's side, and refuses supervisors every write.
 */
export const tradingRoutes: FastifyPluginAsyncZod<{ trading: TradingService }> = async (app, { trading }) => {
  const tags = ['trading'];
  const config = { access: { roles: ['M', 'U'] as const } };

  app.get(
    '/ks/trade/records',
    {
      config,
      schema: {
        tags,
        summary: 'The projects the caller may see (parties their own; the centre and supervisors all)',
        querystring: ProjectListQuerySchema,
        response: { 200: ProjectListEnvelopeSchema },
      },
    },
    async (request) => ok(await trading.list(currentUser(request), request.query)),
  );

  app.get(
    '/ks/trade/records/:id',
    {
      config,
      schema: {
        tags,
        summary: 'A project with its sections, history, the caller side and buttons',
        params: ProjectIdParamsSchema,
        response: { 200: ProjectEnvelopeSchema },
      },
    },
    async (request) => ok(await trading.detail(currentUser(request), request.params.id)),
  );

  app.post(
    '/ks/xmrc/v1/bd/save',
    {
      config,
      schema: {
        tags,
        summary: 'Enter a project with its bid sections, or edit a draft or returned one',
        body: ProjectSaveBodySchema,
        response: { 200: ProjectEnvelopeSchema },
      },
    },
    async (request) =>
      ok(await trading.save(currentUser(request), request.body, { ip: request.ip }), '保存成功'),
  );

  app.get(
    '/ks/xmrc/v1/bd-files',
    {
      config,
      schema: {
        tags,
        summary: "A bid section's attachments",
        querystring: SectionRefSchema,
        response: { 200: SectionFileListEnvelopeSchema },
      },
    },
    async (request) => ok(await trading.files(currentUser(request), request.query.sectionId)),
  );

  app.post(
    '/ks/xmrc/v1/bd/attachments',
    {
      config,
      schema: {
        tags,
        summary: "Set a bid section's attachments to the listed uploaded files",
        body: SectionAttachmentsBodySchema,
        response: { 200: SectionFileListEnvelopeSchema },
      },
    },
    async (request) =>
      ok(await trading.setFiles(currentUser(request), request.body, { ip: request.ip }), '保存成功'),
  );

  app.post(
    '/ks/trade/submit',
    {
      config,
      schema: {
        tags,
        summary: 'Submit an entered project for the centre’s approval',
        body: ProjectVersionBodySchema,
        response: { 200: ProjectEnvelopeSchema },
      },
    },
    async (request) =>
      ok(await trading.submit(currentUser(request), request.body, { ip: request.ip }), '提交成功'),
  );

  app.post(
    '/ks/trade/review',
    {
      config,
      schema: {
        tags,
        summary: 'The centre approves a submitted project or returns it with the reason',
        body: ProjectReviewBodySchema,
        response: { 200: ProjectEnvelopeSchema },
      },
    },
    async (request) =>
      ok(await trading.review(currentUser(request), request.body, { ip: request.ip }), '操作成功'),
  );

  app.post(
    '/ks/trade/update-principal',
    {
      config,
      schema: {
        tags,
        summary: "Change a project's responsible person, with the reason kept in its history",
        body: UpdatePrincipalBodySchema,
        response: { 200: ProjectEnvelopeSchema },
      },
    },
    async (request) =>
      ok(await trading.updatePrincipal(currentUser(request), request.body, { ip: request.ip }), '变更成功'),
  );

  app.post(
    '/ks/trade/buttons',
    {
      config,
      schema: {
        tags,
        summary: "A section's state and the caller's buttons, from the rules the writes check",
        body: SectionRefSchema,
        response: { 200: SectionStatusEnvelopeSchema },
      },
    },
    async (request) => ok(await trading.status(currentUser(request), request.body.sectionId)),
  );

  app.get(
    '/ks/trade/overview-status',
    {
      config,
      schema: {
        tags,
        summary: "A section's state and the caller's side and buttons",
        querystring: SectionRefSchema,
        response: { 200: SectionStatusEnvelopeSchema },
      },
    },
    async (request) => ok(await trading.status(currentUser(request), request.query.sectionId)),
  );
};
